import 'server-only';
import { listConnections } from '@/lib/connections/states';
import { getDb } from '@/lib/db/client';
import { documentTexts, fill } from '@/lib/i18n/documents';
import { messages, type Locale } from '@/lib/i18n/messages';
import type { Session } from '@/lib/session/sessions';
import { companyPath } from '@/lib/documents/present';

/**
 * The page a file address answers when the file could not be fetched (nothing of it was sent yet): a page of ours,
 * in the layout of the company's pages (header with sign-out, the company's name, its tabs) and the user's
 * language, saying what happened, with a retry (the same address) and the way back to the document the link was on.
 * Inside the service's window the download link is followed in our frame, so this keeps the user in the add-on.
 *
 * A route handler cannot render the app's React layout, so this is the same structure as plain HTML with a small
 * stylesheet of its own (no script, no external asset). A file shown inside our own page (an inline attachment)
 * gets the message and the retry only: the page around it is the way back.
 */

export type FileSection = 'invoices' | 'expenses' | 'delivery-notes';

/** Where the failed file belongs, as far as the address could be read. */
export type FilePlace = {
  session: Session;
  tenantId: string;
  section: FileSection;
  /** The document's id when the address names one that can exist; else the way back is the list. */
  documentId: string | null;
  /** The answer is shown inside a frame of our own page (`?disposition=inline`). */
  embedded: boolean;
};

