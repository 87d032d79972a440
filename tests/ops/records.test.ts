import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { consoleCompanies } from '@/lib/features/console/companies';
import { pruneExpiredRows } from '@/lib/features/upkeep/prune';
import { dataApiUsage } from '@/lib/owners/ops/data-api-usage';
import { launchCounts } from '@/lib/owners/ops/launches';
import {
  type DataApiUse,
  discardPendingOpsRecords,
  flushOpsRecords,
  recordDataApiUse,
  recordLaunch,
  recordWebhookRefusal,
} from '@/lib/owners/ops/record';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { OPS_WAIT_BUCKET_COUNT, waitQuantileMs } from '@/lib/platform/metrics/wait-buckets';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';

/**
 * The operational records the console reads: each instance adds its counts up in memory and writes them in one
 * upsert per table, adding to what other instances wrote; the read functions answer per hour, per day and per
 * company, with the budget wait's percentiles from the fixed buckets.
 */

const at = (iso: string) => Date.parse(iso);
const HOUR_10 = '2026-11-20T10:00:00.000Z';
const HOUR_11 = '2026-11-20T11:00:00.000Z';
const NEXT_DAY = '2026-11-21T09:00:00.000Z';

const call = (tenantId: string, more: Partial<DataApiUse> = {}): DataApiUse => ({
  pluginId: 'sandbox-addon',
  tenantId,
  priority: 'page',
  outcome: 'ok',
  rateLimited: 0,
  waitMs: 0,
  ...more,
});

describe('wait quantiles from buckets', () => {
  it('interpolate inside the bucket, answer the last bound for the open bucket, and null for nothing', () => {
    const buckets = new Array<number>(OPS_WAIT_BUCKET_COUNT).fill(0);
    expect(waitQuantileMs(buckets, 0.5)).toBeNull();
    buckets[0] = 50; // 50 calls waited nothing
    buckets[6] = 50; // 50 waited 500 ms to 1 s
    expect(waitQuantileMs(buckets, 0.5)).toBe(0);
    expect(waitQuantileMs(buckets, 0.95)).toBe(950);
    buckets[OPS_WAIT_BUCKET_COUNT - 1] = 1_000;
    expect(waitQuantileMs(buckets, 0.95)).toBe(10_000);
  });
});

