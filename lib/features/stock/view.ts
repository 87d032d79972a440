import { ownSearchParams, type SearchParams } from '@/lib/base/http/search-params';
import { stockSorts } from '@/lib/features/stock/queries/sort';
import { type ListAddress, listHref } from '@/lib/service/records/list-view';
import {
  canonicalSearch,
  DEFAULT_PAGE_SIZE,
  firstValue,
  inFormOrder,
  plainSkipOf,
  readListParameters,
} from '@/lib/service/records/list-view-kit';

/**
 * The stock page's view as its address states it (contract.md, "Money and stock"): `warehouse` (a warehouse's code),
 * `q` (item code, name or EAN), `sort` (`itemCode`, `name`, `quantity`, a leading '-' descending), `below=1` (only
 * the items under their minimum), and `Top`/`Skip` for paging as on the document lists. A value the page cannot take
 * is named (`invalid`) and nothing is read; whether the warehouse is one of the company's is known only to the page
 * (its mirrored list), which adds it. Pure.
 */

/** The stock's own parameters, besides the lists' `q`, `sort`, `Top` and `Skip`. */
export const STOCK_FILTERS = ['warehouse', 'below'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** Every parameter of the view, in the form's order (the order invalid ones are named in). */
export const STOCK_PARAMETERS = ['q', ...STOCK_FILTERS, 'sort', 'Top', 'Skip'] as const;

/** The longest warehouse code the filter takes: the service's are a few letters. */
const WAREHOUSE_MAX_LENGTH = 100;

export type StockView = ListAddress & {
  /** What the form shows: the URL's value of each filter, '' when unset. */
  values: Record<StockFilter, string>;
  /** The warehouse asked for (trimmed), or null for all of them together. */
  warehouse: string | null;
  below: boolean;
  /** A filter is set (an empty view then says nothing matches, with a way to clear them). */
  filtered: boolean;
  /** The same view without blank or repeated parameters, when the URL had any: the page redirects there. */
  canonical: string | null;
  /** Parameters whose value the page cannot take, in the form's order; empty when the view is valid. */
  invalid: string[];
};

export function parseStockView(given: SearchParams): StockView {
  const params = ownSearchParams(given);
  const { q, sort, top, skip: rawSkip, refused: invalid } = readListParameters(params, STOCK_PARAMETERS);
  const warehouseTyped = firstValue(params.warehouse);
  const belowTyped = firstValue(params.below);

  const warehouse = warehouseTyped.trim();
  if (warehouse.length > WAREHOUSE_MAX_LENGTH) invalid.add('warehouse');
  if (!['', '0', '1'].includes(belowTyped.trim())) invalid.add('below');
  const skip = plainSkipOf(rawSkip);
  if (skip === null) invalid.add('Skip');

  return {
    values: { warehouse: warehouseTyped, below: belowTyped },
    q,
    // An order the page does not know is the default order, as on the document lists.
    sort: stockSorts.kept(sort),
    top: top ?? DEFAULT_PAGE_SIZE,
    skip: skip ?? 0,
    warehouse: warehouse === '' ? null : warehouse,
    below: belowTyped.trim() === '1',
    filtered: warehouse !== '' || belowTyped.trim() === '1',
    // `below=0` is the unfiltered list too: the tidy address drops it (what a GET form submits).
    canonical: canonicalSearch(STOCK_FILTERS, params, (name, value) => name === 'below' && value === '0'),
    invalid: inFormOrder(STOCK_PARAMETERS, invalid),
  };
}

/** An address of the stock page in this view with some parameters changed (undefined or '' removes one). */
export function stockHref(path: string, view: StockView, changes: Record<string, string | number | undefined>): string {
  return listHref(
    path,
    { ...view, values: { warehouse: view.values.warehouse, below: view.below ? '1' : '' } },
    changes,
  );
}