export type FailureText = { title: string; body: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The company's name as stored with us; a failure to read it (the database may be why we are here) costs only the name. */
async function companyName(place: FilePlace): Promise<string | null> {
  try {
    const [connection] = await listConnections(await getDb(), { ...place.session, tenantIds: [place.tenantId] });
    return connection?.name ?? null;
  } catch {
    return null;
  }
}

function backLink(place: FilePlace, locale: Locale): { href: string; label: string } {
  const texts = documentTexts[locale];
  const { tenantId, section, documentId } = place;
  if (documentId === null) {
    const list = {
      invoices: texts.detail.backToInvoices,
      expenses: texts.detail.backToExpenses,
      'delivery-notes': texts.detail.backToDeliveryNotes,
    };
    return { href: companyPath(tenantId, section), label: list[section] };
  }
  const one = {
    invoices: texts.fileFailure.backToInvoice,
    expenses: texts.fileFailure.backToExpense,
    'delivery-notes': texts.fileFailure.backToDeliveryNote,
  };
  return { href: companyPath(tenantId, section, documentId), label: one[section] };
}

/** The HTML of the failure page. `retryHref` is the failed address itself (path and query, already URL-encoded). */
export async function fileFailureHtml(
  place: FilePlace,
  locale: Locale,
  failure: { kind: string; text: FailureText },
  retryHref: string,
): Promise<string> {
  const t = messages[locale];
  const f = documentTexts[locale].fileFailure;
  const back = place.embedded ? null : backLink(place, locale);
  const problem = [
    `<section role="alert" class="problem" data-file-failure="${escapeHtml(failure.kind)}" aria-labelledby="failure-title">`,
    `<h2 id="failure-title">${escapeHtml(failure.text.title)}</h2><p>${escapeHtml(failure.text.body)}</p>`,
    `<p class="actions"><a class="retry" href="${escapeHtml(retryHref)}">${escapeHtml(f.retry)}</a>`,
    back ? `<a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a>` : '',
    `</p></section>`,
  ].join('');
  if (place.embedded) return htmlDocument(locale, failure.text.title, `<main>${problem}</main>`);

  const { tenantId, session } = place;
  const name = (await companyName(place)) ?? `${t.unnamedCompany} ${tenantId}`;
  const d = t.docs.nav;
  const tabs: [string, string][] = [
    [companyPath(tenantId), d.overview],
    [companyPath(tenantId, 'invoices'), d.invoices],
    [companyPath(tenantId, 'expenses'), d.expenses],
    [companyPath(tenantId, 'delivery-notes'), d.deliveryNotes],
    [companyPath(tenantId, 'activity'), t.activity.tab],
  ];
  const current = companyPath(tenantId, place.section);
  const body = [
    `<header><div><p class="app">${escapeHtml(t.appName)}</p>`,
    `<p class="who">${escapeHtml(t.signedInAs)}: <span>${escapeHtml(session.userId)}</span></p></div>`,
    `<form method="post" action="/auth/logout"><button type="submit">${escapeHtml(t.signOut)}</button></form></header>`,
    `<div>`,
    session.tenantIds.length > 1 ? `<a class="small" href="/">← ${escapeHtml(t.back)}</a>` : '',
    `<h1>${escapeHtml(name)}</h1><p class="id">${escapeHtml(t.companyId)}: ${escapeHtml(tenantId)}</p>`,
    `<nav aria-label="${escapeHtml(d.label)}"><ul>`,
    ...tabs.map(
      ([href, label]) =>
        `<li><a href="${escapeHtml(href)}"${href === current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a></li>`,
    ),
    `</ul></nav></div>`,
    `<main>${problem}</main>`,
  ].join('');
  return htmlDocument(locale, `${failure.text.title} – ${name} – ${t.appName}`, body);
}

/** The company pages' look (app/globals.css, the Tailwind classes of the layout), restated for a page without them. */
const STYLE = [
  'body{margin:0;font:16px/1.5 ui-sans-serif,system-ui,sans-serif;background:#f8fafc;color:#1e293b}',
  '.wrap{max-width:64rem;margin:0 auto;padding:1.5rem 1rem}',
  'header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem;margin-bottom:1.5rem;border-bottom:1px solid #e2e8f0;padding-bottom:1rem}',
  'p{margin:0}.app{font-size:1.125rem;font-weight:600;color:#0f172a}.who{font-size:.875rem;color:#475569}.who span{font-weight:500;color:#0f172a}',
  'button{border:1px solid #cbd5e1;background:#fff;border-radius:.375rem;padding:.375rem .75rem;font:500 .875rem/1.25rem inherit;color:#334155;cursor:pointer}',
  'a{color:#094a8c;font-weight:500;text-decoration:none}a:hover{text-decoration:underline}a:focus-visible,button:focus-visible{outline:2px solid #0b5cad;outline-offset:2px}',
  '.small{font-size:.875rem}h1{margin:.25rem 0 0;font-size:1.25rem;font-weight:600;color:#0f172a}.id{font-size:.875rem;color:#64748b}',
  'nav{margin-top:.75rem;border-bottom:1px solid #e2e8f0}nav ul{display:flex;flex-wrap:wrap;gap:0 .25rem;margin:0 0 -1px;padding:0;list-style:none}',
  'nav a{display:inline-block;padding:.5rem .75rem;font-size:.875rem;color:#475569;border-bottom:2px solid transparent;border-radius:.375rem .375rem 0 0}',
  'nav a:hover{text-decoration:none;color:#0f172a;border-color:#cbd5e1}nav a[aria-current=page]{color:#094a8c;border-color:#0b5cad}',
  'main{margin-top:1rem}.problem{margin-top:1rem;border:1px solid #fcd34d;background:#fffbeb;color:#451a03;border-radius:.75rem;padding:1.25rem}',
  '.problem h2{margin:0;font-size:1.125rem;font-weight:600}.problem p{margin-top:.5rem;font-size:.875rem}',
  '.actions{display:flex;flex-wrap:wrap;align-items:center;gap:1rem}.actions .retry{background:#0b5cad;color:#fff;border-radius:.375rem;padding:.375rem .75rem}',
  '.actions .retry:hover{background:#094a8c;text-decoration:none}',
].join('');

function htmlDocument(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="wrap">${body}</div></body></html>`;
}

/** The failure's text with `{seconds}` filled. */
export function failureText(text: FailureText, retryAfterSeconds: number | undefined): FailureText {
  return { title: text.title, body: fill(text.body, { seconds: retryAfterSeconds ?? 1 }) };
}
