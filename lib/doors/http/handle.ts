import 'server-only';
import { describeError, getLogger, type RequestLog } from '@/lib/platform/log';
import { failureJson, failureOf, type Failure } from '@/lib/platform/http/failure';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';
import { countRequest } from '@/lib/owners/ops/counters';

/** How a failure is shown to this endpoint's caller: the one JSON error shape, or a page for a person. */
export type FailureRenderer = (failure: Failure) => Response;

/**
 * Runs one request of the endpoints outside the company pages (the broker's, the callback, the consent's return,
 * webhooks): maps every thrown error through the one mapping (lib/platform/http/failure.ts) to the one error shape (or the
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
