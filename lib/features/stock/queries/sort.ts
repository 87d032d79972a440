/**
 * The stock page's orders (the `sort` parameter: `itemCode`, `name`, `quantity`, a leading '-' descending), as the
 * stock's query (./stock.ts) applies them. Pure: the page's headers and its view read them too.
 */

export const STOCK_SORT_KEYS = ['itemCode', 'name', 'quantity'] as const;
export type StockSortKey = (typeof STOCK_SORT_KEYS)[number];
export type StockSort = { key: StockSortKey; descending: boolean };

/** By item code, A to Z. */
export const DEFAULT_STOCK_SORT: StockSort = { key: 'itemCode', descending: false };

/** The order a `sort` parameter asks for; anything else (missing, unknown, repeated '-') is the default. */
export function parseStockSort(value: string | null | undefined): { sort: StockSort; explicit: boolean } {
  const descending = value?.startsWith('-') ?? false;
  const key = descending ? value!.slice(1) : value;
  return (STOCK_SORT_KEYS as readonly (string | null | undefined)[]).includes(key)
    ? { sort: { key: key as StockSortKey, descending }, explicit: true }
    : { sort: DEFAULT_STOCK_SORT, explicit: false };
}

/** The parameter that names an order: what a header's link writes. */
export const stockSortParam = (sort: StockSort): string => (sort.descending ? `-${sort.key}` : sort.key);
