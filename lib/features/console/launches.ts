import 'server-only';

import { type LaunchCounts, launchCounts } from '@/lib/owners/ops/launches';
import { getDb } from '@/lib/platform/db/client';

import { fillDays, fillHours, lastDays, lastHours, type Tally } from './ops-shape';
import type { OpsReadOptions } from './rows';

/** The console's Launches page, as plain data: every hour of the last 24 and every day of the last `days`. */
export type ConsoleLaunches = {
  hourly: (Tally & { hour: Date })[];
  daily: (Tally & { day: string })[];
  /** Failures over the days, by step and reason code, most frequent first. */
  failures: LaunchCounts['failures'];
};

/**
 * Launches per hour (24 h) and per day, and failures by reason, from the operational records every instance writes
 * (lib/owners/ops/): reason codes and counts only, nothing of the launch itself. Quiet hours and days count zero.
 */
export async function consoleLaunches({
  days: dayCount,
  now = new Date(),
  db,
}: { days: number } & OpsReadOptions): Promise<ConsoleLaunches> {
  const days = lastDays(now, dayCount);
  const counts = await launchCounts(db ?? (await getDb()), { since: new Date(`${days[0]}T00:00:00Z`) });
  return {
    hourly: fillHours(counts.hourly, lastHours(now, 24)),
    daily: fillDays(counts.daily, days),
    failures: counts.failures,
  };
}
