import type { Frame, Page, Request } from 'playwright-core';

/**
 * What a page in the browser makes the add-on's server do, seen from the browser: every request to the add-on's
 * origin that is not a static file (Next's build output, the icon), each with what kind of work it asks for. A static
 * file costs the server nothing worth counting; a document, an RSC request (a server render of a page for the
 * client router) or a JSON look is a request through the company door. Shared by the browser test of the lists
 * (tests/e2e/list-requests.test.ts) and `npm run bench:browser` (bench/browser-views.ts).
 */

/** `document`: a page loaded whole; `prefetch`: an RSC render asked for ahead, unasked; `rsc`: a client navigation. */
export type ServerRequestKind = 'document' | 'prefetch' | 'rsc' | 'other';
export type ServerRequest = { kind: ServerRequestKind; path: string };

const STATIC = [/^\/_next\/static\//, /^\/_next\/image/, /^\/icon\.svg$/, /^\/favicon\.ico$/];

/** The request's kind and its address (path and query, without Next's `_rsc` cache key), or null for a static file. */
export async function serverRequestOf(request: Request, origin: string): Promise<ServerRequest | null> {
  const url = new URL(request.url());
  if (url.origin !== origin || STATIC.some((pattern) => pattern.test(url.pathname))) return null;
  url.searchParams.delete('_rsc');
  const path = url.pathname + url.search;
  if (request.isNavigationRequest()) return { kind: 'document', path };
  const headers = await request.allHeaders();
  if (headers['next-router-prefetch']) return { kind: 'prefetch', path };
  if (headers.rsc) return { kind: 'rsc', path };
  return { kind: 'other', path };
}

/** How long the network must be quiet for a page to count as settled: Playwright's `networkidle` window. */
const QUIET_MS = 500;

export type RequestRecorder = {
  /** The server requests made so far (static files left out). */
  requests: () => Promise<ServerRequest[]>;
  /**
   * Waits until `frame`'s page is hydrated (React has taken over its links: only then does Next's router fetch
   * anything of its own) and then no request of the page is in flight for 500 ms; false when that is not so within
   * `timeoutMs`. Playwright's `networkidle` alone may come before the hydration on a loaded machine, and so before
   * the first prefetch.
   */
  settled: (frame: Frame, timeoutMs: number) => Promise<boolean>;
  stop: () => void;
};

/** Every request the page (its frames included) makes from now on, and whether its network is quiet. */
export function recordServerRequests(page: Page, origin: string): RequestRecorder {
  // Classified as each is sent (its headers are read asynchronously), in the order they were sent.
  const pending: Promise<ServerRequest | null>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const sent = (request: Request) => {
    inFlight += 1;
    lastActivity = Date.now();
    pending.push(serverRequestOf(request, origin).catch(() => null));
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', sent);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const hydrated = () => {
    const link = document.querySelector('a[href]');
    return !link || Object.keys(link).some((key) => key.startsWith('__reactFiber'));
  };
  return {
    requests: async () => (await Promise.all(pending)).filter((each): each is ServerRequest => each !== null),
    settled: async (frame, timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      try {
        await frame.waitForFunction(hydrated, undefined, { timeout: timeoutMs });
      } catch {
        return false;
      }
      while (Date.now() < deadline) {
        if (inFlight === 0 && Date.now() - lastActivity >= QUIET_MS) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
    stop: () => {
      page.off('request', sent);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}
