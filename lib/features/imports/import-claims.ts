import { readPaymentDisplay } from '@/lib/base/imports/payment-display';
import type { LineState } from '@/lib/base/imports/states';
import { subtractAmounts } from '@/lib/base/money';
import type { OpenInvoice, PairableInvoice } from '@/lib/features/imports/queries/open-invoices';
import type { ImportLineView } from '@/lib/owners/imports/view';

import { applyPayment, dueOf, indexOpenInvoices, isOpen, type OpenInvoiceIndex } from './open-invoice-index';

/**
 * What the other lines of one import already pay, for pairing a line by hand (issue 31): the company's copy of its
 * invoices does not know these payments yet (they are not recorded in the service, or not copied back), so an invoice
 * this import already pays would otherwise be offered at its full amount, and paired as if nothing paid it. As Xero
 * and QuickBooks treat a match already used: an invoice the import pays in full is not offered, one it pays in part
 * is offered with what is left. Pure.
 */

/** A line's payment goes to its invoice: it will be recorded (ready), or is on its way (queued, sent). */
const PAYING: readonly LineState[] = ['ready', 'queued', 'sent'];

export type ImportClaim = { invoiceId: string; amount: string; currency: string };

/** The payments the import's lines other than `except` make, each to the invoice it is paired with. */
export function claimsOfImport(lines: readonly ImportLineView[], except: string): ImportClaim[] {
  return lines.flatMap((line) => {
    if (line.line === except || line.document === null || !PAYING.includes(line.state)) return [];
    const facts = readPaymentDisplay(line.display);
    if (facts.direction !== 'credit' || facts.amount === null || facts.currency === null) return [];
    return [{ invoiceId: line.document.id, amount: facts.amount, currency: facts.currency }];
  });
}

/** Lowers what is left to pay in the index by the claims on the invoices it holds. */
export function applyClaims(index: OpenInvoiceIndex, invoices: readonly OpenInvoice[], claims: readonly ImportClaim[]) {
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  for (const claim of claims) {
    const invoice = byId.get(claim.invoiceId);
    if (invoice) applyPayment(index, invoice, claim.amount, claim.currency);
  }
}

/** An invoice the search found, with what is left after the import's other lines and how much of it they pay. */
export type InvoiceLeft = PairableInvoice & {
  /** What the import's other lines pay on it (a decimal text), null when none does. */
  paidByImport: string | null;
};

/**
 * The search's invoices as the line being paired meets them: `amountDue` what is left after the import's other
 * lines, `open` whether anything is; an invoice that was open and that these lines pay in full is left out.
 */
export function leftAfterImport(invoices: readonly PairableInvoice[], claims: readonly ImportClaim[]): InvoiceLeft[] {
  const index = indexOpenInvoices(invoices);
  applyClaims(index, invoices, claims);
  return invoices.flatMap((invoice) => {
    const left = dueOf(index, invoice);
    const paid = subtractAmounts(invoice.amountDue, left);
    const paidByImport = paid === null || paid === '0' ? null : paid;
    if (paidByImport !== null && invoice.open && !isOpen(index, invoice)) return [];
    return [{ ...invoice, amountDue: left, open: isOpen(index, invoice), paidByImport }];
  });
}
