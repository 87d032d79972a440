import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { describeError, getLogger } from '@/lib/log';

const EVERY_MS = 10 * 60_000;

/**
 * Deletes rows that can no longer decide anything. Launch codes are kept a day after expiry (replay detection
 * and the delivery window need far less); sessions a day after they ended; the service's notifications 90 days
 * (the activity page shows the latest; older ones are history nobody acts on).
 */
export async function pruneExpiredRows(db: Db): Promise<void> {
  await db.execute(sql`delete from used_jwt_ids where expires_at < now() - interval '1 hour'`);
  await db.execute(sql`delete from launch_codes where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from sessions where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from rate_limits where expire < now()`);
  // A consent's answer may be posted again minutes after it completed; a day later nothing will come.
  await db.execute(sql`delete from consent_requests where expires_at < now() - interval '1 day'`);
  // Every rate window is a minute at most; a schedule idle for ten is empty.
  await db.execute(sql`delete from data_api_budgets where updated_at < now() - interval '10 minutes'`);
  await db.execute(sql`delete from webhook_events where received_at < now() - interval '90 days'`);
}

export function schedulePruning(db: Db) {
  const timer = setInterval(() => {
    pruneExpiredRows(db).catch((error: unknown) => getLogger().warn({ err: describeError(error) }, 'pruning failed'));
  }, EVERY_MS);
  timer.unref();
}
