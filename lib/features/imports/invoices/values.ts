import { amountKey } from '../amounts';
import { readWrittenDecimal } from '../statements/decimal';

/**
 * What a cell of an invoice sheet means: dates (yyyy-MM-dd, `d. M. yyyy` typed as text, a spreadsheet's date),
 * exact decimals (a decimal comma or point, spaces between thousands), and money in cents (bigint: never a float in
 * arithmetic). Pure.
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
 * A decimal as written: `1234.5`, `1234,5`, `1 234,50`, `1.234,50`, `1,234.50`, with a sign in front (or a trailing
 * minus) and a trailing `%` or `€` left out. The separator written last is the decimal one (a lone comma is a decimal
 * comma); the statements' reader of written decimals does the rest. Returns the canonical decimal (amountKey's
 * form: `1234.5`), or null when it is not a number.
 */
export function readDecimal(text: string): string | null {
  const value = text.trim().replace(/\s*(%|€|EUR)$/i, '');
  const separator = value.lastIndexOf(',') > value.lastIndexOf('.') ? ',' : '.';
  const read = readWrittenDecimal(value, separator);
  return read && amountKey(`${read.negative ? '-' : ''}${read.value}`);
}

/** Digits after the decimal point. */
export const decimalPlaces = (decimal: string) => decimal.split('.')[1]?.length ?? 0;

/** A decimal of at most two places as cents; null when it has more. */
export function centsOf(decimal: string): bigint | null {
  if (decimalPlaces(decimal) > 2) return null;
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** Cents as a decimal with two places: `-1234` → `-12.34`. */
export function moneyText(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** a / b rounded half away from zero (b > 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const quotient = (magnitude * 2n + b) / (b * 2n);
  return negative ? -quotient : quotient;
}

/**
 * The VAT in a total that includes it, at a rate (percent, a decimal text), rounded to the cent as Slovak invoices
 * round it per rate: total × rate / (100 + rate).
 */
export function vatInTotal(totalCents: bigint, rate: string): bigint {
  const places = decimalPlaces(rate);
  const scale = 10n ** BigInt(places);
  const rateUnits = BigInt(rate.replace('.', ''));
  return divideRounded(totalCents * rateUnits, 100n * scale + rateUnits);
}

/**
 * An amount in another currency in EUR, at a rate in units of the currency per 1 EUR (the upload's `exchangeRate`,
 * as the service converts a document's prices to its EUR ones): cents / rate, rounded half away from zero to the
 * cent. Exact: the rate's decimals are scaled, never a float.
 */
export function eurCentsAt(cents: bigint, rate: string): bigint {
  const scale = 10n ** BigInt(decimalPlaces(rate));
  return divideRounded(cents * scale, BigInt(rate.replace('.', '')));
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
