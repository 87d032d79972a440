import { Link } from '@/components/link';
import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import { formatMoney, formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { PartnerTexts } from '@/lib/base/i18n/partners-sk';
import { isZeroAmount } from '@/lib/base/money';
import type { PartnersListPage } from '@/lib/features/partners/pages';
import { AGEING_BUCKETS } from '@/lib/features/partners/queries/ageing-buckets';
import type { PartnerRow, PartnersTotals } from '@/lib/features/partners/queries/partners';
import { parsePartnerSort, type PartnerSortKey } from '@/lib/features/partners/queries/sort';
import { asListView, type PartnersListView } from '@/lib/features/partners/view';
import { listHref } from '@/lib/service/records/list-view';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from './detail-parts';
import { ExportNav } from './list/export-nav';
import { HiddenFields } from './list/kept-parameters';
import { ListEmpty } from './list/list-empty';
import { ListIntro, PagedTable, TotalsBox, TotalsRow } from './list/list-frame';
import { PartnersFreshness, PartnersUnavailable } from './partners-frame';
import { sortHeader } from './sort-header';
import { type Column, RowHeader, Table, Td } from './table';

type Props = {
  page: PartnersListPage;
  tenantId: string;
  texts: PartnerTexts;
  docs: DocumentTexts;
  locale: Locale;
};

const eur = (amount: string, locale: Locale) => formatMoney(amount, 'EUR', locale);

/**
 * The partners list: its freshness, the search box, then what holds it back (an invalid address, a copy not ready),
 * or the totals of the whole view with its exports, the table (one row per partner, linking to its statement:
 * receivables, overdue, payables, receivables by days overdue with payables under them) and the pager.
 */
// Long (about 130 lines) on purpose: the page's regions in reading order and the states between them; the figures
// come computed from the loader, the rows are PartnersTable's.
export function PartnersList({ page, tenantId, texts, docs, locale }: Props) {
  const { view, mirror } = page;
  const listed = asListView(view);
  const hrefOf = (changes: Record<string, string | number | undefined>) => listHref(page.path, listed, changes);
  const searched = view.q.trim() !== '';
  const ready = mirror.readiness.state === 'ready';

  let body = <PartnersUnavailable mirror={mirror} texts={texts} docs={docs} retryHref={page.href} />;
  if (!view.ok) body = <InvalidView view={view} texts={texts} resetHref={page.path} />;
  else if (page.page) {
    const { partners, totals } = page.page;
    body =
      partners.length === 0 ? (
        <ListEmpty
          skip={view.skip}
          firstPageHref={hrefOf({ Skip: undefined })}
          noMatch={
            searched
              ? {
                  message: fill(texts.search.noMatch, { q: view.q.trim() }),
                  href: hrefOf({ q: undefined, Skip: undefined }),
                  label: texts.search.clear,
                }
              : null
          }
          filtered={null}
          none={texts.none}
          lists={docs.lists}
        />
      ) : (
        <>
          <TotalsRow>
            <Totals totals={totals} texts={texts} locale={locale} />
            <ExportNav
              hrefOf={(format) =>
                listHref(`${page.path}/export.${format}`, listed, { Top: undefined, Skip: undefined })
              }
              hint={docs.export.hint}
              texts={docs.export}
              className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
            />
          </TotalsRow>
          <p className="mt-3 text-xs text-slate-600">{texts.table.ageing}</p>
          <PagedTable
            spacing="mt-2"
            paging={{ path: page.path, view: listed, shown: partners.length, total: totals.count }}
            texts={docs}
            locale={locale}
          >
            <PartnersTable
              partners={partners}
              tenantId={tenantId}
              view={view}
              hrefOf={(sort) => hrefOf({ sort, Skip: undefined })}
              texts={texts}
              locale={locale}
            />
          </PagedTable>
        </>
      );
  }

  // The search box keeps the order and the page size; a new search starts on the first page.
  const keep = Object.fromEntries(
    Object.entries({ sort: view.sort, Top: view.top === 25 ? '' : String(view.top) }).filter(
      ([, value]) => value !== '',
    ),
  );
  return (
    <>
      <ListIntro title={texts.title} intro={texts.intro} />
      {mirror.status && (
        <PartnersFreshness
          status={mirror.status}
          texts={texts}
          docs={docs}
          locale={locale}
          refresh={{ action: companyPath(tenantId, 'sync'), back: page.href }}
        />
      )}
      <form
        method="get"
        action={page.path}
        role="search"
        className="mt-4 flex flex-wrap items-center gap-2"
        key={view.q}
      >
        <label htmlFor="partners-search" className="sr-only">
          {texts.search.label}
        </label>
        <input
          id="partners-search"
          name="q"
          type="search"
          defaultValue={view.q}
          maxLength={100}
          placeholder={texts.search.placeholder}
          disabled={!ready}
          aria-invalid={!view.ok && view.invalid.includes('q') ? true : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:bg-slate-100 aria-invalid:border-rose-500"
        />
        <HiddenFields values={keep} />
        <button
          type="submit"
          disabled={!ready}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring disabled:bg-slate-400"
        >
          {texts.search.submit}
        </button>
        {searched && (
          <Link href={hrefOf({ q: undefined, Skip: undefined })} className={`text-sm ${linkClass}`}>
            {texts.search.clear}
          </Link>
        )}
      </form>
      {body}
      {ready && (
        <section aria-labelledby="partners-notes" className="mt-6 text-sm text-slate-600">
          <h3 id="partners-notes" className="font-medium text-slate-800">
            {texts.notes.title}
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {texts.notes.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** What of the address is wrong, each explained, and the way to the list without it. Nothing was read. */
function InvalidView({
  view,
  texts,
  resetHref,
}: {
  view: PartnersListView & { ok: false };
  texts: PartnerTexts;
  resetHref: string;
}) {
  const t = texts.invalid;
  return (
    <section
      role="alert"
      aria-labelledby="partners-invalid"
      data-invalid={view.invalid.join(' ')}
      className="mt-4 rounded-xl border border-rose-300 bg-rose-50 p-5 text-rose-950"
    >
      <h3 id="partners-invalid" className="font-semibold">
        {t.title}
      </h3>
      <p className="mt-1 text-sm">{t.body}</p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {view.invalid.map((name) => (
          <li key={name} data-invalid-parameter={name}>
            {t.fields[name]}
          </li>
        ))}
      </ul>
      <Link href={resetHref} className={`mt-3 inline-block text-sm ${linkClass}`}>
        {t.reset}
      </Link>
    </section>
  );
}

function Totals({ totals, texts, locale }: { totals: PartnersTotals; texts: PartnerTexts; locale: Locale }) {
  const t = texts.totals;
  return (
    <TotalsBox label={t.label} count={totals.count} counted={countOf(totals.count, texts.partners, locale)}>
      <p className="text-slate-700">
        {t.receivables}:{' '}
        <span className="font-medium tabular-nums text-slate-900" data-total-receivables={totals.receivables}>
          {eur(totals.receivables, locale)}
        </span>{' '}
        ({t.overdue} <span className="tabular-nums">{eur(totals.overdueReceivables, locale)}</span>)
      </p>
      <p className="text-slate-700">
        {t.payables}:{' '}
        <span className="font-medium tabular-nums text-slate-900" data-total-payables={totals.payables}>
          {eur(totals.payables, locale)}
        </span>{' '}
        ({t.overdue} <span className="tabular-nums">{eur(totals.overduePayables, locale)}</span>)
      </p>
    </TotalsBox>
  );
}

/** Text A to Z first, amounts largest first; a second click the other way. */
function sortColumn(
  key: PartnerSortKey,
  label: string,
  view: PartnersListView & { ok: true },
  hrefOf: (sort: string) => string,
): Column {
  return {
    numeric: key !== 'name',
    ...sortHeader(label, key, view.order, { firstDescending: key !== 'name', hrefOf }),
  };
}

// Long (about 95 lines) on purpose: one table's header and row markup, column by column, in the order they show.
function PartnersTable({
  partners,
  tenantId,
  view,
  hrefOf,
  texts,
  locale,
}: {
  partners: PartnerRow[];
  tenantId: string;
  view: PartnersListView;
  hrefOf: (sort: string) => string;
  texts: PartnerTexts;
  locale: Locale;
}) {
  const t = texts.table;
  const shown = view.ok ? view : { ...view, ok: true as const, order: parsePartnerSort('')! };
  const columns: Column[] = [
    sortColumn('name', t.partner, shown, hrefOf),
    sortColumn('receivables', t.receivables, shown, hrefOf),
    sortColumn('overdue', t.overdue, shown, hrefOf),
    sortColumn('payables', t.payables, shown, hrefOf),
    ...AGEING_BUCKETS.map((bucket) => ({ label: texts.buckets[bucket], numeric: true })),
  ];
  return (
    <Table caption={t.caption} columns={columns} cards="labelled">
      {partners.map((partner) => (
        <tr
          key={partner.key}
          className="hover:bg-slate-50"
          data-partner-key={partner.key}
          data-currencies={partner.currencies.join(' ')}
        >
          <RowHeader>
            <Link href={companyPath(tenantId, 'partners', partner.key)} className={linkClass}>
              {partner.name ?? partner.key}
            </Link>
            <span className="block text-xs font-normal text-slate-500">
              {partner.registrationId ? `${t.registrationId} ${partner.registrationId}` : t.byName}
              {partner.currencies.some((code) => code !== 'EUR') &&
                ` · ${fill(t.currencies, { currencies: partner.currencies.filter((code) => code !== 'EUR').join(', ') })}`}
            </span>
            {partner.unconverted > 0 && (
              <span className="block text-xs font-normal text-amber-800">
                {fill(t.unconverted, { count: formatNumber(partner.unconverted, locale, 0) })}
              </span>
            )}
          </RowHeader>
          <Td numeric>
            <span data-receivables={partner.receivables}>{eur(partner.receivables, locale)}</span>
          </Td>
          <Td numeric>
            <span
              data-overdue={partner.overdueReceivables}
              className={isZeroAmount(partner.overdueReceivables) ? undefined : 'font-medium text-rose-700'}
            >
              {eur(partner.overdueReceivables, locale)}
            </span>
            {partner.oldestReceivableDays !== null && (
              <span className="block text-xs text-slate-500">
                {fill(t.oldest, { days: formatNumber(partner.oldestReceivableDays, locale, 0) })}
              </span>
            )}
          </Td>
          <Td numeric>
            <span data-payables={partner.payables}>{eur(partner.payables, locale)}</span>
            {!isZeroAmount(partner.overduePayables) && (
              <span className="block text-xs text-rose-700">
                {t.payablesOverdue}: {eur(partner.overduePayables, locale)}
              </span>
            )}
          </Td>
          {AGEING_BUCKETS.map((bucket) => (
            // A phone's card names only the days where something is owed.
            <Td
              key={bucket}
              numeric
              cardHidden={
                isZeroAmount(partner.receivablesAgeing[bucket]) && isZeroAmount(partner.payablesAgeing[bucket])
              }
            >
              <span data-bucket={bucket}>{eur(partner.receivablesAgeing[bucket], locale)}</span>
              {!isZeroAmount(partner.payablesAgeing[bucket]) && (
                <span className="block text-xs text-slate-500">
                  {fill(t.payablesLine, { amount: eur(partner.payablesAgeing[bucket], locale) })}
                </span>
              )}
            </Td>
          ))}
        </tr>
      ))}
    </Table>
  );
}
