import 'server-only';

import { type Locale, messages } from '@/lib/base/i18n/messages';
import { bothLanguages, noticePageResponse } from '@/lib/platform/http/failure-page';

import type { AskedCompany, ConsentOutcome } from './complete';
import { describeOutcome, type OutcomeKind } from './describe';

const titleOf: Record<OutcomeKind, 'connectedTitle' | 'otherTitle' | 'noneTitle'> = {
  connected: 'connectedTitle',
  'other-company': 'otherTitle',
  'none-stored': 'noneTitle',
};

/**
 * The page the consent's answer lands on (post mode). The consent page was opened in a tab of its own, outside the
 * service's frame, so this tab has no session of ours (the frame's cookie is partitioned under the service's site):
 * everything shown comes from the attempt the state named, only to whoever brought that state, and nothing on it
 * can be used for anything else (company ids and names the answer itself carried, and the asked-for company's). It
 * says what was connected, and sends the user back to the service's tab, where the add-on's frame shows the result by
 * itself; a button tries to close this tab (browsers allow it for a tab a script opened). Both languages, the
 * browser's first: the user arrives from the service's page. Rendered by the route handlers' page renderer
 * (lib/platform/http/failure-page.ts), as the consent's failures are (./answer-pages.ts).
 */
export function consentReturnPage(done: { asked: AskedCompany; outcome: ConsentOutcome }, first: Locale): Response {
  const described = (lang: Locale) =>
    describeOutcome(done.outcome, done.asked, messages[lang].consent, messages[lang].unnamedCompany);
  const texts = bothLanguages(first).map((lang) => {
    const { kind, lines } = described(lang);
    const page = messages[lang].consent.returnPage;
    return { lang, title: page[titleOf[kind]], lines: [...lines, page.back], closeTab: page.close };
  });
  return noticePageResponse({
    mark: { attribute: 'consent-return', value: described(first).kind },
    texts,
    // Nothing on it is cached, or sent on as a Referer.
    headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}
