import 'server-only';

import { pruneConsentRequests } from '@/lib/owners/consent/prune';
import { pruneOpsRecords } from '@/lib/owners/ops/prune';
import { pruneRateLimits } from '@/lib/owners/rate-limits/prune';
import { pruneLaunchCodes, pruneSessions, pruneUsedJwtIds } from '@/lib/owners/sessions/prune';
import { pruneWebhookEvents } from '@/lib/owners/webhooks/prune';
import type { Db } from '@/lib/platform/db/client';
import { databaseNow } from '@/lib/platform/db/clock';
import { defineSchedule } from '@/lib/platform/jobs/queue';
import { pruneDataApiBudgets } from '@/lib/service/rate/prune';

/**
 * Each owner's rule for the rows of its tables that can no longer decide anything (the rule and its reason sit with
 * the owner), applied in turn.
 */
const pruneRules: readonly ((db: Db, now: Date) => Promise<void>)[] = [
  pruneUsedJwtIds,
  pruneLaunchCodes,
  pruneSessions,
  pruneRateLimits,
  pruneConsentRequests,
  pruneDataApiBudgets,
  pruneWebhookEvents,
  pruneOpsRecords,
];

/** Deletes the rows no rule keeps, every rule at one instant of the database's clock. */
export async function pruneExpiredRows(db: Db): Promise<void> {
  const now = await databaseNow(db);
  for (const prune of pruneRules) await prune(db, now);
}

/**
 * Pruning is a scheduled job, hourly: with several instances one of them prunes (the schedule is shared in the
 * database), never two at once, and a restart skips nothing (a missed hour is simply done at the next).
 */
export const pruneQueue = defineSchedule({
  name: 'db.prune',
  cron: '0 * * * *',
  retryLimit: 2,
  retryDelay: 60,
  expireInSeconds: 10 * 60,
  // One job an hour: an idle worker need not ask often.
  pollingIntervalSeconds: 30,
  handler: ({ db }) => pruneExpiredRows(db),
});
