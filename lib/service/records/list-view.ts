import type { z } from 'zod';

import type { DocumentKind } from '@/lib/base/document-kinds';
import { ownSearchParams, type SearchParams } from '@/lib/base/http/search-params';
import { deliveryNoteListQuery, expenseListQuery, invoiceListQuery } from '@/lib/service/queries';
import {
  canonicalSearch,
  DEFAULT_PAGE_SIZE,
  filteredAddress,
  inFormOrder,
  readFilteredList,
} from '@/lib/service/records/list-view-kit';
import { documentSorts } from '@/lib/service/records/sort-param';

/**
 * A list page's view as its URL states it: the filters under the interface's own parameter names (so a view can be
 * shared, bookmarked and reloaded, and reads like the API call it makes), plus Top and Skip for paging. Parsed with
 * the client's own schemas, so what the form accepts is exactly what the service accepts, and an invalid view is
 * reported by field name before anything is sent.
 */

export const listFilterFields = {
  invoices: [
    'IssueDateFrom',
    'IssueDateTo',
    'DeliveryDateFrom',
    'DeliveryDateTo',
    'PaymentStatus',
    'DueDateStatus',
    'NumberingSequence',
    'DocumentNumberFrom',
    'DocumentNumberTo',
    'OrderNumber',
    'LastModifiedTimestamp',
  ],
  expenses: [
    'DocumentType',
    'IssueDateFrom',
    'IssueDateTo',
    'DueDateFrom',
    'DueDateTo',
    'DeliveryDateFrom',
    'DeliveryDateTo',
    'ReceivedDateFrom',
    'ReceivedDateTo',
    'PaymentStatus',
    'TotalPriceInclVatFrom',
    'TotalPriceInclVatTo',
    'NumberingSequence',
    'LastModifiedTimestamp',
  ],
  deliveryNotes: [
    'IssueDateFrom',
    'IssueDateTo',
    'NumberingSequence',
    'DocumentNumberFrom',
    'DocumentNumberTo',
    'LastModifiedTimestamp',
  ],
} as const satisfies Record<DocumentKind, readonly string[]>;

/** Every kind of document has its list (lib/base/document-kinds.ts). */
export type ListKind = keyof typeof listFilterFields;
export type FilterField<K extends ListKind = ListKind> = (typeof listFilterFields)[K][number];

const schemas: Record<ListKind, z.ZodType> = {
  invoices: invoiceListQuery,
  expenses: expenseListQuery,
  deliveryNotes: deliveryNoteListQuery,
};

export type ListView<K extends ListKind = ListKind> = {
  /** What the form shows: the URL's value of every filter, '' when unset (never normalized, so nothing jumps). */
  values: Record<FilterField<K>, string>;
  /** The search box (`q`) as typed, '' when unset: answered from the company's mirror only. */
  q: string;
  /** The `sort` parameter ('' for the default order; see lib/owners/mirror/query/sort.ts): the mirror's too. */
  sort: string;
  top: number;
  skip: number;
  /** Whether any filter is set (an empty result then says "nothing matches", with a way to clear them). */
  filtered: boolean;
  /** The same view without blank or repeated parameters, when the URL had any: the page redirects there. */
  canonical: string | null;
} & (
  | { ok: true; /** The query to send, by the interface's names. */ query: Record<string, string> }
  | {
      ok: false;
      /** Fields (and Top/Skip) whose value the interface does not allow, in form order. */ invalid: string[];
    }
);

/**
 * What an address of a list is built from: its search, filters (by parameter name), sort and page. A list view of
 * documents is one; so are the payments' and the stock's (lib/features/money/payment-view.ts, lib/features/stock/view.ts).
 */
export type ListAddress = {
  q: string;
  values: Readonly<Record<string, string>>;
  sort: string;
  top: number;
  skip: number;
};

/** The longest document number the interface accepts in its filter. */
const DOCUMENT_NUMBER_MAX = 20;

