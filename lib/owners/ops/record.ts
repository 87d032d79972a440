import 'server-only';

import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';

import type { Db } from '@/lib/platform/db/client';
import { opsDataApiUsage, opsLaunchCounts, opsWebhookRefusals } from '@/lib/platform/db/schema';
import { addWaitBuckets, emptyWaitBuckets, waitBucketOf } from '@/lib/platform/metrics/wait-buckets';

/**
 * The operational records (ops_launch_counts, ops_data_api_usage, ops_webhook_refusals) as each instance gathers them: added up in memory
 * per hour and key, and written every few seconds (and on shutdown) as one upsert per table that adds to what other
 * instances wrote. A launch or a page thus costs a map update, never a database statement. Rows are written sorted
 * by key, so two instances flushing the same keys lock them in the same order (no deadlock).
 * What an instance holds when it dies unannounced (a crash, SIGKILL) is lost: a few seconds of counts.
 */

export type LaunchStep = 'exchange' | 'sign_in';
export type LaunchOutcome = 'ok' | 'failed' | 'ignored';
export type CallPriority = 'page' | 'background';

type LaunchRow = { hour: Date; step: LaunchStep; outcome: LaunchOutcome; reason: string; count: number };
type UsageRow = {
  hour: Date;
  pluginId: string;
  tenantId: string;
  priority: CallPriority;
  outcome: string;
  calls: number;
  rateLimited: number;
  waitMsSum: number;
  waitBuckets: number[];
};
type RefusalRow = { hour: Date; pluginId: string; tenantId: string; reason: string; count: number };

/** Keys held between flushes, per table: past this (a database down for long), new keys wait for the next flush. */
const MAX_PENDING_KEYS = 20_000;
const HOUR_MS = 3_600_000;

type Pending = {
  launches: Map<string, LaunchRow>;
  usage: Map<string, UsageRow>;
  refusals: Map<string, RefusalRow>;
  dropped: number;
};

const nothingPending = (): Pending => ({ launches: new Map(), usage: new Map(), refusals: new Map(), dropped: 0 });

// On globalThis: Next loads instrumentation (which starts the flushing) and the route handlers (which record) as
// separate bundles, and both must reach the same pending counts.
const slot = globalThis as typeof globalThis & { __addonOpsPending?: Pending };

function pending(): Pending {
  slot.__addonOpsPending ??= nothingPending();
  return slot.__addonOpsPending;
}

/** The start of the hour `at` (ms) falls in: the rows' key. */
export const hourOf = (at: number) => new Date(Math.floor(at / HOUR_MS) * HOUR_MS);

function entry<T>(map: Map<string, T>, key: string, create: () => T): T | null {
  let row = map.get(key);
  if (!row) {
    if (map.size >= MAX_PENDING_KEYS) {
      pending().dropped += 1;
      return null;
    }
    map.set(key, (row = create()));
  }
  return row;
}

/** One request of a launch's step ended (reason codes only). */
export function recordLaunch(step: LaunchStep, outcome: LaunchOutcome, reason: string, at = Date.now()): void {
  const hour = hourOf(at);
  const key = `${hour.getTime()}|${step}|${outcome}|${reason}`;
  const row = entry(pending().launches, key, () => ({ hour, step, outcome, reason, count: 0 }));
  if (row) row.count += 1;
}

export type DataApiUse = {
  pluginId: string;
  tenantId: string;
  priority: CallPriority;
  /** `ok` or the DataApiError kind. */
  outcome: string;
  /** 429 answers the call received (a retried call may have had several). */
  rateLimited: number;
  /** Time the call waited for its token's budget. */
  waitMs: number;
};

/** One data-API call ended. */
export function recordDataApiUse(use: DataApiUse, at = Date.now()): void {
  const hour = hourOf(at);
  const key = `${hour.getTime()}|${use.pluginId}|${use.tenantId}|${use.priority}|${use.outcome}`;
  const row = entry(pending().usage, key, () => ({
    hour,
    pluginId: use.pluginId,
    tenantId: use.tenantId,
    priority: use.priority,
    outcome: use.outcome,
    calls: 0,
    rateLimited: 0,
    waitMsSum: 0,
    waitBuckets: emptyWaitBuckets(),
  }));
  if (!row) return;
  const waitMs = Math.max(0, Math.round(use.waitMs));
  row.calls += 1;
  row.rateLimited += use.rateLimited;
  row.waitMsSum += waitMs;
  row.waitBuckets[waitBucketOf(waitMs)]! += 1;
}

/**
 * A notification to a known receiver address was refused (`reason`: the refusal's code): one count for each company
 * behind the address. Ids only: never the body, signature or secret.
 */
export function recordWebhookRefusal(
  companies: readonly { pluginId: string; tenantId: string }[],
  reason: string,
  at = Date.now(),
): void {
  const hour = hourOf(at);
  for (const { pluginId, tenantId } of companies) {
    const key = `${hour.getTime()}|${pluginId}|${tenantId}|${reason}`;
    const row = entry(pending().refusals, key, () => ({ hour, pluginId, tenantId, reason, count: 0 }));
    if (row) row.count += 1;
  }
}

