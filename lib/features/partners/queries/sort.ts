/**
 * The `sort` parameter of the partners list (./partners.ts): what it may name.
 * Pure: the page's view (lib/features/partners/view.ts) parses it with these names.
 */
import { type ListSort, type ListSortParam, sortParser } from '@/lib/base/list-sort';

/**
 * What the partners can be sorted by: the name (folded: letter case and diacritics ignored), what they owe us
 * (receivables), what we owe them (payables), and what they owe us overdue; a leading '-' for descending.
 */
export const PARTNER_SORT_KEYS = ['name', 'receivables', 'payables', 'overdue'] as const;
export type PartnerSortKey = (typeof PARTNER_SORT_KEYS)[number];
export type PartnerSortParam = ListSortParam<PartnerSortKey>;
export type PartnerSort = ListSort<PartnerSortKey>;

/** A–Z by name: a directory's order; a header's link sorts by the amounts. */
export const partnerSorts = sortParser(PARTNER_SORT_KEYS, { key: 'name', descending: false });
export const DEFAULT_PARTNER_SORT: PartnerSort = partnerSorts.defaultSort;
export const partnerSortParam = partnerSorts.param;

/** The sort a `sort` parameter names, or null when it names none ('' is the default, anything else is a mistake). */
export const parsePartnerSort = (value: string): PartnerSort | null =>
  value === '' ? DEFAULT_PARTNER_SORT : partnerSorts.named(value);
