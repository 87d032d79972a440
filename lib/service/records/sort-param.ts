/**
 * The `sort` parameter of a document list (lib/base/list-sort.ts): what it may name, a leading '-' for descending
 * (`sort=-total`); newest first by default, as the service lists documents. Pure: safe anywhere (the proxy too).
 */
import { type ListSort, type ListSortParam, sortParser } from '@/lib/base/list-sort';

export const documentSorts = sortParser(['documentNumber', 'issueDate', 'dueDate', 'partner', 'total'], {
  key: 'issueDate',
  descending: true,
});
export type SortKey = (typeof documentSorts.keys)[number];
export type Sort = ListSort<SortKey>;
export type SortParam = ListSortParam<SortKey>;
