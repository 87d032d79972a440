import 'server-only';

import { type SQL, sql } from 'drizzle-orm';

import { type Db, rowsOf } from './client';

/**
 * The database's clock, read once: times that decide validity are the database's (schema.ts), and a job that applies
 * several rules (the prune job) applies them all at this one instant.
 */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = rowsOf<{ ms: number | string }>(
    await db.execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`),
  );
  return new Date(Number(row!.ms));
}

/** An instant as a `timestamptz` of the statement, so intervals are subtracted by the database as in `now() - …`. */
export function instant(at: Date): SQL<Date> {
  return sql<Date>`${at.toISOString()}::timestamptz`;
}
