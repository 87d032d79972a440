import 'server-only';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { getEnv } from '@/lib/env';
import { htmlPage } from '@/lib/http/html-page';
import { withRouteHeaders } from '@/lib/http/handle';
import { isSameOriginRequest } from '@/lib/http/same-origin';
import { documentTexts, fill, type DocumentTexts } from '@/lib/i18n/documents';
import { pickLocale, type Locale } from '@/lib/i18n/messages';
import { describeError, getLogger } from '@/lib/log';
import { readSessionCookie, unsealSessionId } from '@/lib/session/cookie';
import { findActiveSession, type Session } from '@/lib/session/sessions';
import type { Download } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';
import { contentDisposition } from './downloads';

/**
 * The answers of the company's file routes (PDF reports, previews, attachments). A route handler gets the request,
 * not next/headers, and its failures are seen by a person whose browser followed a link: so each failure is a
 * small page in the user's language with the status that names it (never the upstream body), and every check is
 * made here in one order: session (401), company of the session (403), then the data API.
 */

type Failure = keyof DocumentTexts['downloadErrors'] | 'internal';

const statusOf: Record<Failure, number> = {
  badRequest: 400,
  signedOut: 401,
  payment: 402,
  forbidden: 403,
  disconnected: 403,
  notFound: 404,
  busy: 429,
  internal: 500,
  badGateway: 502,
  unavailable: 503,
};

export function localeOf(request: Request): Locale {
  return pickLocale(request.headers.get('accept-language'));
}

/** A failure page: the status, the text in the user's language, no caching, the route handlers' CSP. */
export function failurePage(failure: Failure, locale: Locale, retryAfterSeconds?: number): Response {
  const texts = documentTexts[locale];
  const text = failure === 'internal' ? texts.errorPage : texts.downloadErrors[failure];
  const headers: Record<string, string> = { 'Cache-Control': 'private, no-store' };
  if (failure === 'busy') headers['Retry-After'] = String(retryAfterSeconds ?? 1);
  const body = fill(text.body, { seconds: retryAfterSeconds ?? 1 });
  return withRouteHeaders(htmlPage(statusOf[failure], [{ lang: locale, title: text.title, body }], headers));
}

/** Which failure a thrown error is, for the user and for the log. */
export function failureOf(error: unknown): { failure: Failure; retryAfterSeconds?: number } {
  if (isDataApiError(error)) {
    switch (error.kind) {
      case 'not-found':
      case 'invalid-input':
        return { failure: 'notFound' };
      case 'not-connected':
      case 'unauthorized':
        return { failure: 'disconnected' };
      case 'payment-required':
        return { failure: 'payment' };
      case 'forbidden':
        return { failure: 'forbidden' };
      case 'busy':
        return { failure: 'busy', retryAfterSeconds: error.retryAfterSeconds ?? 1 };
      case 'unavailable':
        return { failure: 'unavailable' };
      default:
        return { failure: 'badGateway' };
    }
  }
  if (isDatabaseUnavailable(error)) return { failure: 'unavailable' };
  return { failure: 'internal' };
}

export type CompanyAccess = { ok: true; session: Session } | { ok: false; response: Response };

/** The session of a file request, which must include the company. */
export async function authorizeCompanyRequest(request: Request, tenantId: string): Promise<CompanyAccess> {
  const locale = localeOf(request);
  const env = getEnv();
  let session: Session | null = null;
  try {
    const fromCookie = await unsealSessionId(readSessionCookie(request), env.sessionSecrets);
    if (fromCookie) session = await findActiveSession(await getDb(), fromCookie);
  } catch (error) {
    return { ok: false, response: logged(request, failOn(error, locale), 'session_lookup_failed', error) };
  }
  if (!session) return { ok: false, response: logged(request, failurePage('signedOut', locale), 'no_session') };
  if (!session.tenantIds.includes(tenantId)) {
    return { ok: false, response: logged(request, failurePage('forbidden', locale), 'company_not_in_session') };
  }
  return { ok: true, session };
}

/**
 * The session of a form POST from our own pages about one company. The session cookie is `SameSite=None` (it must
 * work inside the service's frame), so another site's form could carry it: only our own origin is honoured.
 */
export async function authorizeCompanyForm(request: Request, tenantId: string): Promise<CompanyAccess> {
  if (!isSameOriginRequest(request, getEnv().appUrl)) return { ok: false, response: failurePage('forbidden', localeOf(request)) };
  return authorizeCompanyRequest(request, tenantId);
}

function failOn(error: unknown, locale: Locale): Response {
  const { failure, retryAfterSeconds } = failureOf(error);
  return failurePage(failure, locale, retryAfterSeconds);
}

/** The answer to a failed data-API call (or anything else thrown while answering), logged once. */
export function failureResponse(request: Request, error: unknown): Response {
  const { failure, retryAfterSeconds } = failureOf(error);
  const reason = isDataApiError(error) ? `data_api_${error.kind}` : failure === 'internal' ? 'unexpected_error' : 'database_unavailable';
  return logged(request, failurePage(failure, localeOf(request), retryAfterSeconds), reason, failure === 'internal' ? error : undefined);
}

/** One line per failed file request: route and status and a reason code, never the query (names, numbers). */
function logged(request: Request, response: Response, reason: string, error?: unknown): Response {
  const route = new URL(request.url).pathname;
  const log = getLogger();
  if (error !== undefined) log.error({ route, status: response.status, reason, err: describeError(error) }, 'file request');
  else log.info({ route, status: response.status, reason }, 'file request');
  return response;
}

export type FileAnswer = {
  contentType: string;
  fileName: string;
  disposition: 'attachment' | 'inline';
};

/**
 * The policy of every file we answer, downloaded or shown inline. `sandbox` gives the document an opaque origin, so
 * nothing in it (a PDF's own script included) can reach our origin; Chromium (156) still renders PDFs under it, in
 * a frame and in a tab, but refuses them in an <iframe sandbox>, so the page's frame carries no sandbox attribute.
 * Framing is limited to our pages and the service's window around them (a download link is followed inside it).
 */
export function filePolicy(frameAncestors: string): string {
  const ancestors = frameAncestors.split(/\s+/).includes("'self'") ? frameAncestors : `'self' ${frameAncestors}`;
  return `default-src 'none'; sandbox; frame-ancestors ${ancestors}`;
}

/**
 * Streams a file from the service straight through (never buffered): the length when the service gave one, a type
 * we chose, a safe name, no sniffing, no caching outside the user's browser, and no embedding by other sites.
 */
export function fileResponse(download: Download, answer: FileAnswer): Response {
  const headers = new Headers({
    'Content-Type': answer.contentType,
    'Content-Disposition': contentDisposition(answer.disposition, answer.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': filePolicy(getEnv().frameAncestors),
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
  });
  if (download.contentLength !== null) headers.set('Content-Length', String(download.contentLength));
  return new Response(download.body, { status: 200, headers });
}

/** A 303 to an address outside (the service's preview), which the browser then opens without our cookie or referrer. */
export function seeOther(location: string): Response {
  return withRouteHeaders(
    new Response(null, {
      status: 303,
      headers: { Location: location, 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' },
    }),
  );
}
