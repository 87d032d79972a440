import { calendarDay } from '@/lib/company/calendar';

/** What a record needs to say how late it is: invoices and expenses have both. */
export type Payable = { dueDate?: string | null; paymentStatus?: number | null };

const DAY_MS = 86_400_000;

/**
 * Whole calendar days a document is overdue on the company's `today` ("yyyy-MM-dd", lib/company/calendar.ts
 * companyToday): due before today and not fully paid (status 0 not paid or 3 partially paid, as the overdue filter
 * reads them). Null when it is paid, not yet due (due today is not late), or has no due date. Pure.
 */
export function daysOverdue(record: Payable, today: string): number | null {
  const due = calendarDay(record.dueDate);
  const day = calendarDay(today);
  if (due === null || day === null) return null;
  if (record.paymentStatus !== 0 && record.paymentStatus !== 3) return null;
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / DAY_MS);
  return days > 0 ? days : null;
}
