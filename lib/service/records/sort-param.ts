/** The `sort` parameter of a document list: what it may name. Pure: safe anywhere (the proxy too). */
import { type ListSort, type ListSortParam, sortParser } from '@/lib/base/list-sort';

/** What a list can be sorted by (the `sort` parameter, a leading '-' for descending: `sort=-total`). */
export const SORT_KEYS = ['documentNumber', 'issueDate', 'dueDate', 'partner', 'total'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortParam = ListSortParam<SortKey>;
export type Sort = ListSort<SortKey>;

/** Newest first, as the service lists documents. */
export const documentSorts = sortParser(SORT_KEYS, { key: 'issueDate', descending: true });
export const DEFAULT_SORT: Sort = documentSorts.defaultSort;
export const parseSort = documentSorts.parse;
export const sortParam = documentSorts.param;
