import 'server-only';

import { withRouteHeaders } from '@/lib/platform/http/route-headers';

/** A 303 to an address outside (the service's preview), which the browser then opens without our cookie or referrer. */
export function seeOther(location: string): Response {
  return withRouteHeaders(
    new Response(null, {
      status: 303,
      headers: { Location: location, 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' },
    }),
  );
}
