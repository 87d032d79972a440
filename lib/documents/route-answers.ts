import 'server-only';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { getEnv } from '@/lib/env';
import { errorResponse, type ErrorCode } from '@/lib/http/errors';
import { htmlPage } from '@/lib/http/html-page';
import { withRouteHeaders } from '@/lib/http/handle';
import { isSameOriginRequest } from '@/lib/http/same-origin';
import { documentTexts, type DocumentTexts } from '@/lib/i18n/documents';
import { pickLocale, type Locale } from '@/lib/i18n/messages';
import { describeError, getLogger } from '@/lib/log';
import { readSessionCookie, unsealSessionId } from '@/lib/session/cookie';
import { findActiveSession, type Session } from '@/lib/session/sessions';
import type { Download } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';
import { contentDisposition } from './downloads';
import { failureText, fileFailureHtml, type FilePlace } from './file-failure-page';

/**
 * The answers of the company's file routes (PDF reports, previews, attachments). A route handler gets the request,
 * not next/headers, and its failures are seen by a person whose browser followed a link: so each failure is a page
 * in the user's language with the status that names it (never the upstream body), and every check is made here in
 * one order: session (401), company of the session (403), then the data API. Once the company is known, the page is
 * the company's own (file-failure-page.ts: tabs, retry, the way back); before that, a small page. The preview link's
 * script asks for JSON and gets the one error shape instead, to say what happened beside the link.
 */

export type Failure = keyof DocumentTexts['downloadErrors'] | 'internal';

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

const errorCodeOf: Record<Failure, ErrorCode> = {
  badRequest: 'bad_request',
  signedOut: 'unauthorized',
  payment: 'payment_required',
  forbidden: 'forbidden',
  disconnected: 'connection_inactive',
  notFound: 'not_found',
  busy: 'rate_limited',
  internal: 'internal',
  badGateway: 'bad_gateway',
  unavailable: 'unavailable',
};

function textOf(failure: Failure, locale: Locale) {
  const texts = documentTexts[locale];
  return failure === 'internal' ? texts.errorPage : texts.downloadErrors[failure];
}

/**
 * Headers of the company's failure page: no caching, and framable where the files are (our own pages, which show
 * attachments in a frame, and the service's window, in which a download link is followed). No script; the page's
 * sign-out form posts to us.
 */
