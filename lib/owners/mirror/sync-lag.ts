import 'server-only';

import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';

export type SyncLag = { tenantId: string; seconds: number };

/**
 * How long ago each company's mirror last synced well, on the database clock, for the companies whose mirror is
 * expected to keep up (syncing or ready; paused and stopped ones wait for the user). Read at every metrics scrape.
 */
export async function syncLags(db: Db): Promise<SyncLag[]> {
  const rows = rowsOf<{ tenant_id: string; lag: number | string }>(
    await db.execute(sql`
      select tenant_id, greatest(0, extract(epoch from now() - last_synced_at)) as lag
      from mirror_companies
      where last_synced_at is not null and status in ('syncing', 'ready')`),
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, seconds: Number(row.lag) }));
}
