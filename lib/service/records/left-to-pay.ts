import {
  type Amount,
  amountAtRatio,
  amountOf,
  amountOfNumber,
  isZeroAmount,
  subtractAmounts,
  twoPlaces,
} from '@/lib/base/money';
import type { Prices } from '@/lib/service/schemas/common';

/**
 * What is left to pay on a document: the one rule (the partners' pages and the overview sum it; the mirror stores the
 * first half as `amount_due` and lib/owners/mirror/query/left-to-pay-sql.ts converts it in SQL, the live overview
 * here, document by document alike).
 */

/**
 * An amount as the schemas give it (lib/service/schemas/common.ts), or a JSON number where a kind's schema does not
 * name the field (kept loose, as the service wrote it); anything else is none.
 */
const exact = (value: unknown): Amount | null =>
  typeof value === 'string' ? amountOf(value) : typeof value === 'number' ? amountOfNumber(value) : null;

/**
 * What is left to pay, in the document's currency: the record's `sumForPayment`; without it, nothing for a document
 * paid in full (or over), else its total less what was paid. Null when the record tells neither.
 */
export function amountDueOf(
  record: Record<string, unknown>,
  paymentStatus: number | null,
  total: Amount | null | undefined,
): string | null {
  const sumForPayment = exact(record.sumForPayment);
  if (sumForPayment !== null) return sumForPayment;
  if (paymentStatus === 1 || paymentStatus === 2) return '0';
  const own = exact(total);
  if (own === null) return null;
  // Exact, then to the cent (half away from zero) with two places: never a float's difference (100 − 33.33).
  const left = subtractAmounts(own, exact(record.sumOfPayments) ?? '0');
  return left && twoPlaces(left);
}

/** What of a record the rule reads (an invoice's or an expense's, as the service sends it). */
export type Payable = {
  prices?: Prices | null;
  paymentStatus?: number | null;
  sumForPayment?: Amount | null;
  sumOfPayments?: Amount | null;
};

/**
 * What is left to pay in EUR: as it is for EUR (or no currency), else by the document's own ratio (its EUR total over
 * its total in its currency), rounded to the cent. Null when it cannot be said.
 */
export function eurAmountLeftToPay(record: Payable): Amount | null {
  const status = Number.isInteger(record.paymentStatus) ? record.paymentStatus! : null;
  const own = record.prices?.documentPrices?.totalPriceInclVat;
  const due = amountDueOf(record, status, own);
  if (due === null) return null;
  const currency = record.prices?.currency?.trim().toUpperCase() || 'EUR';
  if (currency === 'EUR') return amountOf(due);
  const eur = exact(record.prices?.legislativePrices?.totalPriceInclVat);
  const ownAmount = exact(own);
  if (ownAmount === null || isZeroAmount(ownAmount) || eur === null) return null;
  // The ratio exactly, rounded to the cent half away from zero.
  return amountAtRatio(due, eur, ownAmount);
}
