/**
 * The one money type: an exact decimal amount, carried as its canonical text (`Amount`). Text, not a float (0.1 + 0.2
 * is 0.3 here) and not an object: it crosses JSON, SQL's numeric and a server component's props to a client one as it
 * is, and Intl formats it digit for digit. Arithmetic runs on bigints scaled to the longer fraction. Pure.
 */

/**
 * An exact decimal in one text per value: no leading zeros, no trailing zeros in the fraction, no "-0"
 * ("0120.500" → "120.5", "-0.00" → "0"), so equal amounts are equal strings and can key a map.
 */
export type Amount = string & { readonly __amount: 'exact decimal' };

/** A plain decimal as SQL's numeric, the statements' canonical form and our own texts write it. */
const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** An amount as an integer of 10^-scale units. */
type Scaled = { units: bigint; scale: number };

function scaledOf(text: string): Scaled | null {
  const match = PLAIN.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

const rescaled = ({ units, scale }: Scaled, to: number) => units * 10n ** BigInt(to - scale);

function textOf({ units, scale }: Scaled): Amount {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = scale === 0 ? digits : digits.slice(0, -scale);
  const fraction = scale === 0 ? '' : digits.slice(-scale).replace(/0+$/, '');
  const value = fraction === '' ? whole : `${whole}.${fraction}`;
  return (negative && /[1-9]/.test(value) ? `-${value}` : value) as Amount;
}

/**
 * A plain decimal's amount ("120.50", "-3", "0120.5"; spaces around it are ignored), as SQL's numeric and the
 * statements write it; null for anything else ("1e3", "12,50", ".5", "", "NaN").
 */
export function amountOf(text: string): Amount | null {
  const scaled = scaledOf(text);
  return scaled && textOf(scaled);
}

/** `amountOf` for a database column that may be null (numeric comes back from SQL as its decimal text). */
export const amountOfSql = (text: string | null | undefined): Amount | null =>
  text === null || text === undefined ? null : amountOf(text);

/**
 * A JSON number's amount, without float arithmetic: the double's shortest decimal text (what JSON wrote: 0.1 is
 * "0.1", never 0.1000000000000000055…), with an exponent moved into the digits ("1e-7" → "0.0000001"). Null for NaN
 * and the infinities.
 */
export function amountOfNumber(value: number): Amount | null {
  return Number.isFinite(value) ? amountOf(plainTextOfNumber(value)) : null;
}

/** A finite number's shortest text without exponent: the digits the double's shortest form holds, moved. */
export function plainTextOfNumber(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign = '', first = '', rest = '', exponent = '0'] = match;
  const digits = first + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A plain decimal's sign and digits, without the leading zeros of its whole part and the trailing ones of its fraction. */
function partsOf(amount: string): { negative: boolean; whole: string; fraction: string } | null {
  const match = PLAIN.exec(amount.trim());
  if (!match) return null;
  const [, sign = '', rawWhole = '0', rawFraction = ''] = match;
  let start = 0;
  while (start < rawWhole.length - 1 && rawWhole.charCodeAt(start) === 48) start += 1;
  let end = rawFraction.length;
  while (end > 0 && rawFraction.charCodeAt(end - 1) === 48) end -= 1;
  const whole = rawWhole.slice(start);
  const fraction = rawFraction.slice(0, end);
  return { negative: sign === '-' && (whole !== '0' || fraction !== ''), whole, fraction };
}

/**
 * -1, 0 or 1 as a is below, equal to or above b; null when either is not a plain decimal. Compared digit by digit
 * (the whole parts by length first; fractions without trailing zeros compare as texts): pairing compares every line's
 * amount with its candidates', and this reads each once without building a bigint.
 */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 | null {
  const x = partsOf(a);
  const y = partsOf(b);
  if (x === null || y === null) return null;
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  let order: -1 | 0 | 1 =
    x.whole.length !== y.whole.length
      ? x.whole.length < y.whole.length
        ? -1
        : 1
      : x.whole !== y.whole
        ? x.whole < y.whole
          ? -1
          : 1
        : x.fraction === y.fraction
          ? 0
          : x.fraction < y.fraction
            ? -1
            : 1;
  if (x.negative) order = (-order || 0) as -1 | 0 | 1;
  return order;
}

/** Whether a plain decimal is zero ("0", "0.00", "-0"); false for text that is no decimal. */
export const isZeroAmount = (amount: string): boolean => compareAmounts(amount, '0') === 0;

/** Whether a plain decimal is below zero ("-0.00" is not); false for text that is no decimal. */
export const isNegativeAmount = (amount: string): boolean => compareAmounts(amount, '0') === -1;

/** a + b, exactly; null when either is not a plain decimal. */
export function addAmounts(a: string, b: string): Amount | null {
  const [x, y] = [scaledOf(a), scaledOf(b)];
  if (x === null || y === null) return null;
  const scale = Math.max(x.scale, y.scale);
  return textOf({ units: rescaled(x, scale) + rescaled(y, scale), scale });
}

/** a − b, exactly; null when either is not a plain decimal. */
export function subtractAmounts(a: string, b: string): Amount | null {
  const [x, y] = [scaledOf(a), scaledOf(b)];
  if (x === null || y === null) return null;
  const scale = Math.max(x.scale, y.scale);
  return textOf({ units: rescaled(x, scale) - rescaled(y, scale), scale });
}

/** The exact sum of amounts ("0" for none); null when any is not a plain decimal. */
export function sumAmounts(amounts: Iterable<string>): Amount | null {
  let total: Amount | null = '0' as Amount;
  for (const amount of amounts) {
    total = addAmounts(total, amount);
    if (total === null) return null;
  }
  return total;
}

/**
 * The double whose shortest text is this amount: the number a JSON answer held for it (the record schemas' codec
 * gives it back for the copy's record, lib/service/schemas/common.ts). Exponent forms included ("1e-7", "1e21": an
 * answer may hold them); throws for an amount no double's shortest text gives (more than 17 significant digits).
 */
export function numberOfAmount(amount: string): number {
  const key = amountOf(amount);
  const number = Number(amount.trim());
  if (key === null || !Number.isFinite(number) || amountOfNumber(number) !== key) {
    throw new RangeError(`not an amount a double carries exactly: ${amount}`);
  }
  return number;
}

/**
 * The number a JSON body we send carries for an exact amount: only where the wire needs one (the service's bodies).
 * Refuses an amount a double would not carry exactly back to the same decimal (more than 15 significant digits), and
 * one whose number JSON would write with an exponent ("1e-7"): no amount of the service's wire has one.
 */
export function wireNumberOf(amount: string): number {
  const number = numberOfAmount(amount);
  if (amountOf(String(number)) !== amountOf(amount)) {
    throw new RangeError(`not an amount the wire carries exactly: ${amount}`);
  }
  return number;
}
