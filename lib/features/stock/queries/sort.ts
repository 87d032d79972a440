/**
 * The stock page's orders (the `sort` parameter: `itemCode`, `name`, `quantity`, a leading '-' descending), as the
 * stock's query (./stock.ts) applies them. Pure: the page's headers and its view read them too.
 */
import { type ListSort, sortParser } from '@/lib/base/list-sort';

export const STOCK_SORT_KEYS = ['itemCode', 'name', 'quantity'] as const;
export type StockSortKey = (typeof STOCK_SORT_KEYS)[number];
export type StockSort = ListSort<StockSortKey>;

/** By item code, A to Z. */
export const stockSorts = sortParser(STOCK_SORT_KEYS, { key: 'itemCode', descending: false });
export const DEFAULT_STOCK_SORT: StockSort = stockSorts.defaultSort;
export const parseStockSort = stockSorts.parse;
export const stockSortParam = stockSorts.param;
