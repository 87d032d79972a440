import 'server-only';
import { htmlPage } from '@/lib/http/html-page';
import { fill } from '@/lib/i18n/documents';
import { messages, type Locale } from '@/lib/i18n/messages';

export type ConsentPage = 'unknown' | 'expired' | 'malformed' | 'busy' | 'unavailable';

const statusOf: Record<ConsentPage, number> = {
  unknown: 400,
  malformed: 400,
  expired: 410,
  busy: 429,
  unavailable: 503,
};

/**
 * The page a person sees when the consent's answer cannot be taken. The browser comes from the service's page, so
 * both languages are shown, the user's first.
 */
export function consentAnswerPage(page: ConsentPage, first: Locale, headers: Record<string, string> = {}): Response {
  const seconds = Number(headers['Retry-After'] ?? 60);
  const locales: Locale[] = first === 'sk' ? ['sk', 'en'] : ['en', 'sk'];
  return htmlPage(
    statusOf[page],
    locales.map((lang) => {
      const texts = messages[lang].consent.pages;
      return { lang, title: texts[`${page}Title`], body: fill(texts[`${page}Body`], { seconds }) };
    }),
    headers,
  );
}
