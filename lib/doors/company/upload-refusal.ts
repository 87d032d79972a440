import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { Answer } from '@/lib/base/errors';
import { type Locale, messages } from '@/lib/base/i18n/messages';
import type { Session } from '@/lib/owners/sessions/sessions';
import { getEnv } from '@/lib/platform/env';
import { failurePageResponse, type Link } from '@/lib/platform/http/failure-page';

import { companyFrame, type FilePlace } from './failure-frame';
import { frameAncestorsWithSelf } from './file-answer';

/**
 * The page an import's upload form gets back when its file is refused (a bank statement, an invoice sheet): a 400 in
 * the company's frame (the section's tab current) saying why in the user's language, the way back to the form, and
 * the refusal's code in a header of the kind's own (`X-Statement-Refusal`, `X-Invoice-Refusal`). Nothing is stored.
 * A refusal that is no fault of the file (every worker of the import reader busy) says so with its own status: 429
 * with `Retry-After`.
 */

/** Framed where the company's pages are; no script; the frame's sign-out form posts to us. */
const pagePolicy = () =>
  `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors ${frameAncestorsWithSelf(getEnv().frameAncestors)}`;

export async function uploadRefusalPage({
  session,
  scope,
  place,
  locale,
  title,
  body,
  back,
  refusal,
  failure = { code: 'bad_request' },
}: {
  session: Session;
  scope: CompanyScope;
  /** The section the form belongs to: its tab is the current one. */
  place: FilePlace;
  locale: Locale;
  title: string;
  body: string;
  /** The way back: the form. */
  back: Link;
  /** The header naming the refusal's code, and the code. */
  refusal: { header: string; code: string };
  /** The refusal's status (400 unless it says otherwise) and when to try again. */
  failure?: Pick<Answer, 'code' | 'retryAfterSeconds'>;
}): Promise<Response> {
  const frame = await companyFrame(session, scope, place, locale);
  const response = failurePageResponse({
    failure,
    texts: [{ lang: locale, text: { title, body } }],
    actions: { back },
    frame,
    titleTail: [frame.name, messages[locale].appName],
    headers: { 'Content-Security-Policy': pagePolicy() },
  });
  response.headers.set(refusal.header, refusal.code);
  return response;
}
