/**
 * Security headers of every answer. No secrets here and no Node APIs: proxy.ts uses it for each request.
 * Scripts need the per-request nonce (Next applies it to its own scripts); styles are our compiled CSS plus
 * inline style blocks, which cannot run code.
 */
export function contentSecurityPolicy(
  nonce: string,
  frameAncestors: string,
  development: boolean,
  formTargets: readonly string[] = [],
): string {
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data:`,
    `font-src 'self'`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    // A form of ours may lead elsewhere by a redirect (the start of a consent goes to the service's consent page),
    // and Chromium holds such redirects to form-action too.
    `form-action 'self'${formTargets.map((origin) => ` ${origin}`).join('')}`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

export const staticSecurityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * The policy of the route handlers' answers: nothing but inline styles, and a page's one inline script when it has
 * one (`scriptNonce`: the consent's return page closes its tab, lib/platform/http/failure-page.ts).
 */
export function routeContentSecurityPolicy(frameAncestors: string, scriptNonce?: string): string {
  return [
    `default-src 'none'`,
    `style-src 'unsafe-inline'`,
    ...(scriptNonce ? [`script-src 'nonce-${scriptNonce}'`] : []),
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * Headers of the answers of route handlers (JSON, redirects, the callback's small HTML pages): they run no scripts
 * (a page with its own sets its own policy), so the policy allows nothing but inline styles. Set by the handlers themselves, which keeps the
 * broker endpoints out of proxy.ts (a hop the gateway's traffic does not need).
 */
let routeHeaders: { frameAncestors: string; headers: Record<string, string> } | undefined;

export function routeSecurityHeaders(frameAncestors: string): Record<string, string> {
  if (routeHeaders?.frameAncestors !== frameAncestors) {
    routeHeaders = {
      frameAncestors,
      headers: {
        'Content-Security-Policy': routeContentSecurityPolicy(frameAncestors),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    };
  }
  return routeHeaders.headers;
}
