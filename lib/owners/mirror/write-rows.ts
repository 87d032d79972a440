import 'server-only';

import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';

import type { Db } from '@/lib/platform/db/client';
import { isRecordRefusal } from '@/lib/platform/db/storable';

import type { MirrorCompany } from './company';
import type { SyncedKind } from './kinds';
import { skipRefusedRecord } from './refused-record';

/**
 * Writes one page of rows as one statement; should the database refuse what a record holds (its row made the text
 * storable, but a day or an amount may still be out of range), each row is written on its own and the refused ones
 * are skipped and logged (kind, key, sqlState), never the whole page: else one record would stop the company's copy
 * for good. Each try runs in a savepoint of the caller's transaction.
 */
export async function writeRows<Row>(
  db: Db,
  company: MirrorCompany,
  kind: SyncedKind,
  rows: readonly Row[],
  keyOf: (row: Row) => string,
  write: (savepoint: Db, rows: readonly Row[]) => Promise<unknown>,
): Promise<void> {
  if (rows.length === 0) return;
  try {
    await db.transaction((savepoint) => write(savepoint, rows));
    return;
  } catch (error) {
    if (!isRecordRefusal(error)) throw error;
  }
  for (const row of rows) {
    try {
      await db.transaction((savepoint) => write(savepoint, [row]));
    } catch (error) {
      skipRefusedRecord(error, company, kind, keyOf(row));
    }
  }
}

/** Every column of `names` set from the row the insert proposed (`excluded.…`): what an upsert replaces. */
export function replacedColumns<Name extends string>(
  table: Record<Name, { name: string }>,
  names: readonly Name[],
): Record<Name, SQL> {
  return Object.fromEntries(names.map((name) => [name, sql.raw(`excluded.${table[name].name}`)])) as Record<Name, SQL>;
}

/** Rows whose `column` is none of `listed` (the values as one JSON parameter: one statement however many). */
export function notListed(column: AnyPgColumn, listed: ReadonlySet<string>): SQL {
  const values = JSON.stringify([...listed]);
  return sql`${column} not in (select jsonb_array_elements_text(${values}::jsonb))`;
}

/** A table of the copy keyed by the company and one key of the service's (payments by id, catalog items by code). */
type KeyedTable = PgTable & { pluginId: AnyPgColumn; tenantId: AnyPgColumn };

/**
 * Writes one page of a keyed table (`writeRows` with its refusals): a row new to the copy is inserted; one already
 * there takes the `replaced` columns from the service's latest answer and is marked synced now.
 */
export async function upsertKeyed<Table extends KeyedTable, Row extends object>(
  db: Db,
  company: MirrorCompany,
  kind: SyncedKind,
  rows: readonly Row[],
  keyOf: (row: Row) => string,
  { table, key, replaced }: { table: Table; key: AnyPgColumn; replaced: Record<string, SQL> },
): Promise<void> {
  await writeRows(db, company, kind, rows, keyOf, (savepoint, page) =>
    savepoint
      .insert(table)
      .values(page.map((row) => ({ ...row, ...company })) as PgInsertValue<Table>[])
      .onConflictDoUpdate({
        target: [table.pluginId, table.tenantId, key],
        set: { ...replaced, syncedAt: sql`now()` } as PgUpdateSetSource<Table>,
      }),
  );
}
