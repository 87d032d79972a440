import { Link } from '@/components/link';
import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { StockTexts } from '@/lib/base/i18n/stock';
import { type MinimumOutcome, refusalOf } from '@/lib/features/stock/minimum-outcome';
import type { StockPageData } from '@/lib/features/stock/stock-page';
import { stockHref, type StockView } from '@/lib/features/stock/view';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';
import { ExportNav } from '../list/export-nav';
import { ListEmpty } from '../list/list-empty';
import { PagedTable, TotalsBox, TotalsRow } from '../list/list-frame';
import { type MinimumForms, minimumSetShared, warehouseWords } from './minimum-views';
import { StockTable } from './stock-table';

type Props = { page: StockPageData; tenantId: string; texts: StockTexts; docs: DocumentTexts; locale: Locale };
type Changes = Record<string, string | undefined>;
type StockList = NonNullable<StockPageData['list']>;

/** The view's totals, its exports, the items and the pager; or what is empty and the way out of it. */
export function StockList({ page, tenantId, texts, docs, locale }: Props) {
  const { view, list } = page;
  if (!list) return null;
  const { rows, totals } = list;
  const outcome = page.outcome;
  // What the form did to an item not on this page (one the service does not list, or one the view no longer shows,
  // as after removing the minimum that kept it in `below=1`) is said above the list.
  const elsewhere = outcome && !rows.some((row) => row.itemCode === outcome.itemCode) ? outcome : null;
  const href = (changes: Changes) => stockHref(page.path, view, { ...changes, Skip: undefined });
  return (
    <>
      {elsewhere && <OutcomeElsewhere outcome={elsewhere} texts={texts} />}
      <TotalsRow>
        <StockTotals totals={totals} below={view.below} href={href} texts={texts} locale={locale} />
        {rows.length > 0 && (
          <ExportNav
            hrefOf={(format) => stockHref(`${page.path}/export.${format}`, view, { Top: undefined, Skip: undefined })}
            hint={texts.export.hint}
            texts={docs.export}
          />
        )}
      </TotalsRow>
      {rows.length === 0 ? (
        <StockEmpty view={view} path={page.path} href={href} texts={texts} docs={docs} />
      ) : (
        <StockPage page={page} list={list} tenantId={tenantId} texts={texts} docs={docs} locale={locale} />
      )}
    </>
  );
}

/** The items of this page with their minimums' forms, and the pager. */
function StockPage({ page, list, tenantId, texts, docs, locale }: Props & { list: StockList }) {
  const { view } = page;
  const action = `${companyPath(tenantId, 'stock')}/minimums`;
  const forms: MinimumForms = {
    warehouses: page.warehouses,
    warehouse: view.warehouse,
    outcome: page.outcome,
    shared: minimumSetShared(action, page.href, page.warehouses, texts),
  };
  return (
    <PagedTable
      paging={{ path: page.path, view: stockAddress(view), shown: list.rows.length, total: list.totals.count }}
      texts={docs}
      locale={locale}
    >
      <StockTable
        rows={list.rows}
        sort={list.sort}
        hrefOf={(order) => stockHref(page.path, view, { sort: order, Skip: undefined })}
        warehouse={view.warehouse}
        forms={forms}
        texts={texts}
        locale={locale}
      />
    </PagedTable>
  );
}

/** No items: past the last page, no match, none under their minimum in any warehouse, none matching, or none. */
function StockEmpty({
  view,
  path,
  href,
  texts,
  docs,
}: {
  view: StockView;
  path: string;
  href: (changes: Changes) => string;
  texts: StockTexts;
  docs: DocumentTexts;
}) {
  const searched = view.q.trim() !== '';
  const filtered =
    view.below && view.warehouse === null
      ? { message: texts.empty.below, href: href({ below: undefined }), label: texts.totals.showAll }
      : view.filtered
        ? {
            message: texts.empty.match,
            href: href({ warehouse: undefined, below: undefined }),
            label: texts.filters.clear,
          }
        : null;
  return (
    <ListEmpty
      skip={view.skip}
      firstPageHref={stockHref(path, view, { Skip: undefined })}
      noMatch={
        searched
          ? {
              message: fill(docs.search.noMatch, { q: view.q.trim() }),
              href: href({ q: undefined }),
              label: docs.search.clear,
            }
          : null
      }
      filtered={filtered}
      none={texts.empty.none}
      lists={docs.lists}
    />
  );
}

/** What the minimum's form did to an item this page does not show: refused, or saved or removed. */
function OutcomeElsewhere({ outcome, texts }: { outcome: MinimumOutcome; texts: StockTexts }) {
  const refusal = refusalOf(outcome);
  const words = { item: outcome.itemCode, warehouse: warehouseWords(outcome.warehouse, texts) };
  return refusal ? (
    <p
      role="alert"
      className="mt-4 rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900"
      data-minimum-error={refusal}
    >
      {fill(texts.minimum.errors[refusal], words)}
    </p>
  ) : (
    <p
      role="status"
      className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
      data-minimum-outcome={outcome.result}
    >
      {fill(outcome.result === 'saved' ? texts.minimum.saved : texts.minimum.removed, words)}
    </p>
  );
}

/** The view's count, how many are under their minimum, and the link between all items and those under it. */
function StockTotals({
  totals,
  below,
  href,
  texts,
  locale,
}: {
  totals: StockList['totals'];
  below: boolean;
  href: (changes: Changes) => string;
  texts: StockTexts;
  locale: Locale;
}) {
  return (
    <TotalsBox
      label={texts.totals.label}
      count={totals.count}
      counted={countOf(totals.count, texts.items, locale)}
      marks={{ 'data-totals-below': totals.below }}
      spaced={false}
    >
      {!below && (
        <p className={totals.below > 0 ? 'font-medium text-rose-800' : 'text-slate-700'}>
          {fill(texts.totals.below, { count: totals.below })}
        </p>
      )}
      {below ? (
        <Link href={href({ below: undefined })} className={linkClass}>
          {texts.totals.showAll}
        </Link>
      ) : (
        totals.below > 0 && (
          <Link href={href({ below: '1' })} className={linkClass}>
            {texts.totals.showBelow}
          </Link>
        )
      )}
    </TotalsBox>
  );
}

/** The view as an address's parts, for the pager (below written as the page writes it). */
const stockAddress = (view: StockView) => ({
  ...view,
  values: { warehouse: view.values.warehouse, below: view.below ? '1' : '' },
});