describe.each(databaseKinds)('operational records on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  beforeEach(async () => {
    discardPendingOpsRecords();
    await database.db.execute(sql`truncate ops_launch_counts, ops_data_api_usage, ops_webhook_refusals`);
  });

  it('count launches per hour and per day, and failures by step and reason; later flushes add to the rows', async () => {
    for (let i = 0; i < 3; i += 1) recordLaunch('exchange', 'ok', 'ok', at(HOUR_10) + i * 60_000);
    recordLaunch('sign_in', 'ok', 'ok', at(HOUR_10) + 5_000);
    recordLaunch('exchange', 'failed', 'api_key_wrong', at(HOUR_10) + 7_000);
    recordLaunch('sign_in', 'ignored', 'prefetch_ignored', at(HOUR_10) + 9_000);
    expect(await flushOpsRecords(database.db)).toEqual({ written: 4, dropped: 0 });

    recordLaunch('exchange', 'ok', 'ok', at(HOUR_10) + 30 * 60_000);
    recordLaunch('sign_in', 'ok', 'ok', at(HOUR_11));
    recordLaunch('sign_in', 'failed', 'code_invalid_expired_or_used', at(HOUR_11) + 1);
    recordLaunch('sign_in', 'failed', 'code_invalid_expired_or_used', at(NEXT_DAY));
    recordLaunch('exchange', 'failed', 'jwt_expired', at(NEXT_DAY));
    await flushOpsRecords(database.db);
    // Nothing pending: a flush writes nothing.
    expect(await flushOpsRecords(database.db)).toEqual({ written: 0, dropped: 0 });

    const counts = await launchCounts(database.db, { since: new Date(at(HOUR_10) + 59 * 60_000) });
    expect(counts.hourly).toEqual([
      { hour: new Date(HOUR_10), exchanged: 4, signedIn: 1, failed: 1 },
      { hour: new Date(HOUR_11), exchanged: 0, signedIn: 1, failed: 1 },
      { hour: new Date(NEXT_DAY), exchanged: 0, signedIn: 0, failed: 2 },
    ]);
    expect(counts.daily).toEqual([
      { day: '2026-11-20', exchanged: 4, signedIn: 2, failed: 2 },
      { day: '2026-11-21', exchanged: 0, signedIn: 0, failed: 2 },
    ]);
    expect(counts.failures).toEqual([
      { step: 'sign_in', reason: 'code_invalid_expired_or_used', count: 2 },
      { step: 'exchange', reason: 'api_key_wrong', count: 1 },
      { step: 'exchange', reason: 'jwt_expired', count: 1 },
    ]);
    // `since` counts from the start of its hour.
    expect((await launchCounts(database.db, { since: new Date(at(HOUR_11) + 1) })).daily).toEqual([
      { day: '2026-11-20', exchanged: 0, signedIn: 1, failed: 1 },
      { day: '2026-11-21', exchanged: 0, signedIn: 0, failed: 2 },
    ]);
  });

  it('keep reason codes only: no JWT, code or key is a column', async () => {
    const columns = rowsOf<{ column_name: string }>(
      await database.db.execute(sql`
        select column_name from information_schema.columns where table_name = 'ops_launch_counts' order by 1`),
    );
    expect(columns.map((row) => row.column_name)).toEqual(['count', 'hour', 'outcome', 'reason', 'step']);
  });

  it('sum data-API use per company: calls, 429s, errors by kind, budget wait p50/p95 per priority, per hour', async () => {
    // Company 10001: 20 page calls, 18 without waiting, 2 waited ~0.8 s (one of them after a 429); 2 failed.
    for (let i = 0; i < 18; i += 1) recordDataApiUse(call('10001'), at(HOUR_10));
    recordDataApiUse(call('10001', { waitMs: 800, rateLimited: 1 }), at(HOUR_10));
    recordDataApiUse(call('10001', { waitMs: 760, outcome: 'busy', rateLimited: 2 }), at(HOUR_11));
    recordDataApiUse(call('10001', { outcome: 'not-found' }), at(HOUR_11));
    // The sync's calls wait longer by design.
    recordDataApiUse(call('10001', { priority: 'background', waitMs: 4_000 }), at(HOUR_11));
    await flushOpsRecords(database.db);
    // A second flush of the same keys adds bucket by bucket.
    recordDataApiUse(call('10001', { priority: 'background', waitMs: 30_000 }), at(HOUR_11));
    recordDataApiUse(call('10002'), at(HOUR_11));
    await flushOpsRecords(database.db);

    const usage = await dataApiUsage(database.db, { since: new Date(HOUR_10) });
    expect(usage.map((company) => company.tenantId)).toEqual(['10001', '10002']);
    const [busiest] = usage;
    expect(busiest).toMatchObject({
      pluginId: 'sandbox-addon',
      tenantId: '10001',
      calls: 23,
      rateLimited: 3,
      errorsByKind: { busy: 1, 'not-found': 1 },
      hourly: [
        { hour: new Date(HOUR_10), calls: 19, rateLimited: 1, errors: 0 },
        { hour: new Date(HOUR_11), calls: 4, rateLimited: 2, errors: 2 },
      ],
    });
    // p95: rank 19.95 of 21 falls in the 500–1 000 ms bucket, which holds the 20th and 21st call.
    expect(busiest!.wait.page).toEqual({ calls: 21, p50Ms: 0, p95Ms: 737, meanMs: 74 });
    expect(busiest!.wait.background).toEqual({ calls: 2, p50Ms: 5_000, p95Ms: 10_000, meanMs: 17_000 });
    expect(usage[1]).toMatchObject({ calls: 1, rateLimited: 0, errorsByKind: {} });
    expect(usage[1]!.wait.background).toEqual({ calls: 0, p50Ms: null, p95Ms: null, meanMs: null });
  });

  it('keep counts a failed flush could not write for the next flush', async () => {
    recordLaunch('exchange', 'ok', 'ok', at(HOUR_10));
    recordDataApiUse(call('10001'), at(HOUR_10));
    await database.db.execute(sql`alter table ops_launch_counts rename to ops_launch_counts_away`);
    try {
      await expect(flushOpsRecords(database.db)).rejects.toThrow();
    } finally {
      await database.db.execute(sql`alter table ops_launch_counts_away rename to ops_launch_counts`);
    }
    // The usage was written; only the launches wait.
    recordLaunch('exchange', 'ok', 'ok', at(HOUR_10));
    expect(await flushOpsRecords(database.db)).toEqual({ written: 1, dropped: 0 });
    expect((await launchCounts(database.db, { since: new Date(HOUR_10) })).hourly).toEqual([
      { hour: new Date(HOUR_10), exchanged: 2, signedIn: 0, failed: 0 },
    ]);
    expect((await dataApiUsage(database.db, { since: new Date(HOUR_10) }))[0]?.calls).toBe(1);
  });

  it('count refused notifications per company, hour and reason; the console sums them over 30 days', async () => {
    const both = [
      { pluginId: 'sandbox-addon', tenantId: '10001' },
      { pluginId: 'sandbox-addon', tenantId: '10002' },
    ];
    const now = Date.now();
    const recent = now - 2 * 3_600_000;
    recordWebhookRefusal(both, 'signature_invalid', recent);
    recordWebhookRefusal(both, 'signature_invalid', recent + 1);
    recordWebhookRefusal(both.slice(0, 1), 'payload_invalid', now);
    // Older than the window: still a row until the pruning, never in the console's sum.
    recordWebhookRefusal(both.slice(1), 'signature_missing', now - 31 * 86_400_000);
    expect(await flushOpsRecords(database.db)).toEqual({ written: 4, dropped: 0 });
    recordWebhookRefusal(both.slice(0, 1), 'payload_invalid', now);
    await flushOpsRecords(database.db);

    const columns = rowsOf<{ column_name: string }>(
      await database.db.execute(sql`
        select column_name from information_schema.columns where table_name = 'ops_webhook_refusals' order by 1`),
    );
    expect(columns.map((row) => row.column_name)).toEqual(['count', 'hour', 'plugin_id', 'reason', 'tenant_id']);

    // The companies are known to the console by other rows (a mirror here); the refusals only add to them.
    await database.db.execute(sql`
      insert into mirror_companies (plugin_id, tenant_id) values ('sandbox-addon', '10001'), ('sandbox-addon', '10002')`);
    try {
      const companies = await consoleCompanies(database.db);
      const thisHour = new Date(Math.floor(now / 3_600_000) * 3_600_000);
      expect(companies.find((company) => company.tenantId === '10001')?.notifications.refused).toEqual({
        count: 4,
        lastAt: thisHour,
        byReason: { signature_invalid: 2, payload_invalid: 2 },
      });
      expect(companies.find((company) => company.tenantId === '10002')?.notifications.refused).toEqual({
        count: 2,
        lastAt: new Date(Math.floor(recent / 3_600_000) * 3_600_000),
        byReason: { signature_invalid: 2 },
      });
    } finally {
      await database.db.execute(sql`delete from mirror_companies where plugin_id = 'sandbox-addon'`);
    }
  });

  it('are pruned after 30 days by the hourly pruning job', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const recent = new Date(Date.now() - 29 * 86_400_000);
    for (const moment of [old, recent]) {
      recordLaunch('exchange', 'ok', 'ok', moment.getTime());
      recordDataApiUse(call('10001'), moment.getTime());
      recordWebhookRefusal([{ pluginId: 'sandbox-addon', tenantId: '10001' }], 'signature_invalid', moment.getTime());
    }
    await flushOpsRecords(database.db);
    await pruneExpiredRows(database.db);
    const since = new Date(Date.now() - 60 * 86_400_000);
    expect((await launchCounts(database.db, { since })).daily.map((day) => day.day)).toEqual([
      recent.toISOString().slice(0, 10),
    ]);
    expect((await dataApiUsage(database.db, { since }))[0]?.hourly).toHaveLength(1);
    const refusals = rowsOf<{ hour: Date | string }>(
      await database.db.execute(sql`select hour from ops_webhook_refusals`),
    );
    expect(refusals.map((row) => new Date(row.hour).getTime())).toEqual([
      Math.floor(recent.getTime() / 3_600_000) * 3_600_000,
    ]);
  });

  if (kind === 'postgres') {
    it('add up across instances flushing the same keys at once', async () => {
      const others = await Promise.all([database.openAnotherInstance(), database.openAnotherInstance()]);
      const flushes: Promise<unknown>[] = [];
      // Each round's counts are pending in this process; three instances' pools write rounds at the same time.
      for (let round = 0; round < 6; round += 1) {
        for (let i = 0; i < 5; i += 1) {
          recordLaunch('exchange', 'ok', 'ok', at(HOUR_10));
          recordLaunch('exchange', 'failed', 'jwt_expired', at(HOUR_10));
          recordDataApiUse(call(`1000${i}`, { waitMs: 100 }), at(HOUR_10));
        }
        const db: Db = round % 3 === 0 ? database.db : others[(round % 3) - 1]!.db;
        flushes.push(flushOpsRecords(db));
      }
      await Promise.all(flushes);
      const counts = await launchCounts(database.db, { since: new Date(HOUR_10) });
      expect(counts.hourly).toEqual([{ hour: new Date(HOUR_10), exchanged: 30, signedIn: 0, failed: 30 }]);
      const usage = await dataApiUsage(database.db, { since: new Date(HOUR_10) });
      expect(usage.map((company) => [company.tenantId, company.calls, company.wait.page.meanMs])).toEqual(
        ['10000', '10001', '10002', '10003', '10004'].map((tenantId) => [tenantId, 6, 100]),
      );
    });
  }
});
