/** The `sort` parameter of a list: what it may name and how it reads. Pure: safe anywhere (the proxy too). */
/** What a list can be sorted by (the `sort` parameter, a leading '-' for descending: `sort=-total`). */
export const SORT_KEYS = ['documentNumber', 'issueDate', 'dueDate', 'partner', 'total'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortParam = SortKey | `-${SortKey}`;

export type Sort = { key: SortKey; descending: boolean };

/** Newest first, as the service lists documents. */
export const DEFAULT_SORT: Sort = { key: 'issueDate', descending: true };

/** The sort a `sort` parameter asks for; anything else (missing, unknown, repeated '-') is the default. Pure. */
export function parseSort(value: string | null | undefined): { sort: Sort; explicit: boolean } {
  const descending = value?.startsWith('-') ?? false;
  const key = descending ? value!.slice(1) : value;
  return (SORT_KEYS as readonly (string | null | undefined)[]).includes(key)
    ? { sort: { key: key as SortKey, descending }, explicit: true }
    : { sort: DEFAULT_SORT, explicit: false };
}

/** The parameter that names a sort: the form a header's link writes. */
export const sortParam = (sort: Sort): SortParam => (sort.descending ? `-${sort.key}` : sort.key);
