import type { Partner, Prices } from '@/lib/service/schemas/common';
import type { DocumentTexts } from '@/lib/i18n/documents';
import { isPastDue } from './overview';

/** Small readings of records shared by lists and detail pages. Pure. */

/** Our address of a company page: every segment encoded (ids come from the service and the URL). */
export function companyPath(tenantId: string, ...segments: (string | number)[]): string {
  return ['/companies', tenantId, ...segments].map((s, i) => (i === 0 ? s : encodeURIComponent(String(s)))).join('/');
}

export function partnerName(partner: Partner | null | undefined): string | null {
  const address = partner?.address ?? partner?.postalAddress;
  return address?.businessName?.trim() || address?.contactName?.trim() || null;
}

/** The total including VAT in the document's own currency. */
export function documentTotal(prices: Prices | null | undefined): { amount: number | null; currency: string | null } {
  return { amount: prices?.documentPrices?.totalPriceInclVat ?? null, currency: prices?.currency ?? null };
}

/** Unpaid or partially paid, and due before the company's today. */
export function isOverdue(record: { paymentStatus?: number | null; dueDate?: string | null }, today: string): boolean {
  return (record.paymentStatus === 0 || record.paymentStatus === 3) && isPastDue(record.dueDate, today);
}

export function expenseTypeLabel(documentType: number | null | undefined, texts: DocumentTexts): string {
  const key = String(documentType) as keyof DocumentTexts['expenseTypes'];
  return documentType !== null && documentType !== undefined && key in texts.expenseTypes ? texts.expenseTypes[key] : texts.expenseTypes.unknown;
}

/** A tag as the service sends it: a string or an object with a name. */
export function tagName(tag: string | { name?: string | null }): string | null {
  return typeof tag === 'string' ? tag : (tag.name ?? null);
}
