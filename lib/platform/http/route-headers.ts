import 'server-only';

import { routeSecurityHeaders } from '@/lib/base/http/security-headers';
import { getEnv } from '@/lib/platform/env';

/** Adds the route handlers' security headers to an answer, keeping any the handler set itself. */
export function withRouteHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(routeSecurityHeaders(getEnv().frameAncestors))) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}
