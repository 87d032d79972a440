/**
 * Exact sums of amounts for tests: each amount as the decimal JavaScript writes it (120.12 is "120.12"), added as
 * whole numbers of a fixed small unit, so the expectation itself is never rounded like a float sum would be.
 */
const SCALE = 8;

function unitsOf(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a plain decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > SCALE) throw new Error(`more than ${SCALE} decimals: ${text}`);
  const units = BigInt(whole! + fraction.padEnd(SCALE, '0'));
  return sign === '-' ? -units : units;
}

/**
 * The exact sum of the amounts present (null and undefined add nothing), in units of 10^-8: the schemas' exact
 * amounts, or numbers as JavaScript writes them.
 */
export function exactSum(amounts: readonly (string | number | null | undefined)[]): bigint {
  return amounts.reduce<bigint>(
    (sum, amount) => (amount === null || amount === undefined ? sum : sum + unitsOf(String(amount))),
    0n,
  );
}

/** A decimal the database wrote ("1234.50"), in the same units. */
export const decimalUnits = (text: string): bigint => unitsOf(text);
