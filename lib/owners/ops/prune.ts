import 'server-only';

import { lt, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { instant } from '@/lib/platform/db/clock';
import { opsDataApiUsage, opsLaunchCounts, opsWebhookRefusals } from '@/lib/platform/db/schema';

/** Days the operational records (ops_launch_counts, ops_data_api_usage, ops_webhook_refusals) are kept. */
export const OPS_RETENTION_DAYS = 30;

/**
 * The operators' console shows the last day or so; a month of hourly counts is history enough. The hourly prune
 * (lib/features/upkeep/prune.ts) deletes older hours (`now`: the database's clock).
 */
export async function pruneOpsRecords(db: Db, now: Date): Promise<void> {
  const cutoff = sql`${instant(now)} - make_interval(days => ${OPS_RETENTION_DAYS})`;
  await db.delete(opsLaunchCounts).where(lt(opsLaunchCounts.hour, cutoff));
  await db.delete(opsDataApiUsage).where(lt(opsDataApiUsage.hour, cutoff));
  await db.delete(opsWebhookRefusals).where(lt(opsWebhookRefusals.hour, cutoff));
}
