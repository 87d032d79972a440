import { ownSearchParams, type SearchParams } from '@/lib/base/http/search-params';
import type { PaymentFilters, PaymentView } from '@/lib/features/money/queries/payments';
import { parsePaymentSort } from '@/lib/features/money/queries/sort';
import { hasControlOrBidi, paymentListQuery } from '@/lib/service/queries';
import {
  canonicalSearch,
  DEFAULT_PAGE_SIZE,
  type ListAddress,
  PAGE_SIZES,
  SEARCH_MAX_LENGTH,
} from '@/lib/service/records/list-view';

/**
 * The payments' list as its URL states it: the filters under the interface's own names (`PaymentDateFrom`,
 * `PaymentDateTo`, `AccountId`: what GET /api/payments takes), the search box `q`, `sort`, and `Top`/`Skip` as the
 * document lists page. Parsed with the client's own schema of the payments' query (lib/service/queries.ts: days
 * yyyy-MM-dd that exist, each From not after its To, an account id of decimal digits), so an invalid value is named by
 * its field and nothing is read. Pure.
 */

export const PAYMENT_FILTER_FIELDS = ['PaymentDateFrom', 'PaymentDateTo', 'AccountId'] as const;
export type PaymentFilterField = (typeof PAYMENT_FILTER_FIELDS)[number];

export type PaymentListView = ListAddress & {
  /** What the form shows: the URL's value of every filter, '' when unset (never normalized). */
  values: Record<PaymentFilterField, string>;
  /** Whether any filter is set. */
  filtered: boolean;
  /** The same view without blank or repeated parameters, when the URL had any: the page redirects there. */
  canonical: string | null;
} & (
    | { ok: true; /** The filters, as the mirror is asked for them. */ filters: PaymentFilters }
    | { ok: false; /** Fields (and q, Top, Skip) whose value is not allowed, in form order. */ invalid: string[] }
  );

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export function parsePaymentView(given: SearchParams): PaymentListView {
  const params = ownSearchParams(given);
  const values = Object.fromEntries(PAYMENT_FILTER_FIELDS.map((field) => [field, first(params[field])])) as Record<
    PaymentFilterField,
    string
  >;
  const rawTop = first(params.Top).trim();
  const rawSkip = first(params.Skip).trim();
  const q = first(params.q);
  const sort = first(params.sort).trim();

  const query: Record<string, string> = {};
  for (const field of PAYMENT_FILTER_FIELDS) {
    const value = values[field].trim();
    if (value !== '') query[field] = value;
  }
  const filtered = Object.keys(query).length > 0;

  // A control or bidi character is refused wherever it stands (trimming would hide some of them).
  const invalid: string[] = [...PAYMENT_FILTER_FIELDS, 'Top', 'Skip', 'q'].filter((name) =>
    hasControlOrBidi(first(params[name])),
  );
  if (q.length > SEARCH_MAX_LENGTH && !invalid.includes('q')) invalid.push('q');
  // Exactly one of the offered sizes, as written.
  const top = rawTop === '' ? DEFAULT_PAGE_SIZE : (PAGE_SIZES.find((size) => String(size) === rawTop) ?? Number.NaN);
  if (Number.isNaN(top)) invalid.push('Top');
  const parsed = paymentListQuery.safeParse({ ...query, Top: String(Number.isNaN(top) ? 0 : top), Skip: rawSkip });
  if (!parsed.success) for (const issue of parsed.error.issues) invalid.push(String(issue.path[0] ?? ''));
  const order = ['q', ...PAYMENT_FILTER_FIELDS, 'Top', 'Skip'];
  const invalidInOrder = order.filter((name) => invalid.includes(name));

  const base = {
    values,
    q,
    sort: parsePaymentSort(sort).explicit ? sort : '',
    top: invalidInOrder.includes('Top') ? DEFAULT_PAGE_SIZE : top,
    skip: invalidInOrder.includes('Skip') || rawSkip === '' ? 0 : Number(rawSkip),
    filtered,
    canonical: canonicalSearch(PAYMENT_FILTER_FIELDS, params),
  };
  if (invalidInOrder.length > 0 || !parsed.success) return { ...base, ok: false, invalid: invalidInOrder };
  const { PaymentDateFrom, PaymentDateTo, AccountId } = parsed.data;
  const filters: PaymentFilters = {};
  if (PaymentDateFrom !== undefined) filters.PaymentDateFrom = PaymentDateFrom;
  if (PaymentDateTo !== undefined) filters.PaymentDateTo = PaymentDateTo;
  if (AccountId !== undefined) filters.AccountId = AccountId;
  return { ...base, ok: true, filters };
}

/** A valid view as the mirror is asked for it. */
export function mirrorPaymentView(view: PaymentListView & { ok: true }): PaymentView {
  return { q: view.q, sort: view.sort || undefined, filters: view.filters, top: view.top, skip: view.skip };
}
