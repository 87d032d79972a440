import 'server-only';
import { getEnv } from '@/lib/env';
import { errorResponse } from '@/lib/http/errors';
import { htmlPage } from '@/lib/http/html-page';
import { withRouteHeaders } from '@/lib/http/handle';
import { localeOf } from '@/lib/http/request-locale';
import { documentTexts } from '@/lib/i18n/documents';
import type { Locale } from '@/lib/i18n/messages';
import { describeError, getLogger } from '@/lib/log';
import { frameAncestorsWithSelf } from './file-answer';
import { failureText, fileFailureHtml, type FilePlace } from './file-failure-page';
import { errorCodeOf, failureOf, reasonOf, statusOf, type Failure } from './failures';

/**
 * The failure answers of the company's route handlers (file routes and forms). Their failures are seen by a person
 * whose browser followed a link or sent a form: so each failure is a page in the user's language with the status
 * that names it (never the upstream body). Once the company is known, the page is the company's own
 * (file-failure-page.ts: tabs, retry, the way back); before that, a small page. The preview link's script asks for
 * JSON and gets the one error shape instead, to say what happened beside the link.
 */

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
export function failureJson(failure: Failure, retryAfterSeconds?: number): Response {
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
export function logged(request: Request, response: Response, reason: string, error?: unknown): Response {
  const route = new URL(request.url).pathname;
  const log = getLogger();
  if (error !== undefined)
    log.error({ route, status: response.status, reason, err: describeError(error) }, 'file request');
  else log.info({ route, status: response.status, reason }, 'file request');
  return response;
}
