import 'server-only';

import { errorResponse } from '@/lib/base/errors';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

/**
 * The one answer to a method an address does not take: 405 in the one error shape, `Allow` naming the methods it
 * does take, with the route handlers' security headers (Next's own 405 carries none). `headers` adds to them (a
 * company's file address keeps its `Cache-Control: private, no-store`).
 */
export function methodNotAllowed(allow: string, headers: Record<string, string> = {}): Response {
  return withRouteHeaders(errorResponse('method_not_allowed', { ...headers, Allow: allow }));
}

/**
 * Answers for the methods a route handler does not take. A route exports the ones it lacks, e.g.
 * `export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');` (HEAD follows GET). OPTIONS answers
 * 204 naming the methods, as Next would; with `{ preflight: false }` it is refused like the others and `Allow` names
 * only `allow` (the callback, which a browser only navigates to, and the service's notifications).
 */
export function otherMethods(allow: string, { preflight = true }: { preflight?: boolean } = {}) {
  const allowed = preflight ? `${allow}, OPTIONS` : allow;
  const refuse = () => methodNotAllowed(allowed);
  // No cross-origin use is offered, so a preflight learns only which methods exist.
  const options = preflight
    ? () => withRouteHeaders(new Response(null, { status: 204, headers: { Allow: allowed } }))
    : refuse;
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}
