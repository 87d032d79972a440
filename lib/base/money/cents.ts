import { type Amount, amountOf } from './amount';

/**
 * Cents, rounding and the VAT: money in bigint cents where a rule works to the cent (an invoice's totals, its VAT per
 * rate, a foreign amount in EUR). The rounding rule is the service's and Slovak invoices': half away from zero
 * ("half-up" as the law says it: 1.005 → 1.01, -1.005 → -1.01), as PostgreSQL's round(numeric, 2). Pure.
 */

/** Digits after the decimal point, as written ("1.50" → 2). */
export const decimalPlaces = (decimal: string) => decimal.split('.')[1]?.length ?? 0;

/** A plain decimal of at most two places as cents ("-12.3" → -1230n); null when it has more, or is no decimal. */
export function centsOf(decimal: string): bigint | null {
  if (amountOf(decimal) === null || decimalPlaces(decimal.trim()) > 2) return null;
  const text = decimal.trim();
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** Cents as a decimal with two places, the way invoices write money: `-1234n` → `-12.34`. */
export function moneyText(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** a / b rounded half away from zero (b > 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const quotient = (magnitude * 2n + b) / (b * 2n);
  return negative ? -quotient : quotient;
}

/** An amount rounded to the cent, half away from zero (1.005 → 1.01); null when it is no decimal. */
export function roundToCents(amount: string): Amount | null {
  const exact = amountOf(amount);
  if (exact === null) return null;
  const places = decimalPlaces(exact);
  if (places <= 2) return exact;
  const units = BigInt(exact.replace('.', ''));
  return amountOf(moneyText(divideRounded(units, 10n ** BigInt(places - 2))));
}

/**
 * The VAT in a total that includes it, at a rate (percent, a decimal text), rounded to the cent as Slovak invoices
 * round it per rate: total × rate / (100 + rate).
 */
export function vatInTotal(totalCents: bigint, rate: string): bigint {
  const scale = 10n ** BigInt(decimalPlaces(rate));
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
 * An amount at a ratio (amount × numerator / denominator), rounded to the cent half away from zero, as
 * PostgreSQL's round(numeric, 2) rounds the same sum: what is left to pay in EUR by a document's own ratio of its
 * EUR total to its total. Null when a text is no decimal or the denominator is zero.
 */
export function amountAtRatio(amount: string, numerator: string, denominator: string): Amount | null {
  const [x, n, d] = [amountOf(amount), amountOf(numerator), amountOf(denominator)];
  if (x === null || n === null || d === null || BigInt(d.replace('.', '')) === 0n) return null;
  const unitsOf = (exact: Amount) => BigInt(exact.replace('.', ''));
  // x·n·10^places(d)·100 / (d·10^(places(x)+places(n))): the units' scales moved to one side, in cents.
  let top = unitsOf(x) * unitsOf(n) * 10n ** BigInt(decimalPlaces(d)) * 100n;
  let bottom = unitsOf(d) * 10n ** BigInt(decimalPlaces(x) + decimalPlaces(n));
  if (bottom < 0n) [top, bottom] = [-top, -bottom];
  return amountOf(moneyText(divideRounded(top, bottom)));
}

/** An amount rounded to the cent and written with two places ("66.7" → "66.70"), as the invoices write money. */
export function twoPlaces(amount: string): string | null {
  const rounded = roundToCents(amount);
  const cents = rounded === null ? null : centsOf(rounded);
  return cents === null ? null : moneyText(cents);
}