const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);

/** Puts counts that could not be written back among the pending ones of their table, for the next flush. */
function restoreCounts<T extends { count: number }>(into: Map<string, T>, rows: Map<string, T>): void {
  for (const [key, row] of rows) {
    const pendingRow = entry(into, key, () => ({ ...row, count: 0 }));
    if (pendingRow) pendingRow.count += row.count;
  }
}

function restoreUsage(rows: Map<string, UsageRow>): void {
  for (const [key, row] of rows) {
    const into = entry(pending().usage, key, () => ({
      ...row,
      calls: 0,
      rateLimited: 0,
      waitMsSum: 0,
      waitBuckets: emptyWaitBuckets(),
    }));
    if (!into) continue;
    into.calls += row.calls;
    into.rateLimited += row.rateLimited;
    into.waitMsSum += row.waitMsSum;
    addWaitBuckets(into.waitBuckets, row.waitBuckets);
  }
}

/** Adds the rows' counts to those the table holds for their keys (`keyColumns`: launches, webhook refusals). */
async function addCounts<Table extends PgTable & { count: AnyPgColumn }>(
  db: Db,
  table: Table,
  keyColumns: AnyPgColumn[],
  rows: Map<string, PgInsertValue<Table>>,
): Promise<void> {
  await db
    .insert(table)
    .values(byKey(rows))
    .onConflictDoUpdate({
      target: keyColumns,
      set: { count: sql`${table.count} + excluded.count` } as PgUpdateSetSource<Table>,
    });
}

/** The columns a launch count is kept per (its table's primary key). */
const launchKey = [opsLaunchCounts.hour, opsLaunchCounts.step, opsLaunchCounts.outcome, opsLaunchCounts.reason];

/** The columns a webhook refusal count is kept per (its table's primary key). */
const refusalKey = [
  opsWebhookRefusals.hour,
  opsWebhookRefusals.pluginId,
  opsWebhookRefusals.tenantId,
  opsWebhookRefusals.reason,
];

async function writeUsage(db: Db, rows: Map<string, UsageRow>): Promise<void> {
  await db
    .insert(opsDataApiUsage)
    .values(byKey(rows))
    .onConflictDoUpdate({
      target: [
        opsDataApiUsage.hour,
        opsDataApiUsage.pluginId,
        opsDataApiUsage.tenantId,
        opsDataApiUsage.priority,
        opsDataApiUsage.outcome,
      ],
      set: {
        calls: sql`${opsDataApiUsage.calls} + excluded.calls`,
        rateLimited: sql`${opsDataApiUsage.rateLimited} + excluded.rate_limited`,
        waitMsSum: sql`${opsDataApiUsage.waitMsSum} + excluded.wait_ms_sum`,
        // Bucket by bucket, in order.
        waitBuckets: sql`array(
          select coalesce(a, 0) + coalesce(b, 0)
          from unnest(${opsDataApiUsage.waitBuckets}, excluded.wait_buckets) with ordinality as u(a, b, i)
          order by i)`,
      },
    });
}

/**
 * Writes the counts gathered since the last flush, adding them to the rows of their hour. Each table's upsert is
 * one statement: what one of them could not write is kept for the next flush, and the error is thrown. Answers how
 * many keys were written, and how many new keys were refused since the last flush because too many were pending.
 */
export async function flushOpsRecords(db: Db): Promise<{ written: number; dropped: number }> {
  const { launches, usage, refusals, dropped } = pending();
  if (launches.size === 0 && usage.size === 0 && refusals.size === 0) return { written: 0, dropped };
  slot.__addonOpsPending = nothingPending();
  const failures: unknown[] = [];
  /** One table's upsert; what it could not write goes back among the pending rows. Answers the keys written. */
  const flush = async <T>(
    rows: Map<string, T>,
    write: (db: Db, rows: Map<string, T>) => Promise<void>,
    restore: (rows: Map<string, T>) => void,
  ): Promise<number> => {
    if (rows.size === 0) return 0;
    try {
      await write(db, rows);
      return rows.size;
    } catch (error) {
      restore(rows);
      failures.push(error);
      return 0;
    }
  };
  const written =
    (await flush(
      launches,
      (into, rows) => addCounts(into, opsLaunchCounts, launchKey, rows),
      (rows) => restoreCounts(pending().launches, rows),
    )) +
    (await flush(usage, writeUsage, restoreUsage)) +
    (await flush(
      refusals,
      (into, rows) => addCounts(into, opsWebhookRefusals, refusalKey, rows),
      (rows) => restoreCounts(pending().refusals, rows),
    ));
  if (failures.length > 0) {
    pending().dropped += dropped;
    throw failures[0] instanceof Error ? failures[0] : new Error('operational records: flush failed');
  }
  return { written, dropped };
}

/** Forgets what is pending, unwritten (tests). */
export function discardPendingOpsRecords(): void {
  slot.__addonOpsPending = undefined;
}
