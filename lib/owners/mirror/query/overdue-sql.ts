import 'server-only';

import { and, inArray, isNotNull, lt, not, type SQL, sql } from 'drizzle-orm';

import { mirrorDocuments } from '@/lib/platform/db/schema';

import { UNPAID_STATUSES } from './filters';

/**
 * overdue.ts's rule in SQL, for the figures the database sums (the overview's cards and charts, the home page, the
 * partners): the same documents daysOverdue calls overdue, read from the stored columns.
 */

/**
 * creditsThePartner: a credit note by its type, or a total below zero (EUR, else the document's own): the row's
 * generated column (lib/platform/db/schema.ts).
 */
export const creditsThePartnerSql: SQL = sql`${mirrorDocuments.creditsPartner}`;

/** Past due on `today`: due strictly before it (the due day itself is still in time). */
export const pastDueSql = (today: string): SQL =>
  and(isNotNull(mirrorDocuments.dueDate), lt(mirrorDocuments.dueDate, today))!;

/**
 * Overdue on `today` ("yyyy-MM-dd", the company's day): not fully paid (the unpaid filter's statuses), past due, and
 * not a credit note.
 */
export const overdueSql = (today: string): SQL =>
  and(inArray(mirrorDocuments.paymentStatus, UNPAID_STATUSES), pastDueSql(today), not(creditsThePartnerSql))!;
