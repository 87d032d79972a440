/**
 * The `sort` parameter of the payments' list: `date`, `amount` or `partner`, a leading '-' for descending
 * (`sort=-amount`); anything else is the default, newest first. Pure: safe anywhere (pages build their headers' links
 * with it).
 */
export const PAYMENT_SORT_KEYS = ['date', 'amount', 'partner'] as const;
export type PaymentSortKey = (typeof PAYMENT_SORT_KEYS)[number];
export type PaymentSortParam = PaymentSortKey | `-${PaymentSortKey}`;
export type PaymentSort = { key: PaymentSortKey; descending: boolean };

/** Newest first, as the service lists payments. */
export const DEFAULT_PAYMENT_SORT: PaymentSort = { key: 'date', descending: true };

/** The sort a `sort` parameter asks for, and whether it named one (else the default). */
export function parsePaymentSort(value: string | null | undefined): { sort: PaymentSort; explicit: boolean } {
  const descending = value?.startsWith('-') ?? false;
  const key = descending ? value!.slice(1) : value;
  return (PAYMENT_SORT_KEYS as readonly (string | null | undefined)[]).includes(key)
    ? { sort: { key: key as PaymentSortKey, descending }, explicit: true }
    : { sort: DEFAULT_PAYMENT_SORT, explicit: false };
}

/** The parameter that names a sort: what a header's link writes. */
export const paymentSortParam = (sort: PaymentSort): PaymentSortParam => (sort.descending ? `-${sort.key}` : sort.key);
