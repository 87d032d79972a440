import 'server-only';

import { withRouteHeaders } from '@/lib/platform/http/route-headers';

/**
 * Answers for our own page's script, which asks from inside the service's frame (where the partitioned session cookie
 * is) for the consent page's address and sends a tab it opened there (components/consent-start-button.tsx,
 * components/consent-open-button.tsx). Without script the same routes answer a 303.
 */

/** The address carries the state: never cached, never repeated as a Referer. */
export const consentJson = (body: { url: string; progress?: string } | { ended: true }) =>
  withRouteHeaders(
    Response.json(body, { headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' } }),
  );
