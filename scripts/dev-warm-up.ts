/**
 * Readies `next dev` for a launch. It compiles each route on its first request, and a fresh clone's first launch
 * waited for the compiles: the gateway gave up on the token exchange after its time-out (504), and the launch code
 * (30 s) could expire before the callback was compiled. So before Launch is offered, every route a launch walks is
 * requested once: requests that change nothing (a malformed body, no code, a session cookie that is no session), so
 * each is answered 400 or 401, compiled by then. Only the local add-on ever sees the API key sent here.
 */
import { SESSION_COOKIE } from '@/lib/owners/sessions/cookie-name';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a launch walks: the gateway's two calls, the browser's callback, the main screen and a company's pages. */
function launchRoutes(apiKey: string): { path: string; init: RequestInit }[] {
  const gatewayCall: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Plugin-Api-Key': apiKey },
    body: '{}',
  };
  // The proxy lets a page through when the cookie is there; the page itself then finds no session (401).
  const noSession: RequestInit = { headers: { Cookie: `${SESSION_COOKIE}=warm-up` }, redirect: 'manual' };
  return [
    { path: '/api/auth/token-exchange', init: gatewayCall },
    { path: '/api/auth/token-delivery', init: gatewayCall },
    { path: '/auth/callback', init: { redirect: 'manual' } },
    { path: '/', init: noSession },
    { path: '/companies/1', init: noSession },
  ];
}

/**
 * Requests `path` until the server answers at all: while `next dev` is still starting the connection is refused, and
 * any answer, whatever its status, means the route is compiled.
 */
async function requestOnce(base: string, path: string, init: RequestInit): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(`${base}${path}`, init);
      await response.body?.cancel();
      return response.status;
    } catch {
      await pause(500);
    }
  }
}

/** Resolves once `next dev` at `base` (its local address) has compiled every route of a launch. */
export async function warmLaunchRoutes(base: string, apiKey: string): Promise<void> {
  // One after another: on a small machine parallel compiles only compete for the same cores.
  for (const { path, init } of launchRoutes(apiKey)) await requestOnce(base, path, init);
}

/** Tells the sandbox (started with SANDBOX_AWAIT_ADDON=1) that Launch may be offered; waits until it listens. */
export async function offerLaunch(sandboxOrigin: string): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`${sandboxOrigin}/admin/addon-ready`, { method: 'POST' });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {}
    await pause(500);
  }
}
