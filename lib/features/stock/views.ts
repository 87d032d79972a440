/**
 * What the stock's components are handed besides the page's rows: the longest minimum the form takes, as the
 * minimums' owner checks it (lib/owners/stock/minimum-value.ts), so the field and the check never disagree.
 */
export { MINIMUM_MAX_LENGTH } from '@/lib/owners/stock/minimum-value';
