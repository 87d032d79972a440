import 'server-only';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { defineQueue } from '@/lib/platform/jobs/queue';

/** Days the operational records (ops_launch_counts, ops_data_api_usage, ops_webhook_refusals) are kept. */
export const OPS_RETENTION_DAYS = 30;

/**
 * Deletes rows that can no longer decide anything. Launch codes are kept a day after expiry (replay detection
 * and the delivery window need far less); sessions a day after they ended; the service's notifications 90 days
 * (the activity page shows the latest; older ones are history nobody acts on); the operators' hourly counts 30 days.
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
  // The operators' console shows the last day or so; a month of hourly counts is history enough.
  await db.execute(
    sql`delete from ops_launch_counts where hour < now() - make_interval(days => ${OPS_RETENTION_DAYS})`,
  );
  await db.execute(
    sql`delete from ops_data_api_usage where hour < now() - make_interval(days => ${OPS_RETENTION_DAYS})`,
  );
  await db.execute(
    sql`delete from ops_webhook_refusals where hour < now() - make_interval(days => ${OPS_RETENTION_DAYS})`,
  );
}

/**
 * Pruning is a scheduled job, hourly: with several instances one of them prunes (the schedule is shared in the
 * database), never two at once, and a restart skips nothing (a missed hour is simply done at the next).
 */
export const pruneQueue = defineQueue({
  name: 'db.prune',
  data: z.object({}),
  policy: 'one-per-key',
  cron: '0 * * * *',
  retryLimit: 2,
  retryDelay: 60,
  expireInSeconds: 10 * 60,
  // One job an hour: an idle worker need not ask often.
  pollingIntervalSeconds: 30,
  handler: (_data, { db }) => pruneExpiredRows(db),
});
