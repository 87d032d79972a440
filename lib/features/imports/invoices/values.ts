/**
 * What a cell of an invoice sheet means: dates (yyyy-MM-dd, `d. M. yyyy` typed as text, a spreadsheet's date) and
 * the VAT rates of a day. Its decimals and money (cents, the VAT in a total, EUR at a rate) are lib/base/money's.
 * Pure.
 */

/** A day that exists, as yyyy-MM-dd; null for anything else. */
function dayOf(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Excel's day count (1900 system): 1 is 1900-01-01, with its phantom 29 February 1900 (serials from 61 on). */
function dayOfSerial(serial: number): string | null {
  if (!Number.isInteger(serial) || serial < 61 || serial > 402_133) return null;
  return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date as a sheet may write it: `31. 1. 2026`, `31.1.2026`, `31.01.2026`, `2026-01-31` (a time after it is left
 * out), a spreadsheet's date cell (already yyyy-MM-dd) or a date's serial number. Null when it is no day that exists.
 */
export function readDate(text: string, kind: 'text' | 'number' | 'date' = 'text'): string | null {
  const value = text.trim();
  if (kind === 'number') return dayOfSerial(Number(value));
  const dotted = /^(\d{1,2})\s*\.\s*(\d{1,2})\s*\.\s*(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(value);
  if (dotted) return dayOf(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(value);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/**
 * The Slovak VAT rates in force on a day (that of the taxable supply): 20 % and 10 % until 2022, a 5 % rate beside
 * them from 2023, 23 %, 19 % and 5 % from 1 January 2025; 0 % (exempt, reverse charge, export) always. The same
 * periods as the sandbox's (sandbox/data/vat-rates.ts).
 */
const VAT_PERIODS: readonly { from: string; rates: readonly string[] }[] = [
  { from: '2025-01-01', rates: ['23', '19', '5', '0'] },
  { from: '2023-01-01', rates: ['20', '10', '5', '0'] },
  { from: '0000-01-01', rates: ['20', '10', '0'] },
];

export function vatRatesOn(day: string): readonly string[] {
  return (VAT_PERIODS.find((period) => day >= period.from) ?? VAT_PERIODS[VAT_PERIODS.length - 1]!).rates;
}
