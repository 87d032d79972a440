/**
 * Dates as the service writes them. Records carry dates as `2026-07-22T00:00:00` and timestamps as
 * `2026-07-22T10:15:30.12` (no zone); the sandbox has no time zone of its own and reads every zone-less value as
 * UTC, so comparisons stay consistent whatever the machine's zone.
 */
export const DAY_MS = 86_400_000;

/** Whole days since 1970-01-01 (UTC). */
export type Day = number;

export function dayOf(ms: number): Day {
  return Math.floor(ms / DAY_MS);
}

/** `yyyy-MM-dd` */
export function isoDay(day: Day): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A record's date field: midnight, no zone. */
export function recordDate(day: Day): string {
  return `${isoDay(day)}T00:00:00`;
}

/** A record's timestamp: hundredths of a second as the interface shows them, left out when zero. */
export function recordTimestamp(ms: number): string {
  const base = new Date(ms).toISOString().slice(0, 19);
  const hundredths = Math.floor((((ms % 1000) + 1000) % 1000) / 10);
  return hundredths === 0 ? base : `${base}.${String(hundredths).padStart(2, '0')}`;
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm`, `…:ss`, `…:ss.fffffff`, optionally with `Z` or an offset; answers epoch
 * milliseconds, or undefined for anything else, including impossible calendar dates such as 2026-02-30.
 */
export function parseTimestamp(text: string): number | undefined {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const fraction = Number(`0.${m[7] ?? '0'}`);
  let ms = Date.UTC(year, month - 1, day, hour, minute, second) + Math.floor(fraction * 1000);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return ms;
}

/** The date part of a record date or timestamp (`2026-07-22T00:00:00` → `2026-07-22`). */
export function datePart(value: string): string {
  return value.slice(0, 10);
}

/**
 * A record's timestamp moved before `limitMs` when it falls later on that same day: the day's span up to the limit
 * is squeezed into the time before it, so moved stamps keep their order. Other stamps are answered unchanged.
 */
export function notLaterThan(stamp: string, limitMs: number): string {
  const ms = parseTimestamp(stamp);
  if (ms === undefined || ms <= limitMs || dayOf(ms) !== dayOf(limitMs)) return stamp;
  const dayStart = dayOf(limitMs) * DAY_MS;
  return recordTimestamp(dayStart + Math.floor(((ms - dayStart) * (limitMs - dayStart)) / DAY_MS));
}
