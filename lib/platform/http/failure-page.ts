import 'server-only';

import { randomBytes } from 'node:crypto';

import { statusOf } from '@/lib/base/errors';
import { escapeHtml } from '@/lib/base/http/html';
import { routeContentSecurityPolicy } from '@/lib/base/http/security-headers';
import { fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { getEnv } from '@/lib/platform/env';
import { type Failure, failureHeaders } from '@/lib/platform/http/failure';

/**
 * The one failure page of the route handlers, for answers a person sees (a followed link, a sent form, the browser
 * sent back by the gateway or the service's consent page): what happened, in words from lib/base/i18n, with the status of
 * the failure's code, never the upstream body. A route handler cannot render the app's React layout, so this is
 * plain HTML in the look of our pages with a small stylesheet of its own: no external asset, and no script but the
 * one of a notice that closes its tab.
 *
 * The same renderer writes the route handlers' one page that is not a failure (noticePageResponse): the consent's
 * return page, what was connected, in the consent page's own tab.
 *
 * Where the company is known the page wears the company's frame (header with sign-out, the company's name, its tabs;
 * lib/doors/company/failure-frame.ts) and offers a retry and the way back. Where the browser arrives before we know the
 * user's language (from the gateway, from the service's page), the text is given in both, the likelier first.
 */

export type FailureText = { title: string; body: string };

export type Link = { href: string; label: string };

/** The company's pages' frame around the failure. */
export type CompanyFrame = {
  appName: string;
  signedInAs: { label: string; userId: string };
  signOut: string;
  /** Back to the list of companies, for a session of several. */
  companies: Link | null;
  name: string;
  idLine: string;
  tabs: { label: string; links: (Link & { current: boolean })[] };
};

export type FailurePage = {
  failure: Pick<Failure, 'code' | 'retryAfterSeconds'>;
  /** What happened, in each language shown, the page's own first; `{seconds}` is filled from the failure. */
  texts: { lang: Locale; text: FailureText }[];
  /** Under the text: try again (the failed address itself), and the way back. */
  actions?: { retry?: Link; back?: Link | null };
  frame?: CompanyFrame;
  /** Added to the page's title after the failure's own (the company, the application). */
  titleTail?: string[];
  headers?: Record<string, string>;
};

const STYLE = [
  // The app's frame (app/layout.tsx: Tailwind's font and smoothing, max-w-5xl px-4 py-6 sm:px-6 xl:max-w-7xl), so a
  // failure in the company's frame stands where the company's pages do, in the same type.
  "body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue','Noto Sans',Arial,sans-serif,'Apple Color Emoji','Segoe UI Emoji','Segoe UI Symbol','Noto Color Emoji';-webkit-font-smoothing:antialiased;background:#f8fafc;color:#1e293b}",
  '.wrap{box-sizing:border-box;max-width:64rem;margin:0 auto;padding:1.5rem 1rem}@media(min-width:40rem){.wrap{padding-inline:1.5rem}}@media(min-width:80rem){.wrap{max-width:80rem}}',
  'header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem;margin-bottom:1.5rem;border-bottom:1px solid #e2e8f0;padding-bottom:1rem}',
  'p{margin:0}.app{font-size:1.125rem;font-weight:600;color:#0f172a}.who{font-size:.875rem;color:#475569}.who span{font-weight:500;color:#0f172a}',
  'button{border:1px solid #cbd5e1;background:#fff;border-radius:.375rem;padding:.375rem .75rem;font:inherit;font-size:.875rem;line-height:1.25rem;font-weight:500;color:#334155;cursor:pointer}',
  'a{color:#094a8c;font-weight:500;text-decoration:none}a:hover{text-decoration:underline}a:focus-visible,button:focus-visible{outline:2px solid #0b5cad;outline-offset:2px}',
  '.small{font-size:.875rem}h1{margin:.25rem 0 0;font-size:1.25rem;font-weight:600;color:#0f172a}.id{font-size:.875rem;color:#64748b}',
  'nav{margin-top:.75rem;border-bottom:1px solid #e2e8f0}nav ul{display:flex;flex-wrap:wrap;gap:0 .25rem;margin:0 0 -1px;padding:0;list-style:none}',
  'nav a{display:inline-block;padding:.5rem .75rem;font-size:.875rem;color:#475569;border-bottom:2px solid transparent;border-radius:.375rem .375rem 0 0}',
  'nav a:hover{text-decoration:none;color:#0f172a;border-color:#cbd5e1}nav a[aria-current=page]{color:#094a8c;border-color:#0b5cad}',
  'main{margin-top:1rem}.problem{margin-top:1rem;border:1px solid #fcd34d;background:#fffbeb;color:#451a03;border-radius:.75rem;padding:1.25rem}',
  '.problem h1,.problem h2{margin:0;font-size:1.125rem;font-weight:600;color:inherit}.problem p{margin-top:.5rem;font-size:.875rem}',
  '.actions{display:flex;flex-wrap:wrap;align-items:center;gap:1rem}.actions .retry{background:#0b5cad;color:#fff;border-radius:.375rem;padding:.375rem .75rem}',
  '.actions .retry:hover{background:#094a8c;text-decoration:none}',
  '.notices{max-width:40rem;margin:0 auto}.notice{margin-top:1rem;border:1px solid #e2e8f0;background:#fff;border-radius:.75rem;padding:1.25rem}',
  '.notice h1{margin:0;font-size:1.125rem}.notice p{margin-top:.5rem}.notice button{margin-top:.75rem}',
].join('');

/** The page's document: the head every page shares, the body, and its one inline script if any (run by its nonce). */
function pageHtml(lang: Locale, title: string, body: string, script?: { nonce: string; code: string }): string {
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body>${body}${script ? `<script nonce="${script.nonce}">${script.code}</script>` : ''}</body></html>`
  );
}

const link = ({ href, label }: Link, className?: string) =>
  `<a${className ? ` class="${className}"` : ''} href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

function frameHtml(frame: CompanyFrame): string {
  return [
    `<header><div><p class="app">${escapeHtml(frame.appName)}</p>`,
    `<p class="who">${escapeHtml(frame.signedInAs.label)}: <span>${escapeHtml(frame.signedInAs.userId)}</span></p></div>`,
    `<form method="post" action="/auth/logout"><button type="submit">${escapeHtml(frame.signOut)}</button></form></header>`,
    `<div>`,
    frame.companies ? link({ ...frame.companies, label: `← ${frame.companies.label}` }, 'small') : '',
    `<h1>${escapeHtml(frame.name)}</h1><p class="id">${escapeHtml(frame.idLine)}</p>`,
    `<nav aria-label="${escapeHtml(frame.tabs.label)}"><ul>`,
    ...frame.tabs.links.map(
      (tab) =>
        `<li><a href="${escapeHtml(tab.href)}"${tab.current ? ' aria-current="page"' : ''}>${escapeHtml(tab.label)}</a></li>`,
    ),
    `</ul></nav></div>`,
  ].join('');
}

/** The failure page as a response: status, no caching, `Retry-After` when the failure says when. */
export function failurePageResponse(page: FailurePage): Response {
  const { failure, texts, actions, frame } = page;
  const seconds = failure.retryAfterSeconds ?? 1;
  // Under the company's name the failure is a second-level heading; on a page of its own it is the first.
  const heading = frame ? 'h2' : 'h1';
  const problems = texts.map(({ lang, text }, index) => {
    const id = `failure-title${index === 0 ? '' : `-${lang}`}`;
    const links =
      index === 0 && actions ? [actions.retry && link(actions.retry, 'retry'), actions.back && link(actions.back)] : [];
    return [
      `<section role="alert" class="problem" data-failure="${failure.code}" lang="${lang}" aria-labelledby="${id}">`,
      `<${heading} id="${id}">${escapeHtml(text.title)}</${heading}><p>${escapeHtml(fill(text.body, { seconds }))}</p>`,
      links.some(Boolean) ? `<p class="actions">${links.filter(Boolean).join('')}</p>` : '',
      `</section>`,
    ].join('');
  });
  const first = texts[0];
  const title = [first?.text.title ?? '', ...(page.titleTail ?? [])].join(' – ');
  const html = pageHtml(
    first?.lang ?? 'sk',
    title,
    `<div class="wrap">${frame ? frameHtml(frame) : ''}<main>${problems.join('')}</main></div>`,
  );
  return new Response(html, {
    status: statusOf(failure.code),
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      ...page.headers,
      ...failureHeaders(failure),
    },
  });
}

/**
 * A page that is not a failure (status 200): what happened, in each language shown, the page's own first; each
 * language's title, its lines, and a button that closes the tab when the tab may be closed (a tab a script opened).
 */
export type NoticePage = {
  /** Names what the page says, for its reader's scripts and tests: `data-{attribute}="{value}"` on its main. */
  mark: { attribute: string; value: string };
  texts: { lang: Locale; title: string; lines: string[]; closeTab?: string }[];
  headers?: Record<string, string>;
};

/** Closes the tab from its close buttons: the notice page's one script, run by its nonce alone. */
const CLOSE_TAB_SCRIPT =
  "for(const b of document.querySelectorAll('.close-tab'))b.addEventListener('click',()=>window.close())";

/**
 * The notice page as a response. With a close button it carries its script, whose per-answer nonce is the only one
 * the page's policy (the route handlers' own, lib/base/http/security-headers.ts) lets run.
 */
export function noticePageResponse(page: NoticePage): Response {
  const { mark, texts } = page;
  const sections = texts.map(({ lang, title, lines, closeTab }) =>
    [
      `<section class="notice" lang="${lang}"><h1>${escapeHtml(title)}</h1>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      closeTab ? `<button type="button" class="close-tab">${escapeHtml(closeTab)}</button>` : '',
      `</section>`,
    ].join(''),
  );
  const script = texts.some((text) => text.closeTab)
    ? { nonce: randomBytes(16).toString('base64'), code: CLOSE_TAB_SCRIPT }
    : undefined;
  const first = texts[0];
  const main = `<main class="notices" data-${mark.attribute}="${escapeHtml(mark.value)}">${sections.join('')}</main>`;
  const html = pageHtml(first?.lang ?? 'sk', first?.title ?? '', `<div class="wrap">${main}</div>`, script);
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      ...(script
        ? { 'Content-Security-Policy': routeContentSecurityPolicy(getEnv().frameAncestors, script.nonce) }
        : {}),
      ...page.headers,
    },
  });
}

/** The languages of a page for a browser that arrives from elsewhere: the likelier first, then the other. */
export const bothLanguages = (first: Locale): Locale[] => (first === 'sk' ? ['sk', 'en'] : ['en', 'sk']);
