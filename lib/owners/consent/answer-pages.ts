import 'server-only';

import type { ErrorCode } from '@/lib/base/errors';
import { type Locale, messages } from '@/lib/base/i18n/messages';
import { bothLanguages, failurePageResponse } from '@/lib/platform/http/failure-page';

export type ConsentPage = 'unknown' | 'expired' | 'malformed' | 'busy' | 'unavailable';

const codeOf: Record<ConsentPage, ErrorCode> = {
  unknown: 'bad_request',
  malformed: 'bad_request',
  expired: 'gone',
  busy: 'rate_limited',
  unavailable: 'unavailable',
};

/**
 * The page a person sees when the consent's answer cannot be taken. The browser comes from the service's page, so
 * both languages are shown, the user's first.
 */
export function consentAnswerPage(page: ConsentPage, first: Locale, retryAfterSeconds?: number): Response {
  return failurePageResponse({
    failure: { code: codeOf[page], retryAfterSeconds },
    texts: bothLanguages(first).map((lang) => {
      const texts = messages[lang].consent.pages;
      return { lang, text: { title: texts[`${page}Title`], body: texts[`${page}Body`] } };
    }),
  });
}
