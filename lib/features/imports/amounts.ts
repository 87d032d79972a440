/**
 * Exact decimal amounts for pairing, as the statement and the mirror write them ("120.50", "120.5", "1200"): compared
 * as scaled integers, never through a float. Pure.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The amount as an integer of 10^-scale units, or null for text that is not a plain decimal. */
function unitsOf(amount: string, scale: number): bigint | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const units = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign === '-' ? -units : units;
}

const scaleOf = (amount: string) => DECIMAL.exec(amount.trim())?.[3]?.length ?? 0;

/** A plain decimal's sign and digits, without the leading zeros of its whole part and the trailing ones of its fraction. */
function partsOf(amount: string): { negative: boolean; whole: string; fraction: string } | null {
  const match = DECIMAL.exec(amount.trim());
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
 * amount with its candidates', and this reads each once.
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

/** One text per value ("120.50", "120.5" and "0120.500" → "120.5"), so amounts can key a map; null if not a decimal. */
export function amountKey(amount: string): string | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  let start = 0;
  while (start < whole.length - 1 && whole.charCodeAt(start) === 48) start += 1;
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end -= 1;
  const digits = start === 0 ? whole : whole.slice(start);
  const value = end === 0 ? digits : `${digits}.${fraction.slice(0, end)}`;
  return sign === '-' && value !== '0' ? `-${value}` : value;
}

/** a − b, exactly, as a decimal text (amountKey's form); null when either is not a plain decimal. */
export function subtractAmounts(a: string, b: string): string | null {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const [x, y] = [unitsOf(a, scale), unitsOf(b, scale)];
  if (x === null || y === null) return null;
  const units = x - y;
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return amountKey(negative ? `-${text}` : text);
}

/**
 * The number a JSON body carries for an exact amount: only where the wire needs one (the service's payment body).
 * Refuses an amount a double would not carry exactly back to the same decimal (more than 15 significant digits).
 */
export function wireNumberOf(amount: string): number {
  const key = amountKey(amount);
  const number = Number(amount.trim());
  if (key === null || !Number.isFinite(number) || amountKey(String(number)) !== key) {
    throw new RangeError(`not an amount the wire carries exactly: ${amount}`);
  }
  return number;
}
