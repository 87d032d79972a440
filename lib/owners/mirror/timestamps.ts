/**
 * The service's lastModifiedTimestamp ("2026-07-22T10:15:30.12", no zone) as an incremental sync reads it. Values are
 * compared and moved as they are written, read as UTC only for the arithmetic, so no time zone shifts them. Pure.
 */

import { storableText } from '@/lib/platform/db/storable';

/** Records changed within this long before the cursor are read again: records sharing a timestamp are never skipped. */
export const CURSOR_OVERLAP_MS = 5 * 60_000;

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?/;

/** Milliseconds of a timestamp read as UTC, for comparing and moving only; undefined for anything else. */
export function timestampValue(text: string | null | undefined): number | undefined {
  const match = text ? TIMESTAMP.exec(text) : null;
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '0'] = match;
  const whole = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(whole) ? undefined : whole + Math.floor(Number(`0.${fraction}`) * 1000);
}

/**
 * The later of two timestamps. One that cannot be read never wins, nor one the database could not store as it came
 * (a U+0000 or a lone surrogate after the digits: lib/platform/db/storable.ts), which would fail the write of the cursors.
 */
export function laterTimestamp(current: string | undefined, candidate: string | null | undefined): string | undefined {
  const next = timestampValue(candidate);
  if (next === undefined || !candidate || storableText(candidate) !== candidate) return current;
  const now = timestampValue(current);
  return now === undefined || next > now ? candidate : current;
}

/** Where an incremental sync starts: the cursor minus the overlap, as the list's LastModifiedTimestamp takes it. */
export function overlapStart(cursor: string): string | undefined {
  const value = timestampValue(cursor);
  if (value === undefined) return undefined;
  return new Date(value - CURSOR_OVERLAP_MS).toISOString().slice(0, 19);
}
