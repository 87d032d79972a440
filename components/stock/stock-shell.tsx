import type { ReactNode } from 'react';

import { Link } from '@/components/link';
import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { StockTexts } from '@/lib/base/i18n/stock';
import { pagerOf } from '@/lib/features/documents/pages';
import { refusalOf } from '@/lib/features/stock/minimum-outcome';
import type { StockPageData } from '@/lib/features/stock/stock-page';
import { stockHref, type StockView } from '@/lib/features/stock/view';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/service/records/list-view';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';
import { EmptyState } from '../empty-state';
import { Pager } from '../pager';
import { SearchBox } from '../search-box';
import { ServiceProblem } from '../service-problem';
import { type MinimumForms, minimumSetShared, warehouseWords } from './minimum-views';
import { StockFreshness } from './stock-freshness';
import { StockTable } from './stock-table';

type Props = { page: StockPageData; tenantId: string; texts: StockTexts; docs: DocumentTexts; locale: Locale };

const control =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm aria-invalid:border-rose-500 aria-invalid:ring-1 aria-invalid:ring-rose-500 focus-ring';

/**
 * The stock page (`/companies/{tenantId}/stock`): what it is, how fresh the company's copy of its catalog items is,
 * then either why there is no list (being prepared, refused by the service, paused, disconnected, turned off) or the
 * search box, the filters (warehouse, only items under their minimum, page size), the view's totals with its exports,
 * the items with their minimums, and the pager. Every part is a plain link or form: it works without script.
 */
export function StockShell({ page, tenantId, texts, docs, locale }: Props) {
  const { view, state } = page;
  let body: ReactNode = null;
  if (state.kind === 'off') body = <Notice>{texts.mirror.off}</Notice>;
  else if (state.kind === 'disconnected')
    body = <ServiceProblem problem={{ kind: 'disconnected' }} texts={docs} retryHref={page.href} />;
  else if (state.kind === 'paused')
    body = <ServiceProblem problem={{ kind: 'payment-required' }} texts={docs} retryHref={page.href} />;
  else if (state.kind === 'refused')
    body = (
      <section
        role="alert"
        data-kind-refused={state.refusal}
        className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 shadow-sm"
      >
        <h3 className="text-base font-semibold">{texts.mirror.refusedTitle}</h3>
        <p className="mt-2 text-sm">{texts.mirror.refused[state.refusal]}</p>
      </section>
    );
  else if (state.kind === 'preparing')
    // How many are read is said in the bar above (StockFreshness), which follows the copy as it grows.
    body = <Notice>{texts.mirror.preparingNote}</Notice>;
  else body = <StockList page={page} tenantId={tenantId} texts={texts} docs={docs} locale={locale} />;

  return (
    <>
      <h2 className="text-lg font-semibold text-slate-900">{texts.title}</h2>
      <p className="mt-1 text-sm text-slate-600">{texts.intro}</p>
      {page.mirror && (
        <StockFreshness
          status={page.mirror}
          state={state}
          texts={texts}
          docs={docs}
          locale={locale}
          refresh={{ action: companyPath(tenantId, 'sync'), back: page.href }}
        />
      )}
      {state.kind === 'ready' && <Filters view={view} page={page} texts={texts} docs={docs} />}
      {body}
    </>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-700"
    >
      {children}
    </p>
  );
}

