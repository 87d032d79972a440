import 'server-only';

import { lt, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { instant } from '@/lib/platform/db/clock';
import { dataApiBudgets } from '@/lib/platform/db/schema';

/**
 * Every rate window is a minute at most: a token's schedule idle for ten is empty, and the hourly prune
 * (lib/features/upkeep/prune.ts) deletes it (`now`: the database's clock). A later call starts a new row.
 */
export async function pruneDataApiBudgets(db: Db, now: Date): Promise<void> {
  await db.delete(dataApiBudgets).where(lt(dataApiBudgets.updatedAt, sql`${instant(now)} - interval '10 minutes'`));
}
