/**
 * The `sort` parameter of the payments' list (lib/base/list-sort.ts): `date`, `amount` or `partner`, a leading '-'
 * for descending (`sort=-amount`); anything else is the default, newest first (as the service lists payments). Pure:
 * safe anywhere (pages build their headers' links with it).
 */
import { type ListSort, type ListSortParam, sortParser } from '@/lib/base/list-sort';

export const paymentSorts = sortParser(['date', 'amount', 'partner'], { key: 'date', descending: true });
export type PaymentSortKey = (typeof paymentSorts.keys)[number];
export type PaymentSort = ListSort<PaymentSortKey>;
export type PaymentSortParam = ListSortParam<PaymentSortKey>;
