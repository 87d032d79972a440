import type { Fetch } from './http';

/**
 * The gateway's and the browser's half of a launch, as fast as `concurrency` clients can go: POST the launch JWT
 * to /api/auth/token-exchange (200 with a launch code), then GET /auth/callback?code=… without following the
 * redirect (302 with the session cookie). Every request is cut off after REQUEST_TIMEOUT_MS so the run is bounded.
 */
const REQUEST_TIMEOUT_MS = 10_000;

export type LoadOptions = {
  fetch: Fetch;
  baseUrl: string;
  apiKey: string;
  /** One pre-signed JWT per launch (each has its own jti: a JWT is accepted once). */
  tokens: readonly string[];
  concurrency: number;
  maxDurationMs: number;
  /** Aborting stops the clients and cuts off the requests in flight (Ctrl-C). */
  signal?: AbortSignal;
};

export type LoadResult = {
  attempted: number;
  succeeded: number;
  failed: number;
  elapsedMs: number;
  /** Latency of every answered request (also error answers), headers and body read, in ms. */
  exchangeMs: number[];
  callbackMs: number[];
  /** e.g. `token-exchange 200`, `callback 302`, `callback network error`. */
  statuses: Record<string, number>;
};

export async function runLaunches(options: LoadOptions): Promise<LoadResult> {
  const { fetch, baseUrl, apiKey, tokens } = options;
  const stop = options.signal ?? new AbortController().signal;
  const result: LoadResult = {
    attempted: 0,
    succeeded: 0,
    failed: 0,
    elapsedMs: 0,
    exchangeMs: [],
    callbackMs: [],
    statuses: {},
  };
  const count = (key: string) => (result.statuses[key] = (result.statuses[key] ?? 0) + 1);

  /** One request, timed; null when it got no answer at all. */
  async function timed(endpoint: string, url: string, init: RequestInit, into: number[]) {
    const started = performance.now();
    try {
      const response = await fetch(url, {
        ...init,
        signal: AbortSignal.any([stop, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      const body = await response.text(); // read fully: the connection goes back to the pool only then
      into.push(performance.now() - started);
      count(`${endpoint} ${response.status}`);
      return { status: response.status, body };
    } catch {
      count(`${endpoint} network error`);
      return null;
    }
  }

  async function launch(token: string): Promise<boolean> {
    const exchange = await timed(
      'token-exchange',
      `${baseUrl}/api/auth/token-exchange`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-plugin-api-key': apiKey },
        body: JSON.stringify({ token }),
      },
      result.exchangeMs,
    );
    if (exchange?.status !== 200) return false;
    let code: unknown;
    try {
      code = (JSON.parse(exchange.body) as { launchCode?: unknown }).launchCode;
    } catch {
      code = undefined;
    }
    if (typeof code !== 'string') {
      count('token-exchange 200 without launchCode');
      return false;
    }
    const callback = await timed(
      'callback',
      `${baseUrl}/auth/callback?code=${encodeURIComponent(code)}`,
      { redirect: 'manual' },
      result.callbackMs,
    );
    return callback?.status === 302;
  }

  const started = performance.now();
  const stopAt = started + options.maxDurationMs;
  let next = 0;
  // Each client takes the next unused JWT until they run out or time is up: the loop is bounded both ways.
  const client = async () => {
    while (next < tokens.length && performance.now() < stopAt && !stop.aborted) {
      const token = tokens[next++] as string;
      result.attempted++;
      if (await launch(token)) result.succeeded++;
      else result.failed++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  result.elapsedMs = performance.now() - started;
  return result;
}
