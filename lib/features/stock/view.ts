import { ownSearchParams, type SearchParams } from '@/lib/base/http/search-params';
import { parseStockSort } from '@/lib/features/stock/queries/sort';
import { hasControlOrBidi } from '@/lib/service/queries';
import {
  DEFAULT_PAGE_SIZE,
  type ListAddress,
  listHref,
  PAGE_SIZES,
  SEARCH_MAX_LENGTH,
} from '@/lib/service/records/list-view';

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

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export function parseStockView(given: SearchParams): StockView {
  const params = ownSearchParams(given);
  const q = first(params.q);
  const warehouseTyped = first(params.warehouse);
  const belowTyped = first(params.below);
  const rawSort = first(params.sort).trim();
  const rawTop = first(params.Top).trim();
  const rawSkip = first(params.Skip).trim();

  const invalid = new Set<string>();
  for (const name of STOCK_PARAMETERS) if (hasControlOrBidi(first(params[name]))) invalid.add(name);
  if (q.length > SEARCH_MAX_LENGTH) invalid.add('q');
  const warehouse = warehouseTyped.trim();
  if (warehouse.length > WAREHOUSE_MAX_LENGTH) invalid.add('warehouse');
  if (!['', '0', '1'].includes(belowTyped.trim())) invalid.add('below');
  const top = rawTop === '' ? DEFAULT_PAGE_SIZE : (PAGE_SIZES.find((size) => String(size) === rawTop) ?? Number.NaN);
  if (Number.isNaN(top)) invalid.add('Top');
  const skip = rawSkip === '' ? 0 : /^\d{1,9}$/.test(rawSkip) ? Number(rawSkip) : Number.NaN;
  if (Number.isNaN(skip)) invalid.add('Skip');

  return {
    values: { warehouse: warehouseTyped, below: belowTyped },
    q,
    // An order the page does not know is the default order, as on the document lists.
    sort: parseStockSort(rawSort).explicit ? rawSort : '',
    top: Number.isNaN(top) ? DEFAULT_PAGE_SIZE : top,
    skip: Number.isNaN(skip) ? 0 : skip,
    warehouse: warehouse === '' ? null : warehouse,
    below: belowTyped.trim() === '1',
    filtered: warehouse !== '' || belowTyped.trim() === '1',
    canonical: canonicalSearch(params),
    invalid: STOCK_PARAMETERS.filter((name) => invalid.has(name)),
  };
}

/**
 * The URL's parameters without blank or repeated stock parameters (what a GET form submits), or null when it has
 * none; any other parameter is carried along as it came (the minimum form's outcome among them).
 */
function canonicalSearch(params: SearchParams): string | null {
  let untidy = false;
  const clean = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!(STOCK_PARAMETERS as readonly string[]).includes(name)) {
      for (const each of Array.isArray(value) ? value : [value]) clean.append(name, each);
      continue;
    }
    if (Array.isArray(value)) untidy = true;
    const single = first(value);
    if (single.trim() === '' || (name === 'below' && single.trim() === '0')) {
      untidy = true;
      continue;
    }
    clean.set(name, single);
  }
  return untidy ? clean.toString() : null;
}

/** An address of the stock page in this view with some parameters changed (undefined or '' removes one). */
export function stockHref(path: string, view: StockView, changes: Record<string, string | number | undefined>): string {
  return listHref(
    path,
    { ...view, values: { warehouse: view.values.warehouse, below: view.below ? '1' : '' } },
    changes,
  );
}
