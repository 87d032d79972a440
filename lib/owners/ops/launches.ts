import 'server-only';

import type { LaunchStep } from '@/lib/owners/ops/record';
import type { Db } from '@/lib/platform/db/client';
import { opsLaunchCounts } from '@/lib/platform/db/schema';

import { hourlyRowsSince } from './since';

/** One hour's or day's launches: exchanges the gateway made, sign-ins that followed, and the refusals of both. */
export type LaunchTally = {
  /** token-exchange answered with a launch code. */
  exchanged: number;
  /** The callback signed the user in with a launch code. */
  signedIn: number;
  /** Refused or failed steps of either kind. */
  failed: number;
};

export type LaunchCounts = {
  /** Hours that saw any launch step, oldest first (`hour` is the start of the hour, UTC). */
  hourly: (LaunchTally & { hour: Date })[];
  /** The same per UTC day (`day` as YYYY-MM-DD), oldest first. */
  daily: (LaunchTally & { day: string })[];
  /** Failures by step and reason code, most frequent first. */
  failures: { step: LaunchStep; reason: string; count: number }[];
};

const emptyTally = (): LaunchTally => ({ exchanged: 0, signedIn: 0, failed: 0 });

/**
 * Launches since `since` (from the start of its hour), as every instance recorded them (lib/owners/ops/record.ts: up to a
 * few seconds behind). Prefetches of the callback (`ignored`) are neither launches nor failures.
 */
export async function launchCounts(db: Db, { since }: { since: Date }): Promise<LaunchCounts> {
  const rows = await hourlyRowsSince(db, opsLaunchCounts, since);

  const hourly = new Map<number, LaunchTally & { hour: Date }>();
  const daily = new Map<string, LaunchTally & { day: string }>();
  const failures = new Map<string, { step: LaunchStep; reason: string; count: number }>();
  for (const row of rows) {
    if (row.outcome === 'ignored') continue;
    const hour = hourly.get(row.hour.getTime()) ?? { hour: row.hour, ...emptyTally() };
    hourly.set(row.hour.getTime(), hour);
    const dayKey = row.hour.toISOString().slice(0, 10);
    const day = daily.get(dayKey) ?? { day: dayKey, ...emptyTally() };
    daily.set(dayKey, day);
    for (const tally of [hour, day]) {
      if (row.outcome === 'failed') tally.failed += row.count;
      else if (row.step === 'exchange') tally.exchanged += row.count;
      else tally.signedIn += row.count;
    }
    if (row.outcome === 'failed') {
      const key = `${row.step}|${row.reason}`;
      const failure = failures.get(key) ?? { step: row.step, reason: row.reason, count: 0 };
      failure.count += row.count;
      failures.set(key, failure);
    }
  }
  return {
    hourly: [...hourly.values()],
    daily: [...daily.values()],
    failures: [...failures.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
