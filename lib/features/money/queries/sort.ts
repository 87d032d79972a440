/**
 * The `sort` parameter of the payments' list: `date`, `amount` or `partner`, a leading '-' for descending
 * (`sort=-amount`); anything else is the default, newest first. Pure: safe anywhere (pages build their headers' links
 * with it).
 */
import { type ListSort, type ListSortParam, sortParser } from '@/lib/base/list-sort';

export const PAYMENT_SORT_KEYS = ['date', 'amount', 'partner'] as const;
export type PaymentSortKey = (typeof PAYMENT_SORT_KEYS)[number];
export type PaymentSortParam = ListSortParam<PaymentSortKey>;
export type PaymentSort = ListSort<PaymentSortKey>;

/** Newest first, as the service lists payments. */
export const paymentSorts = sortParser(PAYMENT_SORT_KEYS, { key: 'date', descending: true });
export const DEFAULT_PAYMENT_SORT: PaymentSort = paymentSorts.defaultSort;
export const parsePaymentSort = paymentSorts.parse;
export const paymentSortParam = paymentSorts.param;