/**
 * The document-number range as the service is asked for it. Letter case is ignored: both ends are sent in upper case,
 * as numbering sequences write their codes ("of2026" finds OF2026…, on a service that compares numbers as text). One
 * end alone is completed within its series, the number's leading non-digit part: without its "to", OF2026000100 runs
 * to OF999… (not on into OFE…, ZF… and every other series that sorts after it as text); without its "from", a number
 * runs from the start of its series. The form keeps showing what was typed.
 */
export function documentNumberRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const low = from?.toUpperCase();
  const high = to?.toUpperCase();
  const seriesOf = (number: string) => /^\D*/.exec(number)![0];
  if (low !== undefined && high === undefined) {
    const series = seriesOf(low);
    const end = series + '9'.repeat(Math.max(0, DOCUMENT_NUMBER_MAX - series.length));
    return { from: low, to: end >= low ? end : low };
  }
  if (low === undefined && high !== undefined) return { from: seriesOf(high) || '0', to: high };
  return { from: low, to: high };
}

// <input type="datetime-local"> leaves the seconds out when they are zero; the interface wants them.
const withSeconds = (value: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value);

export function parseListView<K extends ListKind>(kind: K, given: SearchParams): ListView<K> {
  // Next's `searchParams` is a plain object: only its own string values are the URL's (lib/base/http/search-params.ts).
  const params = ownSearchParams(given);
  const fields = listFilterFields[kind] as readonly FilterField<K>[];
  const read = readFilteredList(fields, params, documentSorts);
  const { set: query, top, skip: rawSkip, refused } = read;
  if (query.LastModifiedTimestamp !== undefined) query.LastModifiedTimestamp = withSeconds(query.LastModifiedTimestamp);
  for (const field of ['DocumentNumberFrom', 'DocumentNumberTo'])
    if (query[field] !== undefined) query[field] = query[field].toUpperCase();

  if (rawSkip !== '' && rawSkip !== '0') query.Skip = rawSkip;
  query.Top = String(top ?? Number.NaN);

  const parsed = schemas[kind].safeParse(query);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) refused.add(String(issue.path[0] ?? ''));
  }
  const invalidInOrder = inFormOrder(['q', ...fields, 'Top', 'Skip'], refused);

  const base = { ...filteredAddress(read, invalidInOrder), values: read.values };
  if (invalidInOrder.length > 0) return { ...base, ok: false, invalid: invalidInOrder };
  // Completed only once what was typed is valid, so any fault is reported on the field that was typed.
  const { from, to } = documentNumberRange(query.DocumentNumberFrom, query.DocumentNumberTo);
  if (from !== undefined) query.DocumentNumberFrom = from;
  if (to !== undefined) query.DocumentNumberTo = to;
  return { ...base, ok: true, query };
}

/**
 * The tidy query of a list address: without blank filters and repeats, or null when it already is that clean. The
 * proxy redirects to it before the page renders (a GET form submits every field, blank or not).
 */
export function tidyListSearch(kind: ListKind, params: SearchParams): string | null {
  return canonicalSearch(listFilterFields[kind], ownSearchParams(params));
}

/** An address of the same list with some parameters changed (undefined or '' removes one). */
export function listHref(
  pathname: string,
  view: ListAddress,
  changes: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams();
  if (view.q.trim() !== '') params.set('q', view.q);
  for (const [name, value] of Object.entries(view.values)) if (value.trim() !== '') params.set(name, value);
  if (view.sort !== '') params.set('sort', view.sort);
  if (view.top !== DEFAULT_PAGE_SIZE) params.set('Top', String(view.top));
  if (view.skip > 0) params.set('Skip', String(view.skip));
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (name === 'Skip' && value === 0)) params.delete(name);
    else params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Paging without a total: "next" only after a full page, "previous" whenever something was skipped. */
export function pagingLinks(
  pathname: string,
  view: ListAddress,
  received: number,
  /** All the view's records, when known (the mirror counts them; the service does not). */
  total?: number,
): { previous: string | null; next: string | null } {
  const more = total === undefined ? received >= view.top : view.skip + received < total;
  return {
    previous: view.skip > 0 ? listHref(pathname, view, { Skip: Math.max(0, view.skip - view.top) }) : null,
    next: more && view.top > 0 ? listHref(pathname, view, { Skip: view.skip + view.top }) : null,
  };
}
