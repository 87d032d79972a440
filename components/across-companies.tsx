import { Link } from '@/components/link';
import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import { formatDay, formatMoney, formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { type AcrossCompanies, type CompanyFigures, overduePaging } from '@/lib/features/documents/across-companies';
import type { Figure } from '@/lib/features/overview/queries/charts';
import { kindPath } from '@/lib/service/records/present';

import { Pager } from './pager';
import { figures, RowHeader, Table, Td } from './table';

/**
 * The home page's figures of each company and the overdue invoices of all of them (lib/features/documents/across-companies.ts),
 * from the companies' copies. Server components; the search is a plain GET form (q), as on the lists.
 */

type Shared = { texts: DocumentTexts; locale: Locale };

const money = (figure: Figure, locale: Locale) => formatMoney(figure.eur, 'EUR', locale);

/**
 * One company's unpaid and overdue invoices (count and EUR), or why they are not shown: a company the user has not
 * connected (no token, or one the service refused) is not being prepared, nothing happens until it is connected, so
 * it says so and where (its own page offers the ways).
 */
export function CompanyFiguresLine({
  entry,
  connected,
  texts,
  locale,
}: Shared & { entry: CompanyFigures; connected: boolean }) {
  const t = texts.across;
  if (entry.readiness !== 'ready' || !entry.figures) {
    // Not connected (no token, or one the service refused) says how to connect, whatever its old copy's state.
    const why = !connected
      ? t.notConnected
      : entry.readiness === 'stopped' || entry.readiness === 'refused'
        ? t.stopped
        : t.preparing;
    return (
      <span
        className="block text-xs text-slate-500"
        data-company-figures={connected ? entry.readiness : 'not-connected'}
      >
        {why}
      </span>
    );
  }
  const { unpaid, overdue } = entry.figures;
  return (
    <span className="block text-xs text-slate-600" data-company-figures="ready">
      {t.unpaid}: {countOf(unpaid.count, texts.documents, locale)} · {money(unpaid, locale)}
      {' · '}
      <span className={overdue.count > 0 ? 'font-medium text-rose-700' : undefined}>
        {t.overdue}: {countOf(overdue.count, texts.documents, locale)} · {money(overdue, locale)}
      </span>
    </span>
  );
}

/** The search over the overdue invoices of every company (a GET form: the query stays in the address). */
function OverdueSearch({ q, t }: { q: string; t: Shared['texts']['across'] }) {
  return (
    <form method="get" action="/" role="search" className="mt-3 flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm text-slate-700">
        {t.search}
        <input
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          className="mt-1 w-72 rounded-md border border-slate-300 px-2 py-1 text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
      </label>
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
      >
        {t.searchButton}
      </button>
      {q !== '' && (
        <Link href="/" className="py-1.5 text-sm text-brand-700 hover:underline">
          {t.clear}
        </Link>
      )}
    </form>
  );
}

/** The overdue invoices of a page, each with its company, customer, due day, days overdue and total. */
function OverdueTable({
  invoices,
  nameOf,
  texts,
  locale,
}: Shared & { invoices: AcrossCompanies['overdue']['invoices']; nameOf: (tenantId: string) => string }) {
  const t = texts.across;
  const c = texts.columns;
  return (
    <Table
      caption={t.overdueTitle}
      captionHidden
      columns={[c.number, t.company, c.customer, c.dueDate, ...figures(t.daysOverdue, c.total)]}
    >
      {invoices.map((invoice) => (
        <tr key={`${invoice.tenantId}/${invoice.id}`} data-overdue-invoice={invoice.id}>
          <RowHeader>
            <Link
              href={kindPath(invoice.tenantId, 'invoices', invoice.id)}
              className="text-brand-700 hover:underline focus-ring"
            >
              {invoice.documentNumber ?? invoice.id}
            </Link>
          </RowHeader>
          <Td>{nameOf(invoice.tenantId)}</Td>
          <Td>{invoice.partnerName ?? '—'}</Td>
          <Td nowrap>{formatDay(invoice.dueDate, locale)}</Td>
          <Td numeric>{formatNumber(invoice.daysOverdue, locale, 0)}</Td>
          <Td numeric>
            {invoice.totalInclVatEur === null
              ? formatMoney(invoice.totalInclVat, invoice.currency, locale)
              : formatMoney(invoice.totalInclVatEur, 'EUR', locale)}
          </Td>
        </tr>
      ))}
    </Table>
  );
}

/** The overdue invoices of the session's ready companies, most overdue first, a page at a time, with the search box. */
export function OverdueAcrossSection({
  across,
  q,
  nameOf,
  connected,
  texts,
  locale,
}: Shared & {
  across: AcrossCompanies;
  q: string;
  nameOf: (tenantId: string) => string;
  connected: (tenantId: string) => boolean;
}) {
  const t = texts.across;
  const { invoices, count } = across.overdue;
  const paging = overduePaging(q, { skip: across.skip, shown: invoices.length, count });
  const leftOut = across.leftOut.map(({ tenantId, readiness }) =>
    fill(
      !connected(tenantId)
        ? t.leftOutNotConnected
        : readiness === 'stopped' || readiness === 'refused'
          ? t.leftOutStopped
          : t.leftOutPreparing,
      { name: nameOf(tenantId) },
    ),
  );
  return (
    <section aria-labelledby="overdue-across" className="mt-8">
      <h2 id="overdue-across" className="text-lg font-semibold text-slate-900">
        {t.overdueTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.overdueIntro}</p>
      {leftOut.length > 0 && (
        <p className="mt-1 text-sm text-slate-600" data-left-out={across.leftOut.length}>
          {fill(t.leftOut, { companies: leftOut.join(', ') })}
        </p>
      )}
      <OverdueSearch q={q} t={t} />
      <p className="mt-3 text-sm text-slate-600" data-overdue-count={count} aria-live="polite">
        {count === 0 ? (q.trim() !== '' ? t.noMatch : t.none) : fill(t.all, { count: formatNumber(count, locale, 0) })}
      </p>
      {invoices.length > 0 && (
        <div className="mt-2">
          <OverdueTable invoices={invoices} nameOf={nameOf} texts={texts} locale={locale} />
        </div>
      )}
      <Pager
        links={paging}
        from={across.skip + 1}
        to={across.skip + invoices.length}
        total={count}
        texts={texts}
        locale={locale}
      />
    </section>
  );
}
