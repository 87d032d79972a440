/**
 * The `sort` parameter of the partners list (./partners.ts): what it may name and how it reads.
 * Pure: the page's view (lib/features/partners/view.ts) parses it with these names.
 */

/**
 * What the partners can be sorted by: the name (folded: letter case and diacritics ignored), what they owe us
 * (receivables), what we owe them (payables), and what they owe us overdue; a leading '-' for descending.
 */
export const PARTNER_SORT_KEYS = ['name', 'receivables', 'payables', 'overdue'] as const;
export type PartnerSortKey = (typeof PARTNER_SORT_KEYS)[number];
export type PartnerSortParam = PartnerSortKey | `-${PartnerSortKey}`;
export type PartnerSort = { key: PartnerSortKey; descending: boolean };

/** A–Z by name: a directory's order; a header's link sorts by the amounts. */
export const DEFAULT_PARTNER_SORT: PartnerSort = { key: 'name', descending: false };

/** The sort a `sort` parameter names, or null when it names none ('' is the default, anything else is a mistake). */
export function parsePartnerSort(value: string): PartnerSort | null {
  if (value === '') return DEFAULT_PARTNER_SORT;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  return (PARTNER_SORT_KEYS as readonly string[]).includes(key) ? { key: key as PartnerSortKey, descending } : null;
}

export const partnerSortParam = (sort: PartnerSort): PartnerSortParam => (sort.descending ? `-${sort.key}` : sort.key);
