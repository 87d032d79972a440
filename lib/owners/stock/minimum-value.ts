import { amountOf } from '@/lib/base/money';

/**
 * What a stock minimum may be: a quantity of at least zero, a decimal with at most four places (quantities on hand
 * have four), as a person types it: "12", "12.5", "12,5" (a Slovak decimal comma), "1 000" (a space between groups of
 * three digits, as Slovak writes thousands, is left out; any other space refuses it). Kept as the exact decimal text the database stores as numeric ("12.5"), never through a
 * float. Pure: the stock page's form, its route and the owner read it the same way.
 */

/** The longest text the field takes: twelve digits, a separator, four decimals, and a few spaces. */
export const MINIMUM_MAX_LENGTH = 24;

/** At most twelve digits before the separator: more than any stock holds. */
const DECIMAL = /^(\d{1,12})(?:[.,](\d{1,4}))?$/;

/** Thousands written apart: "1 000", "12 500,5" (a space, a no-break space or a narrow one). */
const GROUPED = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?$/u;

/** A minimum as typed: `null` for an empty field (the minimum is removed), its exact decimal, or `false` when refused. */
export function parseMinimum(typed: string): string | null | false {
  if (typed.length > MINIMUM_MAX_LENGTH) return false;
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  const compact = GROUPED.test(trimmed) ? trimmed.replace(/[ \u00a0\u202f]/gu, '') : trimmed;
  const match = DECIMAL.exec(compact);
  if (!match) return false;
  // The amount's one text (lib/base/money): "012.50" → "12.5".
  return amountOf(match[2] === undefined ? match[1]! : `${match[1]}.${match[2]}`)!;
}
