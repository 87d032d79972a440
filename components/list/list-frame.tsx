import type { ReactNode } from 'react';

import type { DocumentTexts } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { pagerOf } from '@/lib/features/documents/pages';
import type { ListAddress } from '@/lib/service/records/list-view';

import { Pager } from '../pager';

/**
 * The parts every list page draws the same way (documents, payments, stock, partners, accounts): its heading, the
 * row of the whole view's totals beside its exports, and the table with the pager under it. A list brings its own
 * words, columns and totals; where they sit, and how they are spaced, is said here once.
 */

/** The list's title, and beside it the ways to the pages around it (imports, accounts) where it has them. */
export function ListHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="flex flex-wrap gap-4 text-sm">{children}</div>}
    </div>
  );
}

/** The list's title and the sentence under it saying what the list is. `belowLink`: a way back stands above it. */
export function ListIntro({ title, intro, belowLink = false }: { title: string; intro: string; belowLink?: boolean }) {
  return (
    <>
      <h2 className={`${belowLink ? 'mt-1 ' : ''}text-lg font-semibold text-slate-900`}>{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
    </>
  );
}

/** The whole view's totals on the left, its exports on the right (wrapping under them on a phone). */
export function TotalsRow({ children }: { children: ReactNode }) {
  return <div className="mt-4 flex flex-wrap items-center justify-between gap-2">{children}</div>;
}

/** A page of the list: its table (cards at 390 px, the table's own), then the pager over the whole view. */
export function PagedTable({
  children,
  spacing = 'mt-4',
  paging,
  texts,
  locale,
}: {
  children: ReactNode;
  /** The space above the table: less where a note about the columns stands right above it. */
  spacing?: 'mt-2' | 'mt-4';
  paging: {
    /** The list's own address, without query. */
    path: string;
    view: ListAddress;
    /** How many rows this page shows. */
    shown: number;
    /** All the view's rows, where they are counted. */
    total: number | undefined;
  };
  texts: DocumentTexts;
  locale: Locale;
}) {
  const { path, view, shown, total } = paging;
  return (
    <>
      <div className={spacing}>{children}</div>
      <Pager
        links={pagerOf(path, view, shown, total)}
        from={view.skip + 1}
        to={view.skip + shown}
        total={total}
        texts={texts}
        locale={locale}
      />
    </>
  );
}

/**
 * The box of a whole view's totals (all pages, not just this one): how many rows, then the list's own sums.
 * `marks`: data attributes a list adds for tests and readers of the HTML; `spaced`: room for amounts between items.
 */
export function TotalsBox({
  label,
  count,
  counted,
  marks = {},
  spaced = true,
  children,
}: {
  label: string;
  count: number;
  /** The count in words ("12 invoices"). */
  counted: string;
  marks?: Record<`data-${string}`, string | number>;
  spaced?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      data-totals-count={count}
      {...marks}
      className={`flex flex-wrap items-baseline ${spaced ? 'gap-x-6' : 'gap-x-4'} gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm shadow-sm`}
    >
      <p className="font-medium text-slate-900">{counted}</p>
      {children}
    </section>
  );
}
