import { ownSearchParams, type SearchParams } from '@/lib/base/http/search-params';
import type { PaymentFilters, PaymentView } from '@/lib/features/money/queries/payments';
import { paymentSorts } from '@/lib/features/money/queries/sort';
import { paymentListQuery } from '@/lib/service/queries';
import type { ListAddress } from '@/lib/service/records/list-view';
import { filteredAddress, inFormOrder, readFilteredList } from '@/lib/service/records/list-view-kit';

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

export function parsePaymentView(given: SearchParams): PaymentListView {
  const params = ownSearchParams(given);
  const read = readFilteredList(PAYMENT_FILTER_FIELDS, params, paymentSorts);
  const { set: query, top, skip: rawSkip, refused } = read;

  const parsed = paymentListQuery.safeParse({ ...query, Top: String(top ?? 0), Skip: rawSkip });
  if (!parsed.success) for (const issue of parsed.error.issues) refused.add(String(issue.path[0] ?? ''));
  const invalidInOrder = inFormOrder(['q', ...PAYMENT_FILTER_FIELDS, 'Top', 'Skip'], refused);

  const base = { ...filteredAddress(read, invalidInOrder), values: read.values };
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