/** The search box and the filters' form: warehouse, only items under their minimum, page size. */
function Filters({
  view,
  page,
  texts,
  docs,
}: {
  view: StockView;
  page: StockPageData;
  texts: StockTexts;
  docs: DocumentTexts;
}) {
  const f = texts.filters;
  const searched = view.q.trim() !== '';
  const invalid = page.invalid;
  const kept = (names: string[]) =>
    Object.fromEntries(
      Object.entries({
        q: view.q,
        warehouse: view.values.warehouse,
        below: view.below ? '1' : '',
        sort: view.sort,
        Top: view.top === DEFAULT_PAGE_SIZE ? '' : String(view.top),
      }).filter(([name, value]) => value.trim() !== '' && names.includes(name)),
    );
  const label = (name: string) => (f.fields as Record<string, string>)[name] ?? name;
  const unknownWarehouse = invalid.includes('warehouse');
  return (
    <>
      <SearchBox
        action={page.path}
        q={view.q}
        keep={kept(['warehouse', 'below', 'sort', 'Top'])}
        clearHref={searched ? stockHref(page.path, view, { q: undefined, Skip: undefined }) : null}
        disabled={false}
        placeholder={texts.search.placeholder}
        texts={docs.search}
      />
      <form
        method="get"
        action={page.path}
        key={JSON.stringify(view.values)}
        aria-label={f.legend}
        className="mt-3 flex flex-wrap items-end gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm"
      >
        {invalid.length > 0 && (
          <p role="alert" className="w-full rounded-md border border-rose-300 bg-rose-50 p-2 text-sm text-rose-900">
            {fill(f.invalid, { fields: invalid.map(label).join(', ') })}
          </p>
        )}
        <div className="min-w-40">
          <label htmlFor="stock-warehouse" className="block text-xs font-medium text-slate-700">
            {f.warehouse}
          </label>
          <select
            id="stock-warehouse"
            name="warehouse"
            defaultValue={view.values.warehouse.trim()}
            aria-invalid={unknownWarehouse || undefined}
            aria-describedby={unknownWarehouse ? 'stock-warehouse-error' : undefined}
            className={control}
          >
            <option value="">{f.allWarehouses}</option>
            {page.warehouses.map((each) => (
              <option key={each.code} value={each.code}>
                {each.name ? `${each.code} – ${each.name}` : each.code}
              </option>
            ))}
            {unknownWarehouse && <option value={view.values.warehouse.trim()}>{view.values.warehouse.trim()}</option>}
          </select>
          {unknownWarehouse && (
            <p id="stock-warehouse-error" className="mt-1 text-xs text-rose-800">
              {fill(f.unknownWarehouse, { warehouse: view.values.warehouse.trim() })}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2 pb-1.5">
          <input
            id="stock-below"
            type="checkbox"
            name="below"
            value="1"
            defaultChecked={view.below}
            aria-invalid={invalid.includes('below') || undefined}
            className="h-4 w-4 rounded border-slate-300 focus-ring"
          />
          <label htmlFor="stock-below" className="text-sm text-slate-800">
            {f.below}
          </label>
        </div>
        <div>
          <label htmlFor="stock-top" className="block text-xs font-medium text-slate-700">
            {docs.filters.pageSize}
          </label>
          <select id="stock-top" name="Top" defaultValue={String(view.top)} className={control}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        {Object.entries(kept(['q', 'sort'])).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex items-center gap-3 pb-0.5">
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
          >
            {f.apply}
          </button>
          {view.filtered && (
            <Link
              href={stockHref(page.path, view, { warehouse: undefined, below: undefined, Skip: undefined })}
              className={`text-sm ${linkClass}`}
            >
              {f.clear}
            </Link>
          )}
        </div>
      </form>
    </>
  );
}

/** The view's totals, its exports, the items and the pager; or what is empty and the way out of it. */
function StockList({ page, tenantId, texts, docs, locale }: Props) {
  const { view, list } = page;
  if (!list) return null;
  const { rows, totals, sort } = list;
  const outcome = page.outcome;
  const action = `${companyPath(tenantId, 'stock')}/minimums`;
  const forms: MinimumForms = {
    warehouses: page.warehouses,
    warehouse: view.warehouse,
    outcome,
    shared: minimumSetShared(action, page.href, page.warehouses, texts),
  };
  // What the form did to an item not on this page (one the service does not list, or one the view no longer shows,
  // as after removing the minimum that kept it in `below=1`) is said above the list.
  const refusal = refusalOf(outcome);
  const elsewhere = outcome && !rows.some((row) => row.itemCode === outcome.itemCode) ? outcome : null;
  const searched = view.q.trim() !== '';
  const href = (changes: Record<string, string | undefined>) =>
    stockHref(page.path, view, { ...changes, Skip: undefined });

  let content: ReactNode;
  if (rows.length === 0) {
    content =
      view.skip > 0 ? (
        <EmptyState
          message={docs.lists.nothingFurther}
          action={{ href: stockHref(page.path, view, { Skip: undefined }), label: docs.lists.firstPage }}
        />
      ) : searched ? (
        <EmptyState
          message={fill(docs.search.noMatch, { q: view.q.trim() })}
          action={{ href: href({ q: undefined }), label: docs.search.clear }}
        />
      ) : view.below && view.warehouse === null ? (
        <EmptyState
          message={texts.empty.below}
          action={{ href: href({ below: undefined }), label: texts.totals.showAll }}
        />
      ) : view.filtered ? (
        <EmptyState
          message={texts.empty.match}
          action={{ href: href({ warehouse: undefined, below: undefined }), label: texts.filters.clear }}
        />
      ) : (
        <EmptyState message={texts.empty.none} />
      );
  } else {
    content = (
      <>
        <div className="mt-4">
          <StockTable
            rows={rows}
            sort={sort}
            hrefOf={(order) => stockHref(page.path, view, { sort: order, Skip: undefined })}
            warehouse={view.warehouse}
            forms={forms}
            texts={texts}
            locale={locale}
          />
        </div>
        <Pager
          links={pagerOf(page.path, stockAddress(view), rows.length, totals.count)}
          from={view.skip + 1}
          to={view.skip + rows.length}
          total={totals.count}
          texts={docs}
          locale={locale}
        />
      </>
    );
  }

  return (
    <>
      {elsewhere && refusal && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900"
          data-minimum-error={refusal}
        >
          {fill(texts.minimum.errors[refusal], {
            item: elsewhere.itemCode,
            warehouse: warehouseWords(elsewhere.warehouse, texts),
          })}
        </p>
      )}
      {elsewhere && !refusal && (
        <p
          role="status"
          className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          data-minimum-outcome={elsewhere.result}
        >
          {fill(elsewhere.result === 'saved' ? texts.minimum.saved : texts.minimum.removed, {
            item: elsewhere.itemCode,
            warehouse: warehouseWords(elsewhere.warehouse, texts),
          })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <section
          aria-label={texts.totals.label}
          data-totals-count={totals.count}
          data-totals-below={totals.below}
          className="flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm shadow-sm"
        >
          <p className="font-medium text-slate-900">{countOf(totals.count, texts.items, locale)}</p>
          {!view.below && (
            <p className={totals.below > 0 ? 'font-medium text-rose-800' : 'text-slate-700'}>
              {fill(texts.totals.below, { count: totals.below })}
            </p>
          )}
          {view.below ? (
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
        </section>
        {rows.length > 0 && (
          <nav
            aria-label={docs.export.label}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm"
            data-export-links=""
          >
            {(['csv', 'xlsx'] as const).map((format) => (
              <a
                key={format}
                href={stockHref(`${page.path}/export.${format}`, view, { Top: undefined, Skip: undefined })}
                className={linkClass}
                title={texts.export.hint}
                data-export={format}
              >
                {format === 'csv' ? docs.export.csv : docs.export.xlsx}
              </a>
            ))}
          </nav>
        )}
      </div>
      {content}
    </>
  );
}

/** The view as an address's parts, for the pager (below written as the page writes it). */
const stockAddress = (view: StockView) => ({
  ...view,
  values: { warehouse: view.values.warehouse, below: view.below ? '1' : '' },
});
