import 'server-only';

import { requestEnded } from '@/lib/owners/ops/requests';
import { type Db, getDb } from '@/lib/platform/db/client';
import { type Failure, failureJson, failureOf } from '@/lib/platform/http/failure';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';
import type { RequestLog } from '@/lib/platform/log';

/** How a failure is shown to this endpoint's caller: the one JSON error shape, or a page for a person. */
export type FailureRenderer = (failure: Failure) => Response;

/** The endpoint's name for the log line and the metrics, and the request (its method goes to the line). */
export type RequestAt = { endpoint: string; request: Request };

/**
 * Our database, opened when the work first asks for it: an answer that needs none (a prefetch, a malformed code)
 * does not wait for it, nor fail when it cannot be reached.
 */
export type OpenDb = () => Promise<Db>;

/**
 * Runs one request of the endpoints outside the company pages (the broker's, the callback, the consent's return,
 * webhooks): hands the work its log fields and our database, maps every thrown error through the one mapping
 * (lib/platform/http/failure.ts) to the one error shape (or the renderer's page), adds the security headers
 * (`no-store` among them), and ends with the one request line and its count (lib/owners/ops/requests.ts).
 */
export async function handleRequest(
  { endpoint, request }: RequestAt,
  run: (log: RequestLog, db: OpenDb) => Promise<Response>,
  renderFailure: FailureRenderer = (failure) => failureJson(failure),
): Promise<Response> {
  const started = performance.now();
  const log: RequestLog = {};
  let response: Response;
  let unexpected: { error: unknown } | undefined;
  try {
    response = await run(log, getDb);
  } catch (error) {
    const failure = failureOf(error);
    log.reason = failure.reason;
    if (failure.unexpected) unexpected = { error };
    response = renderFailure(failure);
  }
  withRouteHeaders(response);
  requestEnded({ endpoint, method: request.method, status: response.status, started, log, unexpected });
  return response;
}
