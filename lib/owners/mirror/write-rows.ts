import 'server-only';

import { type SQL, sql } from 'drizzle-orm';

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
