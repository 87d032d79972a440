import { type NextRequest, NextResponse } from 'next/server';

import { kindOfSegment } from '@/lib/base/document-kinds';
import { PAGE_PATH_HEADER } from '@/lib/base/http/page-path';
import { rewriteOf } from '@/lib/base/http/page-rewrites';
import { isRouteHandlerPath } from '@/lib/base/http/route-handlers';
import { searchParamsOf } from '@/lib/base/http/search-params';
import { contentSecurityPolicy, routeSecurityHeaders, staticSecurityHeaders } from '@/lib/base/http/security-headers';
import { CONSOLE_FRAME_ANCESTORS, consoleRouteHeaders, isConsolePath } from '@/lib/doors/console/headers';
import { isMalformedPartnerPage } from '@/lib/features/partners/view';
import { SESSION_COOKIE } from '@/lib/owners/sessions/cookie-name';
import { getEnv } from '@/lib/platform/env';
import { isMalformedDocumentPage } from '@/lib/service/ids';
import { tidyListSearch } from '@/lib/service/records/list-view';

/**
 * Optimistic, database-free gate in front of every page: it only looks whether the session cookie is there.
 * Pages without it are answered by the signed-out page (status 401) without a redirect; the real check of the
 * session row is the data-access layer's (`requireSession`). It also sets the pages' security headers, and gives its
 * own redirects (a trailing slash trimmed, a list address tidied) the route handlers' headers. Route handlers answer
 * for themselves (lib/doors/http/handle.ts): the broker's, `/auth/…` and `/consent/return` are not even matched (a hop
 * the gateway's traffic does not need), and every other one of lib/base/http/route-handlers.ts is let through untouched;
 * a page's request that a route handler answers (lib/base/http/page-rewrites.ts) is rewritten to it, untouched too.
 * The operators' console (`/console…`) has its own session, which its pages check (lib/doors/console/operator.ts): the
 * company cookie is not asked for there, and its pages are never framed (`frame-ancestors 'none'`).
 */

/** A company page one segment deep: a kind's list when the segment is one of a kind's (lib/base/document-kinds.ts). */
const companySection = /^\/companies\/[^/]+\/([^/]+)\/?$/;

type Redirect = { url: URL; status: 303 | 308 };

/** The address without its trailing slash (Next's own redirect for it is turned off: it carries no headers). */
function withoutTrailingSlash(request: NextRequest): Redirect | null {
  const { pathname, search } = request.nextUrl;
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  const url = new URL(pathname.replace(/\/+$/, '') || '/', request.url);
  url.search = search;
  return { url, status: 308 };
}

/** A list address with blank or repeated filters (what a GET form submits): its tidy form, else null. */
function tidyListAddress(request: NextRequest): Redirect | null {
  const segment = companySection.exec(request.nextUrl.pathname)?.[1];
  const kind = segment ? kindOfSegment(segment) : null;
  if (!kind) return null;
  const tidy = tidyListSearch(kind, searchParamsOf(request.nextUrl.searchParams));
  if (tidy === null) return null;
  const target = new URL(request.nextUrl.pathname, request.url);
  target.search = tidy;
  return { url: target, status: 303 };
}

export function proxy(request: NextRequest) {
  const env = getEnv();
  const trimmed = withoutTrailingSlash(request);
  if (!trimmed && isRouteHandlerPath(request.nextUrl.pathname)) return NextResponse.next();
  // A page's other method or its JSON, answered by a route handler (lib/base/http/page-rewrites.ts): untouched too.
  const handler = trimmed ? null : rewriteOf(request.method, request.nextUrl.pathname, request.headers.get('accept'));
  if (handler) {
    const target = new URL(handler, request.url);
    target.search = request.nextUrl.search;
    return NextResponse.rewrite(target);
  }
  const tidy = trimmed ?? tidyListAddress(request);
  if (tidy) {
    // A redirect renders nothing: the route handlers' policy (no scripts) fits it.
    const redirect = NextResponse.redirect(tidy.url, tidy.status);
    const headers = isConsolePath(request.nextUrl.pathname)
      ? consoleRouteHeaders
      : routeSecurityHeaders(env.frameAncestors);
    for (const [name, value] of Object.entries(headers)) redirect.headers.set(name, value);
    return redirect;
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  // The operators' console has its own session (checked by its pages: lib/doors/console/operator.ts) and is never framed.
  const inConsole = isConsolePath(request.nextUrl.pathname);
  const csp = inConsole
    ? contentSecurityPolicy(nonce, CONSOLE_FRAME_ANCESTORS, !env.production)
    : contentSecurityPolicy(nonce, env.frameAncestors, !env.production, env.consent ? [env.consent.origin] : []);

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', csp);
  // Which page this is, for the company's layout: it checks the record the address names before anything streams.
  requestHeaders.set(PAGE_PATH_HEADER, request.nextUrl.pathname);

  const needsSession = request.nextUrl.pathname !== '/signed-out' && !inConsole;
  const response =
    needsSession && !request.cookies.has(SESSION_COOKIE)
      ? NextResponse.rewrite(new URL('/signed-out', request.url), { request: { headers: requestHeaders } })
      : NextResponse.next({
          request: { headers: requestHeaders },
          // The page then shows its not-found view under the status that names it.
          status:
            isMalformedDocumentPage(request.nextUrl.pathname) || isMalformedPartnerPage(request.nextUrl.pathname)
              ? 404
              : 200,
        });

  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(staticSecurityHeaders)) response.headers.set(name, value);
  // Pages show session data: no cache may keep them.
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export const config = {
  // Route handlers answer for themselves; Next's own files (their headers are in next.config.mjs) and the icon are
  // public. The consent's answer (/consent/return) is a cross-site POST without our cookie: it answers for itself.
  // Exact paths only: an address under one of them is a page address (a 404 page with the page headers).
  // The upload forms' addresses only without a body (their page): a request with one is next.config.mjs's rewrite to
  // the upload's handler, since Next holds back every body the proxy sees until it has all arrived (uploadForms).
  matcher: [
    '/((?!api/|auth/callback$|auth/logout$|consent/return$|_next/|favicon\\.ico$|icon\\.svg$|companies/[^/]+/(?:payments|invoices)/import$).*)',
    {
      source: '/companies/:tenantId/(payments|invoices)/import',
      missing: [
        { type: 'header', key: 'content-length' },
        { type: 'header', key: 'transfer-encoding' },
      ],
    },
  ],
};
