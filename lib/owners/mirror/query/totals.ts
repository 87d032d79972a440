import 'server-only';

import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

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
  const { all, byCurrency } = await totalsByCurrency(db, mirrorDocuments, mirrorDocuments.currency, where, {
    totalInclVat: mirrorDocuments.totalInclVatCurrency,
    totalExclVatEur: mirrorDocuments.totalExclVat,
    totalInclVatEur: mirrorDocuments.totalInclVat,
  });
  return {
    count: all.count,
    totalExclVatEur: all.totalExclVatEur,
    totalInclVatEur: all.totalInclVatEur,
    byCurrency: byCurrency.map(({ currency, count, totalInclVat }) => ({ currency, count, totalInclVat })),
  };
}

type Sums<S> = { [name in keyof S]: Decimal };
type CurrencyRow<S> = { currency: string | null; count: number } & Sums<S>;

/**
 * The count and the sums of the rows `where` covers, per currency (by currency code compared byte by byte; null:
 * none stated, last) and over all of them: one pass (a row per currency, and with grouping set () the row of all),
 * summed as numeric by the database. The documents' and the payments' totals both.
 */
export async function totalsByCurrency<S extends Record<string, SQLWrapper>>(
  db: Db,
  table: PgTable,
  currencyColumn: AnyPgColumn,
  where: SQL | undefined,
  sums: S,
): Promise<{ all: { count: number } & Sums<S>; byCurrency: CurrencyRow<S>[] }> {
  const currency = sql<string | null>`${currencyColumn} collate "C"`;
  const summed = Object.fromEntries(Object.entries(sums).map(([name, column]) => [name, sumOf(column)]));
  const rows = (await db
    .select({ all: sql<boolean>`grouping(${currency}) = 1`, currency, count: sql<number>`count(*)::int`, ...summed })
    .from(table)
    .where(where)
    .groupBy(sql`grouping sets ((${currency}), ())`)
    .orderBy(sql`${currency} asc nulls last`)) as unknown as (CurrencyRow<S> & { all: boolean })[];
  const total = rows.find((row) => row.all);
  const sumsOfAll = {} as Sums<S>;
  for (const name of Object.keys(sums) as (keyof S)[]) sumsOfAll[name] = total?.[name] ?? '0';
  return {
    all: { count: total?.count ?? 0, ...sumsOfAll },
    byCurrency: rows.filter((row) => !row.all).map(({ all: _all, ...row }) => row as CurrencyRow<S>),
  };
}
