import 'server-only';

import { and, desc, gte, inArray, sql } from 'drizzle-orm';

import { addDays, calendarDay } from '@/lib/base/calendar';
import { type Amount, amountOf } from '@/lib/base/money';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { MirroredRecord } from '@/lib/owners/mirror/document-row';
import { UNPAID_STATUSES } from '@/lib/owners/mirror/query/filters';
import { eurLeftToPaySql } from '@/lib/owners/mirror/query/left-to-pay-sql';
import { overdueSql } from '@/lib/owners/mirror/query/overdue-sql';
import { recordSchemas } from '@/lib/owners/mirror/query/records';
import { documentsOf } from '@/lib/owners/mirror/rows';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';
import {
  LATEST_COUNT,
  LATEST_WINDOW_DAYS,
  newestFirst,
  type Overview,
  type Total,
  type UnpaidSummary,
} from '@/lib/service/records/overview';

/**
 * The overview's cards (lib/service/records/overview.ts, loadOverview) from a company's mirror: the same figures from the
 * same documents, summed by the database. Unpaid is the service's PaymentStatus=0 (statuses 0 and 3), overdue of
 * those due strictly before the company's today and not credit notes (overdue-sql.ts). What is summed is what is left
 * to pay, in EUR, by the one rule the partners' pages sum by (left-to-pay-sql.ts: a partly paid invoice counts with
 * its rest, a credit note with its negative rest), as exact `numeric` rounded to the cent once: so the cards equal
 * the partners' totals of receivables and overdue (for the invoices that name a partner; the cards count those that
 * name none too).
 * The latest are the newest five issued in the last 60 days, ordered as newestFirst orders them. Callers check the
 * kinds are ready first (readinessOf); the mirror holds every document, so the figures are always complete.
 */

type CardKind = 'invoices' | 'expenses';

/** What is left to pay in EUR, by the partners' rule (left-to-pay-sql.ts); null: counted apart, as `withoutAmount`. */
const eurAmount = eurLeftToPaySql;

async function unpaidSummary(db: Db, company: MirrorCompany, kind: CardKind, today: string): Promise<UnpaidSummary> {
  const overdue = overdueSql(today);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      eur: sql<string>`round(coalesce(sum(${eurAmount}), 0), 2)::text`,
      withoutAmount: sql<number>`(count(*) filter (where ${eurAmount} is null))::int`,
      overdueCount: sql<number>`(count(*) filter (where ${overdue}))::int`,
      overdueEur: sql<string>`round(coalesce(sum(${eurAmount}) filter (where ${overdue}), 0), 2)::text`,
      overdueWithoutAmount: sql<number>`(count(*) filter (where ${overdue} and ${eurAmount} is null))::int`,
    })
    .from(mirrorDocuments)
    .where(and(documentsOf(company, kind), inArray(mirrorDocuments.paymentStatus, UNPAID_STATUSES)));
  const total = (count = 0, eur = '0', withoutAmount = 0): Total => ({
    count,
    eur: amountOf(eur) ?? ('0' as Amount),
    withoutAmount,
  });
  return {
    unpaid: total(row?.count, row?.eur, row?.withoutAmount),
    overdue: total(row?.overdueCount, row?.overdueEur, row?.overdueWithoutAmount),
    complete: true,
  };
}

/** Records read beyond LATEST_COUNT, should a chosen one be gone (a sync between the two reads) or not read back. */
const SPARE = 3;

/**
 * The newest LATEST_COUNT of a kind issued since `since`, ordered and cut as the live overview does (newestFirst), so
 * ties fall alike. The candidates are every document on the newest days (those from the LATEST_COUNT-th newest
 * document's day on, found in the issue-date index; all since `since` when there are fewer), compared by their day and
 * id alone; only the chosen records (and a few spare) are read. A window function ranking every document since
 * `since` read and sorted a third of a large company's invoices (25 ms for 8 000); reading each candidate's record
 * whole (out of compressed storage, then through its schema) cost a busy day's hundreds of records on every view.
 */
async function latestOf<K extends CardKind>(
  db: Db,
  company: MirrorCompany,
  kind: K,
  since: string,
): Promise<MirroredRecord[K][]> {
  const recent = and(documentsOf(company, kind), gte(mirrorDocuments.issueDate, since));
  const lastDay = db
    .select({ day: mirrorDocuments.issueDate })
    .from(mirrorDocuments)
    .where(recent)
    .orderBy(desc(mirrorDocuments.issueDate))
    .limit(1)
    .offset(LATEST_COUNT - 1);
  const candidates = await db
    .select({ stored: mirrorDocuments.id, issueDate: mirrorDocuments.issueDate })
    .from(mirrorDocuments)
    .where(and(recent, gte(mirrorDocuments.issueDate, sql`coalesce((${lastDay}), ${since}::date)`)));
  const chosen = newestFirst(candidates.map((row) => ({ ...row, id: recordIdOf(kind, row.stored) })))
    .slice(0, LATEST_COUNT + SPARE)
    .map((row) => row.stored);
  if (chosen.length === 0) return [];
  const rows = await db
    .select({ record: mirrorDocuments.record })
    .from(mirrorDocuments)
    .where(and(documentsOf(company, kind), inArray(mirrorDocuments.id, chosen)));
  const records = rows.flatMap(({ record }) => {
    const parsed = recordSchemas[kind].safeParse(record);
    return parsed.success ? [parsed.data] : [];
  });
  return newestFirst(records).slice(0, LATEST_COUNT);
}

/**
 * A stored id as its record has it, so newestFirst compares candidates as it compares records: an invoice's id is a
 * number (int64Id), stored as its decimal text; an expense's is a uuid, stored as it is.
 */
const recordIdOf = (kind: CardKind, stored: string): string | number => (kind === 'invoices' ? Number(stored) : stored);

/** Everything the overview's cards show, from the mirror. `today` is the company's (companyToday). */
export async function overviewFromMirror(db: Db, company: MirrorCompany, now: Date, today: string): Promise<Overview> {
  const day = calendarDay(today);
  if (day === null) throw new TypeError('today must be a calendar day');
  const since = addDays(day, -LATEST_WINDOW_DAYS);
  const [invoices, expenses, latestInvoices, latestExpenses] = await Promise.all([
    unpaidSummary(db, company, 'invoices', day),
    unpaidSummary(db, company, 'expenses', day),
    latestOf(db, company, 'invoices', since),
    latestOf(db, company, 'expenses', since),
  ]);
  const computedAt = now.toISOString();
  return { invoices, expenses, latestInvoices, latestExpenses, computedAt, from: 'mirror', today: day };
}
