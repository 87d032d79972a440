import 'server-only';

import { and, inArray, isNotNull, lt, not, or, type SQL, sql } from 'drizzle-orm';

import { mirrorDocuments } from '@/lib/platform/db/schema';
import { CREDIT_NOTE_EXPENSE_TYPE, CREDIT_NOTE_INVOICE_TYPE } from '@/lib/service/records/overdue';

import { UNPAID_STATUSES } from './filters';

/**
 * overdue.ts's rule in SQL, for the figures the database sums (the overview's cards and charts, the home page): the
 * same documents daysOverdue calls overdue, read from the mirrored record's type and the stored totals.
 */

/** creditsThePartner: a credit note by its type, or a total below zero (EUR, else the document's own). */
export const creditsThePartnerSql: SQL = or(
  sql`(${mirrorDocuments.record} ->> 'invoiceType') = ${String(CREDIT_NOTE_INVOICE_TYPE)}`,
  sql`(${mirrorDocuments.record} ->> 'documentType') = ${String(CREDIT_NOTE_EXPENSE_TYPE)}`,
  sql`coalesce(${mirrorDocuments.totalInclVat}, ${mirrorDocuments.totalInclVatCurrency}) < 0`,
)!;

/** Past due on `today`: due strictly before it (the due day itself is still in time). */
export const pastDueSql = (today: string): SQL =>
  and(isNotNull(mirrorDocuments.dueDate), lt(mirrorDocuments.dueDate, today))!;

/**
 * Overdue on `today` ("yyyy-MM-dd", the company's day): not fully paid (the unpaid filter's statuses), past due, and
 * not a credit note. The coalesce keeps a record without a type or a total (null) among those that can be late.
 */
export const overdueSql = (today: string): SQL =>
  and(
    inArray(mirrorDocuments.paymentStatus, UNPAID_STATUSES),
    pastDueSql(today),
    not(sql`coalesce(${creditsThePartnerSql}, false)`),
  )!;
