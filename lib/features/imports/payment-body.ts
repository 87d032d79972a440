import type { StatementLine } from '@/lib/base/imports/statement-line';
import { wireNumberOf } from '@/lib/base/money';
import { type PaymentUpload, paymentUpload } from '@/lib/service/uploads';

import { lineSymbolOf } from './symbols';

/** The payment upload's variable symbol holds at most 10 characters (lib/service/uploads.ts). */
const MAX_SYMBOL = 10;

/** Bank messages (camt.053 `Ustrd`, SEPA) hold at most 140 characters; longer ones are cut there. */
const MAX_MESSAGE = 140;

const text = (value: string | null | undefined, max?: number) => {
  const trimmed = value?.trim();
  return trimmed ? (max === undefined ? trimmed : trimmed.slice(0, max)) : undefined;
};

/**
 * The body of one payment sent to the service (POST /api/payments/batch) for a credit of a bank statement, recorded
 * on the company's account `accountId` (so it becomes a financial transaction). It carries the paired invoice's own
 * variable symbol, which is how the service pairs it (a line paired by hand included); without an invoice, the
 * line's own symbol, if any. The amount becomes a number here and only here: the wire wants one. Checked against
 * the upload's schema, so a body that would be refused is never built. Pure.
 */
export function paymentBodyOf(
  line: StatementLine,
  document: { variableSymbol: string | null } | null,
  accountId: number,
): PaymentUpload {
  if (line.direction !== 'credit') throw new TypeError('only a credit is sent as a payment received');
  const symbol = document ? document.variableSymbol : (lineSymbolOf(line)?.symbol ?? null);
  const variableSymbol = symbol !== null && symbol.length <= MAX_SYMBOL ? symbol : undefined;
  return paymentUpload.parse({
    dateOfPayment: line.bookingDate,
    sumOfPayment: wireNumberOf(line.amount),
    ...(variableSymbol === undefined ? {} : { variableSymbol }),
    accountId,
    remittanceInformation: text(line.message, MAX_MESSAGE),
    paymentReference: text(line.endToEndId),
    partnerName: text(line.counterparty.name),
    externalId: line.externalId,
    paymentType: 1,
  });
}
