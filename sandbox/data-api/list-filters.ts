import { datePart, parseTimestamp } from '../data/calendar';
import type { PaymentStatus } from '../data/types';

/** Inclusive bounds; an unset bound does not constrain. Works for `yyyy-MM-dd` strings, document numbers, amounts. */
export function within<T extends string | number>(value: T, from: T | undefined, to: T | undefined): boolean {
  return (from === undefined || value >= from) && (to === undefined || value <= to);
}

/** A record date (`2026-07-22T00:00:00`) against `yyyy-MM-dd` bounds; a missing date never matches a set bound. */
export function dateWithin(value: string | undefined, from: string | undefined, to: string | undefined): boolean {
  if (from === undefined && to === undefined) return true;
  return value !== undefined && within(datePart(value), from, to);
}

/** LastModifiedTimestamp: records changed at or after the given moment. */
export function modifiedSince(value: string, since: number | undefined): boolean {
  return since === undefined || (parseTimestamp(value) ?? 0) >= since;
}

/**
 * The PaymentStatus filter knows two values while records have four. Chosen reading: 0 "not paid" = not fully paid
 * (0 not paid and 3 partially paid), 1 "fully paid" = 1 fully paid and 2 overpaid. Clients after the exact status
 * read the record's paymentStatus.
 */
export function paymentStatusMatches(status: PaymentStatus, filter: '0' | '1' | undefined): boolean {
  if (filter === undefined) return true;
  return filter === '0' ? status === 0 || status === 3 : status === 1 || status === 2;
}

export function sameCode(value: string, filter: string | undefined): boolean {
  return filter === undefined || value.toLowerCase() === filter.toLowerCase();
}

/** Ordinal comparison (not locale-aware collation, which may ignore punctuation). */
export function compareOrdinal<T extends string | number>(a: T, b: T): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * Newest first by a date field (fixed-format record dates compare as text), then by id descending: a total order,
 * so pages never overlap or skip records between calls.
 */
export function byDateThenIdDesc<T>(date: (item: T) => string, id: (item: T) => number | string) {
  return (a: T, b: T): number => compareOrdinal(date(b), date(a)) || compareOrdinal(id(b), id(a));
}
