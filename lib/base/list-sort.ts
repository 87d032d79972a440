/**
 * The `sort` parameter of any list: one of the list's keys, a leading '-' for descending (`sort=-amount`). Each list
 * names its keys and its default order once (`sortParser(keys, defaultSort)`); how the parameter reads and is written
 * back lives here, so every list reads it alike. Pure: safe anywhere (the proxy and the components too).
 */

export type ListSort<K extends string> = { key: K; descending: boolean };
export type ListSortParam<K extends string> = K | `-${K}`;

export type SortParser<K extends string> = {
  keys: readonly K[];
  defaultSort: ListSort<K>;
  /** The sort a parameter names, or null when it names none ('' and a repeated '-' name none). */
  named: (value: string) => ListSort<K> | null;
  /** The sort a parameter asks for, and whether it named one: anything else is the default. */
  parse: (value: string | null | undefined) => { sort: ListSort<K>; explicit: boolean };
  /** The parameter as given when it names a sort, else '' (the default order): what a view keeps of it. */
  kept: (value: string) => string;
  /** The parameter that names a sort: what a header's link writes. */
  param: (sort: ListSort<K>) => ListSortParam<K>;
};

export function sortParser<const K extends string>(keys: readonly K[], defaultSort: ListSort<K>): SortParser<K> {
  const named = (value: string): ListSort<K> | null => {
    const descending = value.startsWith('-');
    const key = descending ? value.slice(1) : value;
    return (keys as readonly string[]).includes(key) ? { key: key as K, descending } : null;
  };
  const parse = (value: string | null | undefined) => {
    const sort = value === null || value === undefined ? null : named(value);
    return sort === null ? { sort: defaultSort, explicit: false } : { sort, explicit: true };
  };
  return {
    keys,
    defaultSort,
    named,
    parse,
    kept: (value) => (named(value) === null ? '' : value),
    param: (sort) => (sort.descending ? `-${sort.key}` : sort.key),
  };
}
