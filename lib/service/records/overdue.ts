import { calendarDay } from '@/lib/base/calendar';
import { type Amount, isNegativeAmount } from '@/lib/base/money';

/**
 * What a record needs to say how late it is: invoices and expenses have the due date and the payment status; the
 * type and the totals say whether it is a credit note (creditsThePartner).
 */
export type Payable = {
  dueDate?: string | null;
  paymentStatus?: number | null;
  /** Issued invoices: 0 regular, 1 credit note, 2 advance (a number, or its text as SQL's `->>` reads it). */
  invoiceType?: unknown;
  /** Expenses: 17 a received credit note (likewise). */
  documentType?: unknown;
  prices?: {
    documentPrices?: { totalPriceInclVat?: Amount | null } | null;
    legislativePrices?: { totalPriceInclVat?: Amount | null } | null;
  } | null;
};

/** The service's credit notes: an invoice of type 1, an expense of type 17 (ReceivedCreditNote). */
export const CREDIT_NOTE_INVOICE_TYPE = 1;
export const CREDIT_NOTE_EXPENSE_TYPE = 17;

const DAY_MS = 86_400_000;

const isCode = (value: unknown, code: number) => value === code || value === String(code);

/**
 * Whether a document reduces what the partner owes rather than being owed itself: a credit note by its type, or any
 * document whose total is below zero (credit notes carry negative amounts, also where a record lacks its type).
 * Such a document is never overdue: its due date is when the credit is settled, not a debt running late. The one
 * rule the lists, the overview (live, and mirrored: lib/owners/mirror/query/overdue-sql.ts) and the home page's overdue list follow. Pure.
 */
export function creditsThePartner(record: Payable): boolean {
  if (isCode(record.invoiceType, CREDIT_NOTE_INVOICE_TYPE) || isCode(record.documentType, CREDIT_NOTE_EXPENSE_TYPE)) {
    return true;
  }
  const total = record.prices?.legislativePrices?.totalPriceInclVat ?? record.prices?.documentPrices?.totalPriceInclVat;
  return typeof total === 'string' && isNegativeAmount(total);
}

/**
 * Whole calendar days a document is overdue on the company's `today` ("yyyy-MM-dd", lib/base/calendar.ts
 * companyToday): due before today and not fully paid (status 0 not paid or 3 partially paid, as the overdue filter
 * reads them), and not a credit note (creditsThePartner). Null when it is paid, not yet due (due today is not late),
 * has no due date, or credits the partner. Pure.
 */
export function daysOverdue(record: Payable, today: string): number | null {
  const due = calendarDay(record.dueDate);
  const day = calendarDay(today);
  if (due === null || day === null) return null;
  if (record.paymentStatus !== 0 && record.paymentStatus !== 3) return null;
  if (creditsThePartner(record)) return null;
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / DAY_MS);
  return days > 0 ? days : null;
}
