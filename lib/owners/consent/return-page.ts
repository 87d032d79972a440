import 'server-only';
import { randomBytes } from 'node:crypto';
import { messages, type Locale } from '@/lib/base/i18n/messages';
import type { AskedCompany, ConsentOutcome } from './complete';
import { describeOutcome, type OutcomeKind } from './describe';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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
 * browser's first: the user arrives from the service's page.
 */
export function consentReturnPage(
  done: { asked: AskedCompany; outcome: ConsentOutcome },
  first: Locale,
  frameAncestors: string,
): Response {
  const locales: Locale[] = first === 'sk' ? ['sk', 'en'] : ['en', 'sk'];
  const nonce = randomBytes(16).toString('base64');
  let kind: OutcomeKind = 'connected';
  const sections = locales.map((lang) => {
    const t = messages[lang];
    const described = describeOutcome(done.outcome, done.asked, t.consent, t.unnamedCompany);
    kind = described.kind;
    const page = t.consent.returnPage;
    const lines = [...described.lines, page.back].map((line) => `<p>${escapeHtml(line)}</p>`).join('');
    return (
      `<section lang="${lang}"><h1>${escapeHtml(page[titleOf[described.kind]])}</h1>${lines}` +
      `<button type="button" class="close-tab">${escapeHtml(page.close)}</button></section>`
    );
  });
  const title = messages[locales[0]!].consent.returnPage[titleOf[kind]];
  const html =
    `<!doctype html><html lang="${locales[0]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>` +
    'body{font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f8fafc;margin:0;padding:2rem 1rem}' +
    'main{max-width:40rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem 2rem}' +
    'section+section{border-top:1px solid #e2e8f0;margin-top:1rem;padding-top:1rem}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 .5rem}' +
    'button{font:inherit;margin-top:.5rem;padding:.375rem .75rem;border:1px solid #cbd5e1;border-radius:.375rem;background:#fff;cursor:pointer}' +
    `</style></head><body><main data-consent-return="${kind}">${sections.join('')}</main>` +
    `<script nonce="${nonce}">for(const b of document.querySelectorAll('.close-tab'))b.addEventListener('click',()=>window.close())</script>` +
    '</body></html>';
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`,
    },
  });
}
