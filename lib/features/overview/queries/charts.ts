import 'server-only';

import { and, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';

import { addDays, calendarDay } from '@/lib/base/calendar';
import { AGEING_BUCKETS, type AgeingBucket } from '@/lib/features/partners/queries/ageing-buckets';
import { topReceivables } from '@/lib/features/partners/queries/partners';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { UNPAID_STATUSES } from '@/lib/owners/mirror/query/filters';
import { eurLeftToPaySql } from '@/lib/owners/mirror/query/left-to-pay-sql';
import { creditsThePartnerSql } from '@/lib/owners/mirror/query/overdue-sql';
import type { Decimal, Figure } from '@/lib/owners/mirror/query/totals';
import { documentsOf } from '@/lib/owners/mirror/rows';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';

/**
 * The overview's charts from a company's mirror (issue 11): invoiced and expenses per month, the ageing of what is
 * unpaid, and the customers who owe the most. Every figure is summed by the database as `numeric` and answered as an
 * exact decimal string (totals.ts); amounts are EUR including VAT: invoiced and expenses their legislative totals,
 * what is unpaid what is left to pay (left-to-pay-sql.ts), as the overview's cards and the partners' pages sum it.
 * Days and months are the company's calendar (lib/base/calendar.ts), counted as dates, never through a clock.
 */

export type { Figure };

export type MonthFigures = {
  /** "yyyy-MM". */
  month: string;
  invoices: Figure;
  expenses: Figure;
};

export { AGEING_BUCKETS, type AgeingBucket } from '@/lib/features/partners/queries/ageing-buckets';
export type Ageing = Record<AgeingBucket, Figure>;

export type TopPartner = {
  /** The partner as one of its documents names it (null: documents without a partner's name). */
  name: string | null;
  count: number;
  eur: Decimal;
};

export type OverviewCharts = {
  today: string;
  months: MonthFigures[];
  /** Unpaid invoices (receivables) and unpaid expenses (payables) by how late they are. */
  receivables: Ageing;
  payables: Ageing;
  /** Customers by their unpaid invoices' amount, largest first. */
  topCustomers: TopPartner[];
};

export const CHART_MONTHS = 12;
export const TOP_CUSTOMERS = 10;

const sumOf = (column: SQL | typeof mirrorDocuments.totalInclVat) => sql<string>`coalesce(sum(${column}), 0)::text`;
const emptyFigure = (): Figure => ({ count: 0, eur: '0' });

/** The first day of the month `back` months before `day`'s month ("2026-03-15", 2 → "2026-01-01"). */
export function monthStart(day: string, back = 0): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 - back, 1));
  return date.toISOString().slice(0, 10);
}

/** The last `count` months up to `today`'s, oldest first, as "yyyy-MM". */
export function monthsUpTo(today: string, count = CHART_MONTHS): string[] {
  return Array.from({ length: count }, (_, i) => monthStart(today, count - 1 - i).slice(0, 7));
}

/** Invoiced and expenses per month of issue, the last `CHART_MONTHS` months up to today's (a month without any: 0). */
export async function monthlyTotals(db: Db, company: MirrorCompany, today: string): Promise<MonthFigures[]> {
  const months = monthsUpTo(today);
  const from = `${months[0]}-01`;
  const until = monthStart(addDays(monthStart(today), 31));
  // to_char with digits only: the same on every locale and both databases.
  const month = sql<string>`to_char(${mirrorDocuments.issueDate}, 'YYYY-MM')`;
  const rows = await db
    .select({
      kind: mirrorDocuments.kind,
      month,
      count: sql<number>`count(*)::int`,
      eur: sumOf(mirrorDocuments.totalInclVat),
    })
    .from(mirrorDocuments)
    .where(
      and(
        documentsOf(company),
        inArray(mirrorDocuments.kind, ['invoices', 'expenses']),
        gte(mirrorDocuments.issueDate, from),
        lt(mirrorDocuments.issueDate, until),
      ),
    )
    .groupBy(mirrorDocuments.kind, month);
  const figure = (kind: string, of: string): Figure => {
    const row = rows.find((entry) => entry.kind === kind && entry.month === of);
    return row ? { count: row.count, eur: row.eur } : emptyFigure();
  };
  return months.map((of) => ({ month: of, invoices: figure('invoices', of), expenses: figure('expenses', of) }));
}

/** What is unpaid (not paid, or partially paid: the unpaid filter's statuses) of a kind. */
const unpaidOf = (company: MirrorCompany, kind: 'invoices' | 'expenses') =>
  and(documentsOf(company, kind), inArray(mirrorDocuments.paymentStatus, UNPAID_STATUSES))!;

/** Days past due on `today` (date minus date: whole calendar days); null without a due date. */
const lateBy = (today: string) => sql`(${today}::date - ${mirrorDocuments.dueDate})`;

/**
 * The unpaid documents of a kind by how late they are on `today`, each with what is left to pay on it in EUR (the
 * partners' rule, left-to-pay-sql.ts); every bucket is there, empty ones as 0. A credit note is never late
 * (overdue-sql.ts): it stays with what is not yet due, where it lowers the sum owed.
 */
export async function ageingOf(
  db: Db,
  company: MirrorCompany,
  kind: 'invoices' | 'expenses',
  today: string,
): Promise<Ageing> {
  const late = lateBy(today);
  const bucket = sql<AgeingBucket>`case
    when ${mirrorDocuments.dueDate} is null or ${late} <= 0 or ${creditsThePartnerSql} then 'notDue'
    when ${late} <= 30 then 'days1to30'
    when ${late} <= 60 then 'days31to60'
    when ${late} <= 90 then 'days61to90'
    else 'days90plus' end`;
  const rows = await db
    .select({ bucket, count: sql<number>`count(*)::int`, eur: sumOf(eurLeftToPaySql) })
    .from(mirrorDocuments)
    .where(unpaidOf(company, kind))
    .groupBy(sql`1`);
  return Object.fromEntries(
    AGEING_BUCKETS.map((name) => {
      const row = rows.find((entry) => entry.bucket === name);
      return [name, row ? { count: row.count, eur: row.eur } : emptyFigure()];
    }),
  ) as Ageing;
}

/**
 * The customers who owe the most: the partners' figures (partners.ts topReceivables), what is left to pay on their
 * invoices in EUR with credit notes netted, by partner (its IČO, else its folded name) and named as the partners list
 * names it; `count` is its unpaid invoices. Invoices that name no partner are no customer's.
 */
export async function topCustomers(db: Db, company: MirrorCompany, limit = TOP_CUSTOMERS): Promise<TopPartner[]> {
  const top = await topReceivables(db, company, limit);
  return top.map((partner) => ({ name: partner.name, count: partner.unpaid, eur: partner.receivables }));
}

/** Everything the overview's charts show, read side by side. `today` is the company's (companyToday). */
export async function overviewCharts(db: Db, company: MirrorCompany, today: string): Promise<OverviewCharts> {
  const day = calendarDay(today);
  if (day === null) throw new TypeError('today must be a calendar day');
  const [months, receivables, payables, customers] = await Promise.all([
    monthlyTotals(db, company, day),
    ageingOf(db, company, 'invoices', day),
    ageingOf(db, company, 'expenses', day),
    topCustomers(db, company),
  ]);
  return { today: day, months, receivables, payables, topCustomers: customers };
}
