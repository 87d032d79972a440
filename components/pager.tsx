import type { ReactNode } from 'react';

import { Link } from '@/components/link';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { fill } from '@/lib/base/i18n/documents';
import { formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { Pager as PagerLinks } from '@/lib/features/documents/pages';

const link =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-ring';
const number = 'min-w-9 rounded-md border px-2 py-1.5 text-center text-sm font-medium tabular-nums focus-ring';

/**
 * A page number or a page size: the current one as marked text (aria-current), the others as links to theirs. The
 * current page number keeps its label ("Page 3"); the current size is read as its number alone.
 */
function CurrentOrLink({
  current,
  href,
  label,
  currentAs,
  currentLabelled = true,
  currentClassName,
  linkClassName,
  children,
}: {
  current: boolean;
  href: string;
  label: string;
  currentAs: 'page' | 'true';
  currentLabelled?: boolean;
  currentClassName: string;
  linkClassName: string;
  children: ReactNode;
}) {
  return current ? (
    <span aria-current={currentAs} aria-label={currentLabelled ? label : undefined} className={currentClassName}>
      {children}
    </span>
  ) : (
    <Link href={href} aria-label={label} className={linkClassName}>
      {children}
    </Link>
  );
}

/**
 * Which records these are (of how many, when the mirror counted them: the interface gives no total), the links to
 * the first, previous, numbered, next and last pages (lib/features/documents/pages.ts), and the page sizes when there is a
 * choice (the home page's overdue list has one size). Wraps on a narrow window rather than scrolling it.
 */
// Long (about 90 lines) on purpose: the paging links, the count and the page sizes are one navigation landmark,
// whose parts depend on each other's conditions; the hrefs come from lib/features/documents/pages.ts.
export function Pager({
  links,
  from,
  to,
  total,
  texts,
  locale,
}: {
  links: PagerLinks;
  from: number;
  to: number;
  total?: number;
  texts: DocumentTexts;
  locale: Locale;
}) {
  const l = texts.lists;
  if (!links.previous && !links.next && from === 1) return null;
  return (
    <nav aria-label={l.paging} className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {to >= from
          ? total === undefined
            ? fill(l.range, { from, to })
            : fill(l.rangeOf, { from, to, total: formatNumber(total, locale, 0) })
          : null}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {links.first && (
          <Link href={links.first} className={link}>
            {l.first}
          </Link>
        )}
        {links.previous && (
          <Link href={links.previous} className={link} rel="prev">
            {l.previous}
          </Link>
        )}
        {links.pages.map((page, index) =>
          page === 'gap' ? (
            <span key={`gap${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </span>
          ) : (
            <CurrentOrLink
              key={page.page}
              current={page.current}
              href={page.href}
              label={fill(l.page, { page: page.page })}
              currentAs="page"
              currentClassName={`${number} border-brand-600 bg-brand-600 text-white`}
              linkClassName={`${number} border-slate-300 bg-white text-slate-700 hover:bg-slate-100`}
            >
              {page.page}
            </CurrentOrLink>
          ),
        )}
        {links.next && (
          <Link href={links.next} className={link} rel="next">
            {l.next}
          </Link>
        )}
        {links.last && (
          <Link href={links.last} className={link}>
            {l.last}
          </Link>
        )}
      </div>
      {links.sizes.length > 0 && (
        <p className="flex items-center gap-1 text-sm text-slate-600">
          {texts.filters.pageSize}:
          {links.sizes.map((size) => (
            <CurrentOrLink
              key={size.size}
              current={size.current}
              href={size.href}
              label={fill(l.perPage, { size: size.size })}
              currentAs="true"
              currentLabelled={false}
              currentClassName="px-1.5 font-semibold text-slate-900"
              linkClassName="rounded px-1.5 text-brand-700 underline hover:text-brand-600 focus-ring"
            >
              {size.size}
            </CurrentOrLink>
          ))}
        </p>
      )}
    </nav>
  );
}
