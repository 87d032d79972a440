import { Link } from '@/components/link';
import { type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import type { StockTexts } from '@/lib/base/i18n/stock';
import type { StockPageData } from '@/lib/features/stock/stock-page';
import { stockHref, type StockView } from '@/lib/features/stock/view';
import { DEFAULT_PAGE_SIZE } from '@/lib/service/records/list-view-kit';

import { linkClass } from '../detail-parts';
import { HiddenFields } from '../list/kept-parameters';
import { PageSizeField } from '../list/page-size-field';
import { SearchBox } from '../search-box';

const control =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm aria-invalid:border-rose-500 aria-invalid:ring-1 aria-invalid:ring-rose-500 focus-ring';

type Props = { view: StockView; page: StockPageData; texts: StockTexts; docs: DocumentTexts };

/** The view's parameters among `names` a form keeps as hidden fields (blank ones left out; below as the page writes it). */
function keptOf(view: StockView, names: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries({
      q: view.q,
      warehouse: view.values.warehouse,
      below: view.below ? '1' : '',
      sort: view.sort,
      Top: view.top === DEFAULT_PAGE_SIZE ? '' : String(view.top),
    }).filter(([name, value]) => value.trim() !== '' && names.includes(name)),
  );
}

/** The search box and the filters' form: warehouse, only items under their minimum, page size. */
export function Filters({ view, page, texts, docs }: Props) {
  const searched = view.q.trim() !== '';
  return (
    <>
      <SearchBox
        action={page.path}
        q={view.q}
        keep={keptOf(view, ['warehouse', 'below', 'sort', 'Top'])}
        clearHref={searched ? stockHref(page.path, view, { q: undefined, Skip: undefined }) : null}
        disabled={false}
        placeholder={texts.search.placeholder}
        texts={docs.search}
      />
      <FilterFields view={view} page={page} texts={texts} docs={docs} />
    </>
  );
}

/** The filters' GET form: what of the address is wrong, the fields, the search and order it keeps, apply and clear. */
function FilterFields({ view, page, texts, docs }: Props) {
  const f = texts.filters;
  const invalid = page.invalid;
  const label = (name: string) => (f.fields as Record<string, string>)[name] ?? name;
  return (
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
      <WarehouseField view={view} page={page} texts={texts} />
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
      <PageSizeField id="stock-top" top={view.top} label={docs.filters.pageSize} control={control} />
      <HiddenFields values={keptOf(view, ['q', 'sort'])} />
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
  );
}

/** The warehouse's select: every warehouse of the copy, and one the address names that the copy does not know. */
function WarehouseField({ view, page, texts }: { view: StockView; page: StockPageData; texts: StockTexts }) {
  const f = texts.filters;
  const warehouse = view.values.warehouse.trim();
  const unknownWarehouse = page.invalid.includes('warehouse');
  return (
    <div className="min-w-40">
      <label htmlFor="stock-warehouse" className="block text-xs font-medium text-slate-700">
        {f.warehouse}
      </label>
      <select
        id="stock-warehouse"
        name="warehouse"
        defaultValue={warehouse}
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
        {unknownWarehouse && <option value={warehouse}>{warehouse}</option>}
      </select>
      {unknownWarehouse && (
        <p id="stock-warehouse-error" className="mt-1 text-xs text-rose-800">
          {fill(f.unknownWarehouse, { warehouse })}
        </p>
      )}
    </div>
  );
}
