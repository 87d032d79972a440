import { calendarDay, COMPANY_TIME_ZONE } from '@/lib/base/calendar';
import type { Locale } from '@/lib/base/i18n/messages';
import { amountOf, amountOfNumber } from '@/lib/base/money';

/**
 * Money, days and sizes as people read them, in the user's language. Pure and secret-free: safe in client
 * components and tests.
 *
 * The service's record dates ("2026-07-22T00:00:00") carry no zone: they are calendar days of the company's books.
 * They are formatted as days, never turned into instants, so no time zone can move them to the day before.
 * Clock times are the company's, Europe/Bratislava, whatever zone the server runs in (lib/base/calendar.ts holds
 * the company's calendar: its zone, "today", days).
 */

const localeTags: Record<Locale, string> = { sk: 'sk-SK', en: 'en-GB' };

// Intl formatters are costly to build and a list renders hundreds of cells: one per locale and shape.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat(localeTags[locale], options)));
  return formatter;
}
function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(localeTags[locale], options)));
  return formatter;
}

const isCurrencyCode = (value: string) => /^[A-Z]{3}$/.test(value);

/**
 * An amount with its currency ("1 234,50 €", "€1,234.50"); an unknown currency code is written after the number.
 * An amount's text (lib/base/money: SQL's numeric, an import's line) is formatted digit for digit, never through a
 * float, and rounded to the cent half away from zero (Intl's own rule, the invoices' one); "—" for text that is no
 * decimal. A number (the service's records) is formatted from its shortest text alike.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency: string | null | undefined,
  locale: Locale,
): string {
  const exact = exactOf(amount);
  if (exact === null) return '—';
  const code = currency?.trim().toUpperCase() ?? '';
  if (isCurrencyCode(code)) {
    try {
      return numberFormat(locale, { style: 'currency', currency: code }).format(exact);
    } catch {
      // An ill-formed code Intl refuses: fall through to the plain number.
    }
  }
  const number = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(exact);
  return code ? `${number} ${code}` : number;
}

/** What Intl formats exactly: a finite number, or a decimal's text; null for anything else. */
function exactOf(value: number | string | null | undefined): number | Intl.StringNumericLiteral | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return amountOf(value) as Intl.StringNumericLiteral | null;
}

/** A number or a decimal's text (a quantity, a rate: formatted digit for digit), to at most so many places. */
export function formatNumber(
  value: number | string | null | undefined,
  locale: Locale,
  maximumFractionDigits = 3,
): string {
  const exact = exactOf(value);
  if (exact === null) return '—';
  return numberFormat(locale, { maximumFractionDigits }).format(exact);
}

/**
 * A VAT rate given in percent (20 → "20 %" / "20%"): an amount's text (the service's records) divided by 100 by its
 * exponent ("20E-2"), never through a float; a number alike.
 */
export function formatPercent(rate: number | string | null | undefined, locale: Locale): string {
  const exact =
    rate === null || rate === undefined ? null : typeof rate === 'number' ? amountOfNumber(rate) : amountOf(rate);
  if (exact === null) return '—';
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    `${exact}E-2` as Intl.StringNumericLiteral,
  );
}

/** A day for people ("22. 7. 2026", "22/07/2026"); formatted at UTC midnight, so it is the same day everywhere. */
export function formatDay(value: string | null | undefined, locale: Locale): string {
  const day = calendarDay(value);
  if (!day) return '—';
  return dateFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'numeric', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * A day as the add-on's CSV files write it (the exports, failed.csv): Slovak "24. 11. 2026", which Excel set to Slovak
 * reads as a date, English ISO "2026-11-24", read as a date whatever the machine's region. A value that is no day is
 * given back as it is.
 */
export function fileDay(value: string, locale: Locale): string {
  const day = calendarDay(value);
  if (!day || locale === 'en') return day ?? value;
  const [year, month, date] = day.split('-').map(Number);
  return `${date}. ${month}. ${year}`;
}

const wallClockPattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

/** A service timestamp without zone ("2026-07-22T10:11:12.34"): the company's wall clock, shown as written. */
export function formatWallClock(value: string | null | undefined, locale: Locale): string {
  const match = value ? wallClockPattern.exec(value) : null;
  if (!match || !calendarDay(match[1])) return value ? formatDay(value, locale) : '—';
  const instant = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}Z`);
  if (Number.isNaN(instant.getTime())) return '—';
  return dateFormat(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}

/** A moment's clock time in the company's zone ("14:05"), for notes like "as of 14:05". */
export function formatClockTime(at: Date, locale: Locale): string {
  return dateFormat(locale, {
    timeZone: COMPANY_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** A moment as day and clock time in the company's zone ("22. 7. 2026 14:05"), for when something happened. */
export function formatMoment(at: Date, locale: Locale): string {
  if (Number.isNaN(at.getTime())) return '—';
  return dateFormat(locale, {
    timeZone: COMPANY_TIME_ZONE,
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Bytes in SI units ("950 B", "12,3 kB", "4.1 MB"). */
export function formatFileSize(bytes: number | null | undefined, locale: Locale): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A chart axis's amount, short ("12 tis.", "12K", "1,2 mil."): the exact figures are in the chart's table. */
export function formatCompact(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '—';
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A month of the books ("yyyy-MM") for people: "mar 2026", "Mar 2026"; as a day at UTC, so no zone moves it. */
export function formatMonth(month: string, locale: Locale, style: 'short' | 'long' = 'short'): string {
  const day = calendarDay(`${month}-01`);
  if (!day) return '—';
  return dateFormat(locale, { timeZone: 'UTC', month: style, year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
}
