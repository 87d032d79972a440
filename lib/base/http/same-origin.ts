import 'server-only';

/**
 * Whether a state-changing request comes from our own pages. The session cookie is `SameSite=None` (it must work
 * inside the embedding frame), so a cross-site form could post with it: only our origin is honoured. Browsers send
 * Origin on POST and Sec-Fetch-Site on every request; either one naming another site refuses the request.
 */
export function isSameOriginRequest(request: Request, appUrl: string): boolean {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  return !((origin && origin !== appUrl) || (site && site !== 'same-origin'));
}
