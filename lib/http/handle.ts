import 'server-only';
import { describeError, getLogger } from '@/lib/log';
import { getEnv } from '@/lib/env';
import { failureJson, failureOf, type Failure } from '@/lib/http/failure';
import { routeSecurityHeaders } from '@/lib/http/security-headers';
import { countRequest } from '@/lib/metrics/record';

/** Fields of the one log line a request writes. Only outcomes, counts and fingerprints: never a secret. */
export type RequestLog = { reason?: string } & Record<string, string | number | boolean | string[] | undefined>;

/** How a failure is shown to this endpoint's caller: the one JSON error shape, or a page for a person. */
export type FailureRenderer = (failure: Failure) => Response;

/** Adds the route handlers' security headers to an answer, keeping any the handler set itself. */
export function withRouteHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(routeSecurityHeaders(getEnv().frameAncestors))) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/**
 * Runs one request of the endpoints outside the company pages (the broker's, the callback, the consent's return,
 * webhooks): maps every thrown error through the one mapping (lib/http/failure.ts) to the one error shape (or the
 * renderer's page), adds the security headers (`no-store` among them), and writes exactly one log line with the
 * outcome and a reason code.
 */
export async function handleRequest(
  endpoint: string,
  run: (log: RequestLog) => Promise<Response>,
  renderFailure: FailureRenderer = (failure) => failureJson(failure),
): Promise<Response> {
  const started = performance.now();
  const log: RequestLog = {};
  let response: Response;
  try {
    response = await run(log);
  } catch (error) {
    const failure = failureOf(error);
    log.reason = failure.reason;
    if (failure.unexpected) getLogger().error({ endpoint, err: describeError(error) }, 'unexpected error');
    response = renderFailure(failure);
  }
  withRouteHeaders(response);
  countRequest(endpoint, response.status, log);
  getLogger().info(
    {
      endpoint,
      status: response.status,
      reason: log.reason ?? 'ok',
      ...log,
      ms: Math.round(performance.now() - started),
    },
    'auth request',
  );
  return response;
}
