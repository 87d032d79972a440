import type { SearchParams } from '@/lib/base/http/search-params';
import type { SortParser } from '@/lib/base/list-sort';
import { hasControlOrBidi } from '@/lib/service/queries';

/**
 * What every list's view reads from its URL alike: the search box `q`, `sort`, `Top`/`Skip` as the contract names
 * them, the one value of a parameter (the first, when repeated), the tidy address without blank or repeated
 * parameters, and the error shape (the names of the refused parameters, in the form's order). A list's view
 * (documents, payments, stock, partners) is its own filters on top of these. Pure.
 */

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** The longest search the box accepts: longer is no longer a search (and would only cost the database). */
export const SEARCH_MAX_LENGTH = 100;

/** The parameters every list has beside its filters. */
export const LIST_PARAMETERS = ['q', 'sort', 'Top', 'Skip'] as const;

/** A parameter's one value: the first when it was repeated, '' when unset. */
export const firstValue = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? value[0] : value) ?? '';

/** The list's shared parameters as the URL gave them: `q` as typed, the others trimmed. */
export function listParameters(params: SearchParams): { q: string; sort: string; top: string; skip: string } {
  return {
    q: firstValue(params.q),
    sort: firstValue(params.sort).trim(),
    top: firstValue(params.Top).trim(),
    skip: firstValue(params.Skip).trim(),
  };
}

/**
 * The shared parameters of a list's view, read and checked alike: `q` as typed, the others trimmed, the page size
 * (null when it is not one offered), and the names refused so far: any of `checked` carrying a control or bidi
 * character, `q` when too long, `Top` when not offered. A list adds its filters' and its `Skip`'s refusals.
 */
export function readListParameters(params: SearchParams, checked: readonly string[]) {
  const { q, sort, top: rawTop, skip } = listParameters(params);
  const refused = new Set(withControlOrBidi(params, checked));
  if (isSearchTooLong(q)) refused.add('q');
  const top = pageSizeOf(rawTop);
  if (top === null) refused.add('Top');
  return { q, sort, top, skip, refused };
}

/** The URL's value of each filter ('' when unset, never normalized so nothing jumps) and those set, trimmed. */
export function filterValues<F extends string>(
  fields: readonly F[],
  params: SearchParams,
): { values: Record<F, string>; set: Record<string, string> } {
  const values = Object.fromEntries(fields.map((field) => [field, firstValue(params[field])])) as Record<F, string>;
  const set: Record<string, string> = {};
  for (const field of fields) if (values[field].trim() !== '') set[field] = values[field].trim();
  return { values, set };
}

/**
 * The named parameters whose value carries a control or bidi character: refused wherever it stands (trimming would
 * hide some of them: the BOM, a tab).
 */
export const withControlOrBidi = (params: SearchParams, names: readonly string[]): string[] =>
  names.filter((name) => hasControlOrBidi(firstValue(params[name])));

export const isSearchTooLong = (q: string): boolean => q.length > SEARCH_MAX_LENGTH;

/** The page size `Top` asks for: exactly one of the offered sizes, as written ("0x19" or "25.0" is not 25); else null. */
export const pageSizeOf = (top: string): number | null =>
  top === '' ? DEFAULT_PAGE_SIZE : (PAGE_SIZES.find((size) => String(size) === top) ?? null);

/** The offset `Skip` asks for: a plain whole number (0 when unset); else null. */
export const plainSkipOf = (skip: string): number | null =>
  skip === '' ? 0 : /^\d{1,9}$/.test(skip) ? Number(skip) : null;

/**
 * The page a view shows where `Skip` is checked by the service's schema: the default size and no offset for a
 * refused `Top` or `Skip`.
 */
export const pageOf = (top: number | null, skip: string, refused: readonly string[]) => ({
  top: top === null || refused.includes('Top') ? DEFAULT_PAGE_SIZE : top,
  skip: refused.includes('Skip') || skip === '' ? 0 : Number(skip),
});

/** The refused parameters in the form's order: how every list names its mistakes. */
export const inFormOrder = <N extends string>(order: readonly N[], refused: Iterable<string>): N[] => {
  const names = new Set(refused);
  return order.filter((name) => names.has(name));
};

/**
 * The URL's parameters without blank or repeated list parameters (its filters, `q`, `sort`, `Top`, `Skip`), or null
 * when it has none. Any other parameter is no reason to redirect, and is carried along as it came: the view ignores
 * it, and Next hands a page some of them altered (it reads `?constructor=1` into a plain object, as `[Object, '1']`,
 * and writes that back as `constructor=&constructor=1`), which must not send the page round in redirects. `isBlank`
 * says which other values a list drops as blank (the stock's `below=0`).
 */
export function canonicalSearch(
  fields: readonly string[],
  params: SearchParams,
  isBlank: (name: string, value: string) => boolean = () => false,
): string | null {
  let untidy = false;
  const clean = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!fields.includes(name) && !(LIST_PARAMETERS as readonly string[]).includes(name)) {
      for (const each of Array.isArray(value) ? value : [value]) clean.append(name, each);
      continue;
    }
    if (Array.isArray(value)) untidy = true;
    const single = firstValue(value);
    if (single.trim() === '' || isBlank(name, single.trim())) {
      untidy = true;
      continue;
    }
    clean.set(name, single);
  }
  return untidy ? clean.toString() : null;
}

/**
 * What a list of filters under the contract's names (documents, payments) reads from its URL alike: each filter's
 * value and those set, the shared parameters checked (the filters', `q`'s, `Top`'s and `Skip`'s control or bidi
 * characters among them), its `sort` kept when it names one of the list's, whether any filter is set, and its tidy
 * address. The list then checks its filters with its schema and gives the refused names to filteredAddress.
 */
export function readFilteredList<F extends string>(
  fields: readonly F[],
  params: SearchParams,
  sorts: Pick<SortParser<string>, 'kept'>,
) {
  const { values, set } = filterValues(fields, params);
  const { q, sort, top, skip, refused } = readListParameters(params, [...fields, 'Top', 'Skip', 'q']);
  const filtered = Object.keys(set).length > 0;
  return {
    values,
    set,
    q,
    sort: sorts.kept(sort),
    top,
    skip,
    refused,
    filtered,
    canonical: canonicalSearch(fields, params),
  };
}

/** The view's address once its refusals are known (in the form's order): its page the default where refused. */
export function filteredAddress(read: ReturnType<typeof readFilteredList<string>>, invalid: readonly string[]) {
  const { values, q, sort, top, skip, filtered, canonical } = read;
  return { values, q, sort, ...pageOf(top, skip, invalid), filtered, canonical };
}
