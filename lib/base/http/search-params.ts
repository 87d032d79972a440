/**
 * A query's parameters as a page reads them: one value, or a list when the name was repeated. Pure: the proxy reads
 * queries with it too.
 *
 * Always a null-prototype object, read from the query's own entries only: a parameter named `constructor`,
 * `toString`, `valueOf`, `hasOwnProperty` or `__proto__` is then just a name, never Object.prototype's function (an
 * ordinary `{}` answers `params.constructor` with one, so "not seen yet" read as "seen", and a repeated value list
 * began with a function) nor a prototype to replace.
 */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The parameters of a URL's query (`url.searchParams`), each repeated name as a list in the query's order. */
export function searchParamsOf(query: URLSearchParams): SearchParams {
  const params = Object.create(null) as SearchParams;
  for (const [name, value] of query) {
    const seen = Object.hasOwn(params, name) ? params[name] : undefined;
    params[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return params;
}

/**
 * The same from a query object someone else built (Next's `searchParams` of a page: a plain object, in which
 * `?constructor=1` arrives as `[Object, '1']`): its own entries, strings only; a list left with one value is that value.
 */
export function ownSearchParams(query: Readonly<Record<string, unknown>>): SearchParams {
  const params = Object.create(null) as SearchParams;
  for (const [name, value] of Object.entries(query)) {
    const values = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
    if (values.length > 0) params[name] = values.length === 1 ? values[0] : values;
  }
  return params;
}
