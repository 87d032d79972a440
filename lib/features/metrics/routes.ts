import 'server-only';

import { errorResponse } from '@/lib/base/errors';
import { metricsText } from '@/lib/features/metrics/scrape';
import { requestEnded } from '@/lib/owners/ops/requests';
import { matchesAnySecret } from '@/lib/platform/crypto/digest';
import { getDb } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

/** `Authorization: Bearer <token>`: the token, or null. */
function bearerOf(request: Request): string | null {
  return /^Bearer +(\S+) *$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

/**
 * The door of the operators' Prometheus (GET /api/metrics): without METRICS_TOKEN the address does not exist (404,
 * like any unknown /api address); otherwise the bearer token is compared in constant time (a digest of each side),
 * and anything else is 401 in the one error shape. A refusal writes the one request line, by reason code only;
 * successful scrapes write none (Prometheus calls every few seconds).
 */
export async function answerScrape(request: Request): Promise<Response> {
  const started = performance.now();
  const expected = getEnv().metricsToken;
  if (!expected) return withRouteHeaders(errorResponse('not_found'));
  const presented = bearerOf(request);
  if (!presented || !matchesAnySecret(presented, [expected])) {
    const response = withRouteHeaders(errorResponse('unauthorized', { 'WWW-Authenticate': 'Bearer' }));
    const reason = presented ? 'token_wrong' : 'token_missing';
    requestEnded({ endpoint: 'metrics', method: request.method, status: 401, started, log: { reason } });
    return response;
  }
  const { body, contentType } = await metricsText(getDb);
  return withRouteHeaders(new Response(body, { headers: { 'Content-Type': contentType } }));
}

/** The metrics address, taken whole by its route file (app/api/metrics/route.ts). */
export const metricsAddress = {
  ...otherMethods('GET, HEAD'),
  GET: async (request: Request) => answerScrape(request),
};