function failureHeaders(failure: Failure, retryAfterSeconds: number | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors ${frameAncestorsWithSelf(getEnv().frameAncestors)}`,
  };
  if (failure === 'busy') headers['Retry-After'] = String(retryAfterSeconds ?? 1);
  return headers;
}

/**
 * A small failure page with the route handlers' headers, for when the company's page cannot be shown (no session, a
 * company outside it) and for the company's forms.
 */
export function failurePage(failure: Failure, locale: Locale, retryAfterSeconds?: number): Response {
  const text = failureText(textOf(failure, locale), retryAfterSeconds);
  const headers: Record<string, string> = { 'Cache-Control': 'private, no-store' };
  if (failure === 'busy') headers['Retry-After'] = String(retryAfterSeconds ?? 1);
  return withRouteHeaders(htmlPage(statusOf[failure], [{ lang: locale, title: text.title, body: text.body }], headers));
}

/** The company's own page saying what failed, with a retry (this very address) and the way back. */
async function companyFailurePage(
  request: Request,
  place: FilePlace,
  failure: Failure,
  retryAfterSeconds?: number,
): Promise<Response> {
  const locale = localeOf(request);
  const url = new URL(request.url);
  const text = failureText(textOf(failure, locale), retryAfterSeconds);
  const html = await fileFailureHtml(place, locale, { kind: failure, text }, `${url.pathname}${url.search}`);
  const headers = { 'Content-Type': 'text/html; charset=utf-8', ...failureHeaders(failure, retryAfterSeconds) };
  return withRouteHeaders(new Response(html, { status: statusOf[failure], headers }));
}

/** The failure for the preview link's script: the one error shape, the status, and Retry-After when busy. */
function failureJson(failure: Failure, retryAfterSeconds?: number): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'private, no-store' };
  if (failure === 'busy') headers['Retry-After'] = String(retryAfterSeconds ?? 1);
  return withRouteHeaders(errorResponse(errorCodeOf[failure], headers));
}

/** The page's own request for an address (the preview link), which is answered with JSON rather than a page. */
export const wantsJson = (request: Request) => /\bapplication\/json\b/.test(request.headers.get('accept') ?? '');

/** A failure of a file request about a company of the session: JSON for the page's script, else the company's page. */
export async function companyFailure(
  request: Request,
  place: FilePlace,
  failure: Failure,
  retryAfterSeconds?: number,
): Promise<Response> {
  if (wantsJson(request)) return failureJson(failure, retryAfterSeconds);
  return companyFailurePage(request, place, failure, retryAfterSeconds);
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

/**
 * The session of a file request, which must include the company. `json`: the refusal is for a page's script (the
 * preview link asking for its address), in the one error shape; otherwise it is a page.
 */
export async function authorizeCompanyRequest(
  request: Request,
  tenantId: string,
  json = false,
): Promise<CompanyAccess> {
  const locale = localeOf(request);
  const env = getEnv();
  const refuse = (failure: Failure, retryAfterSeconds?: number) =>
    json ? failureJson(failure, retryAfterSeconds) : failurePage(failure, locale, retryAfterSeconds);
  let session: Session | null = null;
  try {
    const fromCookie = await unsealSessionId(readSessionCookie(request), env.sessionSecrets);
    if (fromCookie) session = await findActiveSession(await getDb(), fromCookie);
  } catch (error) {
    const { failure, retryAfterSeconds } = failureOf(error);
    return { ok: false, response: logged(request, refuse(failure, retryAfterSeconds), 'session_lookup_failed', error) };
  }
  if (!session) return { ok: false, response: logged(request, refuse('signedOut'), 'no_session') };
  if (!session.tenantIds.includes(tenantId)) {
    return { ok: false, response: logged(request, refuse('forbidden'), 'company_not_in_session') };
  }
  return { ok: true, session };
}

/**
 * The session of a form POST from our own pages about one company. The session cookie is `SameSite=None` (it must
 * work inside the service's frame), so another site's form could carry it: only our own origin is honoured.
 */
export async function authorizeCompanyForm(request: Request, tenantId: string): Promise<CompanyAccess> {
  if (!isSameOriginRequest(request, getEnv().appUrl))
    return { ok: false, response: failurePage('forbidden', localeOf(request)) };
  return authorizeCompanyRequest(request, tenantId);
}

function reasonOf(error: unknown, failure: Failure): string {
  return isDataApiError(error)
    ? `data_api_${error.kind}`
    : failure === 'internal'
      ? 'unexpected_error'
      : 'database_unavailable';
}

/** The answer to a failed data-API call (or anything else thrown while answering) of a company's form, logged once. */
export function failureResponse(request: Request, error: unknown): Response {
  const { failure, retryAfterSeconds } = failureOf(error);
  return logged(
    request,
    failurePage(failure, localeOf(request), retryAfterSeconds),
    reasonOf(error, failure),
    failure === 'internal' ? error : undefined,
  );
}

/** The same for a file address: the company's failure page (or JSON for the preview link's script), logged once. */
export async function fileFailureResponse(request: Request, place: FilePlace, error: unknown): Promise<Response> {
  const { failure, retryAfterSeconds } = failureOf(error);
  const response = await companyFailure(request, place, failure, retryAfterSeconds);
  return logged(request, response, reasonOf(error, failure), failure === 'internal' ? error : undefined);
}

/** One line per failed file request: route and status and a reason code, never the query (names, numbers). */
function logged(request: Request, response: Response, reason: string, error?: unknown): Response {
  const route = new URL(request.url).pathname;
  const log = getLogger();
  if (error !== undefined)
    log.error({ route, status: response.status, reason, err: describeError(error) }, 'file request');
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
  return `default-src 'none'; sandbox; frame-ancestors ${frameAncestorsWithSelf(frameAncestors)}`;
}

function frameAncestorsWithSelf(frameAncestors: string): string {
  return frameAncestors.split(/\s+/).includes("'self'") ? frameAncestors : `'self' ${frameAncestors}`;
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
