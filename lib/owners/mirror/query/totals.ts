import 'server-only';

import { sql, type SQLWrapper } from 'drizzle-orm';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';

import { type MirrorView, viewCondition } from './view';

/**
 * Sums are exact decimals written as text ("1234.50", "-20", "0" when nothing is summed): summed as numeric by the
 * database, never through a float. Documents without an amount count but add nothing.
 */
export type Decimal = string;

/** How many and their EUR sum: a figure of the overview's charts and of the companies' overview (across companies). */
export type Figure = { count: number; eur: Decimal };

export type MirroredTotals = {
  count: number;
  /** EUR, legislative prices. */
  totalExclVatEur: Decimal;
  totalInclVatEur: Decimal;
  /** Per document currency (null: none stated), in that currency; by currency code. */
  byCurrency: { currency: string | null; count: number; totalInclVat: Decimal }[];
};

const sumOf = (column: SQLWrapper) => sql<string>`coalesce(sum(${column}), 0)::text`;

/** The totals of everything a view covers (its filters and search, not just the page shown). */
export async function totalsOfMirrored<K extends DocumentKind>(
  db: Db,
  company: MirrorCompany,
  kind: K,
  view: MirrorView<K>,
): Promise<MirroredTotals> {
  const { where } = viewCondition(company, kind, view);
  const currency = sql<string | null>`${mirrorDocuments.currency} collate "C"`;
  // One pass: a row per currency, and (grouping set ()) the row of all of them.
  const rows = await db
    .select({
      all: sql<boolean>`grouping(${currency}) = 1`,
      currency,
      count: sql<number>`count(*)::int`,
      totalInclVat: sumOf(mirrorDocuments.totalInclVatCurrency),
      totalExclVatEur: sumOf(mirrorDocuments.totalExclVat),
      totalInclVatEur: sumOf(mirrorDocuments.totalInclVat),
    })
    .from(mirrorDocuments)
    .where(where)
    .groupBy(sql`grouping sets ((${currency}), ())`)
    .orderBy(sql`${currency} asc nulls last`);
  const all = rows.find((row) => row.all);
  return {
    count: all?.count ?? 0,
    totalExclVatEur: all?.totalExclVatEur ?? '0',
    totalInclVatEur: all?.totalInclVatEur ?? '0',
    byCurrency: rows
      .filter((row) => !row.all)
      .map(({ currency, count, totalInclVat }) => ({ currency, count, totalInclVat })),
  };
}
