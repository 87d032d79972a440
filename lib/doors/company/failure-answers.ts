import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { ErrorCode } from '@/lib/base/errors';
import { localeOf } from '@/lib/base/http/request-locale';
import { documentTexts } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { Session } from '@/lib/owners/sessions/sessions';
import { getEnv } from '@/lib/platform/env';
import { type Failure, failureJson } from '@/lib/platform/http/failure';
import { failurePageResponse, type FailureText } from '@/lib/platform/http/failure-page';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

import { backLink, companyFrame, type FilePlace } from './failure-frame';
import { frameAncestorsWithSelf } from './file-answer';

/**
 * How a failed request about a company is answered (lib/doors/company/route.ts decides which failure it is). A person whose
 * browser followed a link or sent a form sees a page in their language with the status that names the failure
 * (never the upstream body): once the company is known and the request is one of its file addresses, the company's
 * own page (its frame, a retry, the way back); otherwise a small page. The preview link's script asks for JSON and
 * gets the one error shape instead, to say what happened beside the link. The door writes the request's one log line.
 */

/** What is known of the request when it failed. */
export type FailedRequest = {
  /** The page's script asked (`Accept: application/json`). */
  json: boolean;
  /** The session and company, once checked; with the file's place for a file address. */
  company?: { session: Session; scope: CompanyScope; place?: FilePlace };
};

/**
 * The failure's words for the company's requests: its reason's when it has words of its own (an export refused for
 * the exports already running says so, not that the service is busy), else its code's, else the error page's.
 */
function textOf(failure: Failure, locale: Locale): FailureText {
  const texts = documentTexts[locale];
  return (
    (texts.failureReasons as Partial<Record<string, FailureText>>)[failure.reason] ??
    (texts.failures as Partial<Record<ErrorCode, FailureText>>)[failure.code] ??
    texts.errorPage
  );
}

/**
 * The company's failure page may be framed where the files are (our own pages, which show attachments in a frame, and
 * the service's window, in which a download link is followed). No script; the page's sign-out form posts to us.
 */
const companyPagePolicy = () =>
  `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors ${frameAncestorsWithSelf(getEnv().frameAncestors)}`;

async function render(request: Request, failure: Failure, where: FailedRequest): Promise<Response> {
  if (where.json) return failureJson(failure, { 'Cache-Control': 'private, no-store' });
  const locale = localeOf(request);
  const texts = [{ lang: locale, text: textOf(failure, locale) }];
  const company = where.company;
  if (!company?.place) return failurePageResponse({ failure, texts });

  const { session, scope, place } = company;
  const url = new URL(request.url);
  const frame = place.embedded ? undefined : await companyFrame(session, scope, place, locale);
  return failurePageResponse({
    failure,
    texts,
    actions: {
      retry: { href: `${url.pathname}${url.search}`, label: documentTexts[locale].fileFailure.retry },
      back: place.embedded ? null : backLink(scope.tenantId, place, locale),
    },
    frame,
    titleTail: frame ? [frame.name, frame.appName] : [],
    headers: { 'Content-Security-Policy': companyPagePolicy() },
  });
}

/** The answer to a failed request about a company (its door, lib/doors/company/route.ts, writes the request's line). */
export async function companyFailureAnswer(
  request: Request,
  failure: Failure,
  where: FailedRequest,
): Promise<Response> {
  return withRouteHeaders(await render(request, failure, where));
}
