/**
 * The `sort` parameter of the partners list (./partners.ts, lib/base/list-sort.ts): by the name (folded: letter case
 * and diacritics ignored), what they owe us (receivables), what we owe them (payables), and what they owe us overdue;
 * a leading '-' for descending. A–Z by name by default: a directory's order; a header's link sorts by the amounts.
 * Pure: the page's view (lib/features/partners/view.ts) parses it with these names.
 */
import { type ListSort, sortParser } from '@/lib/base/list-sort';

export const partnerSorts = sortParser(['name', 'receivables', 'payables', 'overdue'], {
  key: 'name',
  descending: false,
});
export type PartnerSortKey = (typeof partnerSorts.keys)[number];
export type PartnerSort = ListSort<PartnerSortKey>;

/** The sort a `sort` parameter names, or null when it names none ('' is the default, anything else is a mistake). */
export const parsePartnerSort = (value: string): PartnerSort | null =>
  value === '' ? partnerSorts.defaultSort : partnerSorts.named(value);
