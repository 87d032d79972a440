import 'server-only';
import { errorResponse } from '@/lib/base/errors';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

/**
 * Answers for the methods a route handler does not take. Next would answer them itself (405, and 204 for OPTIONS)
 * without our security headers; these carry them. A route exports the ones it lacks, e.g.
 * `export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');` (HEAD follows GET).
 */
export function otherMethods(allow: string) {
  const headers = { Allow: `${allow}, OPTIONS` };
  const refuse = () => withRouteHeaders(errorResponse('method_not_allowed', headers));
  // No cross-origin use is offered, so a preflight learns only which methods exist.
  const options = () => withRouteHeaders(new Response(null, { status: 204, headers }));
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}
