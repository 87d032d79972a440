import 'server-only';

import { asc, gte } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import type { Db } from '@/lib/platform/db/client';
import type { opsDataApiUsage, opsLaunchCounts } from '@/lib/platform/db/schema';

import { hourOf } from './record';

type HourlyTable = typeof opsLaunchCounts | typeof opsDataApiUsage;

/**
 * The rows of an hourly ops table from the start of `since`'s hour on, oldest first: a reading counts the whole first
 * hour, as the rows hold whole hours.
 */
export async function hourlyRowsSince<T extends HourlyTable>(
  db: Db,
  table: T,
  since: Date,
): Promise<T['$inferSelect'][]> {
  const from = hourOf(since.getTime());
  // Drizzle types a select from one named table only: read from the table as any table, the rows are its own.
  const source: PgTable = table;
  const rows = await db.select().from(source).where(gte(table.hour, from)).orderBy(asc(table.hour));
  return rows as T['$inferSelect'][];
}
