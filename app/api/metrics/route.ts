import { otherMethods } from '@/lib/platform/http/other-methods';
import { getEnv } from '@/lib/platform/env';
import { getDb } from '@/lib/platform/db/client';
import { matchesAnySecret } from '@/lib/platform/crypto/digest';
import { errorResponse } from '@/lib/base/errors';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';
import { getLogger } from '@/lib/platform/log';
import { metricsText } from '@/lib/features/metrics/scrape';

export const dynamic = 'force-dynamic';

/** `Authorization: Bearer <token>`: the token, or null. */
function bearerOf(request: Request): string | null {
  return /^Bearer +(\S+) *$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

/**
 * This instance's metrics in the Prometheus text format, for the operators' Prometheus only: without METRICS_TOKEN
 * the address does not exist (404, like any unknown /api address); otherwise the bearer token is compared in
 * constant time (a digest of each side), and anything else is 401 in the one error shape. Successful scrapes are not
 * logged (Prometheus calls every few seconds); refusals are, by reason code only.
 */
export async function GET(request: Request) {
  const expected = getEnv().metricsToken;
  if (!expected) return withRouteHeaders(errorResponse('not_found'));
  const presented = bearerOf(request);
  if (!presented || !matchesAnySecret(presented, [expected])) {
    getLogger().warn(
      { endpoint: 'metrics', status: 401, reason: presented ? 'token_wrong' : 'token_missing' },
      'metrics refused',
    );
    return withRouteHeaders(errorResponse('unauthorized', { 'WWW-Authenticate': 'Bearer' }));
  }
  const { body, contentType } = await metricsText(getDb);
  return withRouteHeaders(new Response(body, { headers: { 'Content-Type': contentType } }));
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET, HEAD');
