/**
 * Whether the sandbox offers Launch yet. `npm run dev` starts the sandbox beside `next dev`, which compiles each route
 * on its first request: a fresh clone's first token exchange took longer than the gateway waits (5 s; the real
 * gateway waits as long as its TokenExchangeTimeoutSeconds, 1 to 300), so the first Launch failed with 504. There the
 * sandbox starts waiting (SANDBOX_AWAIT_ADDON=1) and the dev runner (scripts/dev.ts) tells it, by POST
 * /admin/addon-ready, once it has made the add-on compile every route a launch walks. The gateway's time-out stays
 * what it is; anywhere else (`npm run sandbox`, the tests) the add-on counts as ready from the start.
 */
export interface AddonReadiness {
  ready(): boolean;
  markReady(): void;
}

export function createAddonReadiness(awaitAddon: boolean): AddonReadiness {
  let ready = !awaitAddon;
  return {
    ready: () => ready,
    markReady: () => {
      ready = true;
    },
  };
}
