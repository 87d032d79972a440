import 'server-only';

import { sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';

/** A sync that wrote at least this many records has changed the tables enough for their statistics to be stale. */
export const ANALYZE_AFTER_RECORDS = 2_000;

/**
 * Refreshes the planner's statistics of the mirror's tables after a sync that wrote many records. The embedded
 * PGlite has no autovacuum at all, and a PostgreSQL may run with it off or late: a planner that still thinks a
 * company's 20 000 payments are none reads them all and sorts them for every page (55 ms instead of 0.2 ms, measured),
 * where the index would hand over the first rows in order. ANALYZE reads a sample (30 000 rows at most), not the tables.
 */
export async function refreshStatisticsAfter(db: Db, recordsWritten: number): Promise<void> {
  if (recordsWritten < ANALYZE_AFTER_RECORDS) return;
  await db.execute(sql`analyze mirror_documents, mirror_payments, mirror_catalog_items`);
}
