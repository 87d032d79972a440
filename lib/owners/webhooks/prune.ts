import 'server-only';

import { lt, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { instant } from '@/lib/platform/db/clock';
import { webhookEvents } from '@/lib/platform/db/schema';

/**
 * Notifications are kept 90 days: the activity page shows the latest, older ones are history nobody acts on. The
 * hourly prune (lib/features/upkeep/prune.ts) deletes the rest (`now`: the database's clock).
 */
export async function pruneWebhookEvents(db: Db, now: Date): Promise<void> {
  await db.delete(webhookEvents).where(lt(webhookEvents.receivedAt, sql`${instant(now)} - interval '90 days'`));
}
