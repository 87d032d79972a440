import { NextResponse, type NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { contentSecurityPolicy, staticSecurityHeaders } from '@/lib/http/security-headers';
import { SESSION_COOKIE } from '@/lib/session/cookie-name';

/**
 * Optimistic, database-free gate in front of every page: it only looks whether the session cookie is there.
 * Pages without it are answered by the signed-out page (status 401) without a redirect; the real check of the
 * session row is the data-access layer's (`requireSession`). It also sets the pages' security headers. Route
 * handlers (`/api/…`, `/auth/callback`, `/auth/logout`) are not matched: they answer for themselves
 * (lib/http/handle.ts).
 */

// The company's file routes (PDF reports, previews, attachments) answer for themselves like the other route
// handlers: they check the session and set their own headers (a file's CSP is `sandbox`, its caching `private, no-store`), which this proxy's page
// headers would otherwise replace.
const fileRoutes = /^\/companies\/[^/]+\/(?:connection\/token|(?:invoices|delivery-notes)\/[^/]+\/reports\/[^/]+(?:\/preview)?|expenses\/[^/]+\/attachments\/[^/]+)\/?$/;

export function proxy(request: NextRequest) {
  if (fileRoutes.test(request.nextUrl.pathname)) return NextResponse.next();
  const env = getEnv();
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const csp = contentSecurityPolicy(nonce, env.frameAncestors, !env.production);

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', csp);

  const needsSession = request.nextUrl.pathname !== '/signed-out';
  const response =
    needsSession && !request.cookies.has(SESSION_COOKIE)
      ? NextResponse.rewrite(new URL('/signed-out', request.url), { request: { headers: requestHeaders } })
      : NextResponse.next({ request: { headers: requestHeaders } });

  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(staticSecurityHeaders)) response.headers.set(name, value);
  // Pages show session data: no cache may keep them.
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export const config = {
  // Route handlers answer for themselves; static files and the icon are public.
  matcher: ['/((?!api/|auth/callback|auth/logout|_next/static|_next/image|favicon\\.ico|icon\\.svg).*)'],
};
