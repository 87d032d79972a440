import { type DocumentKind, segmentOf } from '@/lib/base/document-kinds';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import type { Amount } from '@/lib/base/money';
import { daysOverdue, type Payable as Overdue } from '@/lib/service/records/overdue';
import type { Partner, Prices } from '@/lib/service/schemas/common';

/** Small readings of records shared by lists and detail pages. Pure. */

/** Our address of a company page: every segment encoded (ids come from the service and the URL). */
export function companyPath(tenantId: string, ...segments: (string | number)[]): string {
  return ['/companies', tenantId, ...segments].map((s, i) => (i === 0 ? s : encodeURIComponent(String(s)))).join('/');
}

/**
 * Our address of a kind of document's pages under the company (lib/base/document-kinds.ts): its list, or with the
 * document's id its page, and further segments below it (`reports`, `17`).
 */
export function kindPath(tenantId: string, kind: DocumentKind, ...below: (string | number)[]): string {
  return companyPath(tenantId, segmentOf(kind), ...below);
}

export function partnerName(partner: Partner | null | undefined): string | null {
  const address = partner?.address ?? partner?.postalAddress;
  return address?.businessName?.trim() || address?.contactName?.trim() || null;
}

/** The total including VAT in the document's own currency. */
export function documentTotal(prices: Prices | null | undefined): { amount: Amount | null; currency: string | null } {
  return { amount: prices?.documentPrices?.totalPriceInclVat ?? null, currency: prices?.currency ?? null };
}

export type Payable = {
  paymentStatus?: number | null;
  prices?: Prices | null;
  sumOfPayments?: Amount | null;
  sumForPayment?: Amount | null;
};

/**
 * What is paid and what is left to pay of a document, in its own currency; null where it is not known. The service
 * gives an invoice both sums. Of an expense it gives only the payment status, which settles the sums of an unpaid
 * document (nothing paid) and a paid one (nothing left), and of an overpaid one what is left (nothing); a partly
 * paid expense's sums are not known.
 */
export function paymentAmounts(record: Payable): { paid: Amount | null; left: Amount | null } {
  const total = documentTotal(record.prices).amount;
  const zero = '0' as Amount;
  const fromStatus: Record<number, { paid: Amount | null; left: Amount | null }> = {
    0: { paid: total === null ? null : zero, left: total },
    1: { paid: total, left: total === null ? null : zero },
    2: { paid: null, left: zero },
  };
  const derived = fromStatus[record.paymentStatus ?? -1] ?? { paid: null, left: null };
  return { paid: record.sumOfPayments ?? derived.paid, left: record.sumForPayment ?? derived.left };
}

/** Unpaid or partially paid, due before the company's today, and not a credit note (daysOverdue's rule). */
export function isOverdue(record: Overdue, today: string): boolean {
  return daysOverdue(record, today) !== null;
}

export function expenseTypeLabel(documentType: number | null | undefined, texts: DocumentTexts): string {
  const key = String(documentType) as keyof DocumentTexts['expenseTypes'];
  return documentType !== null && documentType !== undefined && key in texts.expenseTypes
    ? texts.expenseTypes[key]
    : texts.expenseTypes.unknown;
}

/** A tag as the service sends it: a string or an object with a name. */
export function tagName(tag: string | { name?: string | null }): string | null {
  return typeof tag === 'string' ? tag : (tag.name ?? null);
}
