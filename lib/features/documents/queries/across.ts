import 'server-only';

import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { DOCUMENT_KINDS, type DocumentKind } from '@/lib/owners/mirror/kinds';
import { UNPAID_STATUSES } from '@/lib/owners/mirror/query/filters';
import { eurLeftToPaySql } from '@/lib/owners/mirror/query/left-to-pay-sql';
import { overdueSql } from '@/lib/owners/mirror/query/overdue-sql';
import { searchCondition, searchOf } from '@/lib/owners/mirror/query/search';
import type { Decimal, Figure } from '@/lib/owners/mirror/query/totals';
import { readProgress } from '@/lib/owners/mirror/state';
import { type MirrorReadiness, readinessOf } from '@/lib/owners/mirror/status';
import type { Db } from '@/lib/platform/db/client';
import { mirrorCompanies, mirrorDocuments } from '@/lib/platform/db/schema';

export type { MirrorReadiness };

/**
 * A session's companies side by side (the home page, `/`): each company's unpaid and overdue invoices, and one list of
 * the overdue invoices of all of them. Every query names its companies explicitly (plugin and tenant, the mirror's
 * key): a company not passed in is never read, so a caller passes exactly the session's companies whose mirror may
 * be served for invoices, the one kind read here (mirrorReadiness).
 */

/**
 * The readiness of each company's mirror for `kinds` (readinessOf: every kind given read whole, not stopped), in the
 * order given; a company never synced is 'preparing'.
 */
export async function mirrorReadiness(
  db: Db,
  companies: readonly MirrorCompany[],
  kinds: readonly DocumentKind[] = DOCUMENT_KINDS,
): Promise<MirrorReadiness[]> {
  if (companies.length === 0) return [];
  const rows = await db
    .select({
      tenantId: mirrorCompanies.tenantId,
      pluginId: mirrorCompanies.pluginId,
      status: mirrorCompanies.status,
      fullSyncedAt: mirrorCompanies.fullSyncedAt,
      progress: mirrorCompanies.progress,
      cursors: mirrorCompanies.cursors,
    })
    .from(mirrorCompanies)
    .where(anyOf(companies, mirrorCompanies));
  return companies.map((company) => {
    const row = rows.find((entry) => entry.pluginId === company.pluginId && entry.tenantId === company.tenantId);
    return readinessOf(row && { ...row, progress: readProgress(row).progress }, kinds);
  });
}

/** Rows of exactly these companies (never an empty list: callers answer nothing without asking). */
function anyOf(companies: readonly MirrorCompany[], table: { pluginId: AnyPgColumn; tenantId: AnyPgColumn }): SQL {
  if (companies.length === 0) throw new TypeError('no companies to read');
  return or(
    ...companies.map((company) => and(eq(table.pluginId, company.pluginId), eq(table.tenantId, company.tenantId))),
  )!;
}

export type UnpaidAndOverdue = { tenantId: string; unpaid: Figure; overdue: Figure };

const unpaidInvoices = (companies: readonly MirrorCompany[]) =>
  and(
    anyOf(companies, mirrorDocuments),
    eq(mirrorDocuments.kind, 'invoices'),
    inArray(mirrorDocuments.paymentStatus, UNPAID_STATUSES),
  )!;

/**
 * Each company's unpaid invoices and, of those, the overdue ones (count and EUR incl. VAT; credit notes are unpaid,
 * never overdue: overdue-sql.ts), in the order given; a company with none has zeros. `today` is the company's day (companyToday).
 */
export async function unpaidAndOverdue(
  db: Db,
  companies: readonly MirrorCompany[],
  today: string,
): Promise<UnpaidAndOverdue[]> {
  if (companies.length === 0) return [];
  const overdue = overdueSql(today);
  const rows = await db
    .select({
      pluginId: mirrorDocuments.pluginId,
      tenantId: mirrorDocuments.tenantId,
      count: sql<number>`count(*)::int`,
      // What is left to pay in EUR, by the partners' rule, as the company's overview sums it.
      eur: sql<string>`coalesce(sum(${eurLeftToPaySql}), 0)::text`,
      overdueCount: sql<number>`(count(*) filter (where ${overdue}))::int`,
      overdueEur: sql<string>`coalesce(sum(${eurLeftToPaySql}) filter (where ${overdue}), 0)::text`,
    })
    .from(mirrorDocuments)
    .where(unpaidInvoices(companies))
    .groupBy(mirrorDocuments.pluginId, mirrorDocuments.tenantId);
  return companies.map((company) => {
    const row = rows.find((entry) => entry.pluginId === company.pluginId && entry.tenantId === company.tenantId);
    return {
      tenantId: company.tenantId,
      unpaid: { count: row?.count ?? 0, eur: row?.eur ?? '0' },
      overdue: { count: row?.overdueCount ?? 0, eur: row?.overdueEur ?? '0' },
    };
  });
}

export type OverdueInvoice = {
  tenantId: string;
  /** The service's id of the invoice (its detail page's). */
  id: string;
  documentNumber: string | null;
  partnerName: string | null;
  /** "yyyy-MM-dd". */
  dueDate: string;
  daysOverdue: number;
  /** EUR incl. VAT (legislative prices), and the total in the invoice's own currency. */
  totalInclVatEur: Decimal | null;
  totalInclVat: Decimal | null;
  currency: string | null;
};

export type OverdueAcross = { invoices: OverdueInvoice[]; count: number };

export const OVERDUE_ACROSS_LIMIT = 50;

/**
 * The overdue invoices of these companies (never a credit note: overdue-sql.ts), the latest first (most days
 * overdue), then by company and id: a total order, so pages of it (`skip`, `limit`) never repeat or miss one. At most
 * `limit` after `skip`, with the count of all; `q` narrows it exactly as it narrows a list (search.ts).
 */
export async function overdueAcross(
  db: Db,
  companies: readonly MirrorCompany[],
  {
    today,
    q,
    skip = 0,
    limit = OVERDUE_ACROSS_LIMIT,
  }: { today: string; q?: string | null; skip?: number; limit?: number },
): Promise<OverdueAcross> {
  if (companies.length === 0) return { invoices: [], count: 0 };
  const search = searchOf(q);
  const where = and(unpaidInvoices(companies), overdueSql(today), search ? searchCondition(search) : undefined)!;
  const late = sql<number>`(${today}::date - ${mirrorDocuments.dueDate})::int`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        tenantId: mirrorDocuments.tenantId,
        id: mirrorDocuments.id,
        documentNumber: mirrorDocuments.documentNumber,
        partnerName: mirrorDocuments.partnerName,
        dueDate: sql<string>`to_char(${mirrorDocuments.dueDate}, 'YYYY-MM-DD')`,
        daysOverdue: late,
        totalInclVatEur: sql<string | null>`${mirrorDocuments.totalInclVat}::text`,
        totalInclVat: sql<string | null>`${mirrorDocuments.totalInclVatCurrency}::text`,
        currency: mirrorDocuments.currency,
      })
      .from(mirrorDocuments)
      .where(where)
      .orderBy(
        sql`${mirrorDocuments.dueDate} asc`,
        sql`${mirrorDocuments.tenantId} collate "C" asc`,
        sql`${mirrorDocuments.id} collate "C" asc`,
      )
      .limit(limit)
      .offset(skip),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(mirrorDocuments)
      .where(where),
  ]);
  return { invoices: rows, count: counted?.count ?? 0 };
}
