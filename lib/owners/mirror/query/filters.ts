import 'server-only';

import { eq, gte, inArray, lt, lte, type SQL, sql, type SQLWrapper } from 'drizzle-orm';

import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { foldForSearch } from '@/lib/owners/mirror/search-text';
import { mirrorDocuments } from '@/lib/platform/db/schema';
import { deliveryNoteListQuery, expenseListQuery, invoiceListQuery } from '@/lib/service/queries';
import type { FilterField } from '@/lib/service/records/list-view';

import { foldedSql } from './folded-sql';

/**
 * A list's filters as a valid list view states them (lib/service/records/list-view.ts: the `query` of a parsed view, under
 * the interface's own names, document numbers already completed), answered from the mirror the way the service
 * answers them (sandbox/data-api/: the same filter on the live list and on the mirror finds the same documents).
 */
export type MirrorFilters<K extends DocumentKind = DocumentKind> = Partial<Record<FilterField<K>, string>>;

const listQueries = { invoices: invoiceListQuery, expenses: expenseListQuery, deliveryNotes: deliveryNoteListQuery };

/** The service's two payment filters over the records' four statuses: 0 not fully paid (0, 3), 1 paid (1, 2). */
export const UNPAID_STATUSES = [0, 3];
const PAID_STATUSES = [1, 2];

const recordText = (field: string) => sql`(${mirrorDocuments.record} ->> ${field})`;

/** A record date ("2026-07-22T00:00:00") as its day, compared as text like the days it is filtered by. */
const recordDay = (field: string) => sql`(left(${recordText(field)}, 10) collate "C")`;

/** Inclusive bounds; an unset bound does not constrain, and a missing value never meets a set one. */
function within(column: SQLWrapper, from: string | SQL | undefined, to: string | SQL | undefined): SQL[] {
  return [from === undefined ? undefined : gte(column, from), to === undefined ? undefined : lte(column, to)].filter(
    (condition): condition is SQL => condition !== undefined,
  );
}

/** Compared byte by byte (collation "C"), as the service compares document numbers and timestamps. */
const asBytes = (column: SQLWrapper) => sql`(${column} collate "C")`;

/**
 * The conditions of a kind's filters. `today` is the company's day (lib/base/calendar.ts): DueDateStatus 1 is due
 * today or later, 2 (overdue) due before today and not fully paid. Values are checked with the list's own schema
 * first: the page passes only a view that parsed, so a value that does not is a mistake of the caller.
 */
export function filterConditions<K extends DocumentKind>(kind: K, filters: MirrorFilters<K>, today: string): SQL[] {
  const given = Object.fromEntries(
    Object.entries(filters as Record<string, string | undefined>).filter(([, value]) => value !== undefined),
  ) as Record<string, string | undefined>;
  const checked = listQueries[kind].safeParse(given);
  if (!checked.success) {
    throw new TypeError(`invalid list filter: ${checked.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  }
  const f = given;
  const conditions: SQL[] = [
    ...within(mirrorDocuments.issueDate, f.IssueDateFrom, f.IssueDateTo),
    ...within(recordDay('deliveryDate'), f.DeliveryDateFrom, f.DeliveryDateTo),
    ...within(asBytes(mirrorDocuments.documentNumber), f.DocumentNumberFrom, f.DocumentNumberTo),
  ];
  if (f.LastModifiedTimestamp !== undefined) {
    conditions.push(gte(asBytes(mirrorDocuments.lastModified), f.LastModifiedTimestamp));
  }
  if (f.NumberingSequence !== undefined) {
    conditions.push(sql`${foldedSql(recordText('numberingSequence'))} = ${foldForSearch(f.NumberingSequence)}`);
  }
  if (f.PaymentStatus !== undefined) {
    conditions.push(inArray(mirrorDocuments.paymentStatus, f.PaymentStatus === '0' ? UNPAID_STATUSES : PAID_STATUSES));
  }
  if (kind === 'invoices') {
    if (f.OrderNumber !== undefined) conditions.push(eq(recordText('orderNumber'), f.OrderNumber.trim()));
    if (f.DueDateStatus === '1') conditions.push(gte(mirrorDocuments.dueDate, today));
    if (f.DueDateStatus === '2') {
      conditions.push(lt(mirrorDocuments.dueDate, today), inArray(mirrorDocuments.paymentStatus, UNPAID_STATUSES));
    }
  }
  if (kind === 'expenses') {
    if (f.DocumentType !== undefined) conditions.push(eq(recordText('documentType'), f.DocumentType));
    conditions.push(
      ...within(mirrorDocuments.dueDate, f.DueDateFrom, f.DueDateTo),
      ...within(recordDay('receivedDate'), f.ReceivedDateFrom, f.ReceivedDateTo),
      // In the document's currency, as the service filters expenses.
      ...within(
        sql`${mirrorDocuments.totalInclVatCurrency}`,
        numericOf(f.TotalPriceInclVatFrom),
        numericOf(f.TotalPriceInclVatTo),
      ),
    );
  }
  return conditions;
}

/** An amount bound as an exact numeric (never through a float). */
const numericOf = (value: string | undefined) => (value === undefined ? undefined : sql`${value.trim()}::numeric`);
