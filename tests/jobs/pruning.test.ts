import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { pruneExpiredRows, pruneQueue } from '@/lib/features/upkeep/prune';
import { closeDb, rowsOf } from '@/lib/platform/db/client';
import { getJobs, startJobs, stopJobs } from '@/lib/platform/jobs/process';
import { applicationQueues } from '@/lib/startup/queues';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest, testTuning } from '../support/jobs';

/**
 * Pruning of expired rows is a job of the add-on's queue, scheduled hourly in the database: with several instances
 * one of them prunes, and a restart loses no schedule.
 */

describe.each(databaseKinds)('pruning on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const openJobs = jobsDuringEachTest();

  it('is scheduled hourly, and its job deletes expired rows and keeps live ones', async () => {
    const jobs = await openJobs(database, { queues: applicationQueues, work: true });
    expect(await jobs.schedules()).toContainEqual({ name: 'db.prune', cron: '0 * * * *' });

    await database.db.execute(sql`insert into rate_limits (key, points, expire) values
      ('expired', 1, now() - interval '1 minute'), ('live', 1, now() + interval '1 minute')`);
    const id = (await jobs.send(pruneQueue, {}))!;
    await vi.waitFor(async () => expect((await jobs.state(pruneQueue, id))?.state).toBe('completed'), {
      timeout: 10_000,
    });
    const keys = rowsOf<{ key: string }>(await database.db.execute(sql`select key from rate_limits order by key`));
    expect(keys.map((row) => row.key)).toEqual(['live']);
  });

  /**
   * Each owner's rule at its edge (how long before the database's now the row's time may lie): a row a minute past
   * the edge goes, a row a minute within it stays. `key` names the row; `other` fills the columns a row needs.
   */
  const company = { user_id: "'u'", plugin_id: "'p'", tenant_ids: "'{10001}'" };
  const rules = [
    { table: 'used_jwt_ids', key: 'jti', time: 'expires_at', edge: '1 hour', other: {} },
    { table: 'launch_codes', key: 'code_hash', time: 'expires_at', edge: '1 day', other: company },
    { table: 'sessions', key: 'id', time: 'expires_at', edge: '1 day', other: company },
    { table: 'rate_limits', key: 'key', time: 'expire', edge: '0 minutes', other: { points: '1' } },
    {
      table: 'consent_requests',
      key: 'id',
      time: 'expires_at',
      edge: '1 day',
      other: {
        ...company,
        state_hash: 'gen_random_uuid()::text',
        response_mode: "'post'",
        company_mode: "'single'",
        session_id: "'s'",
        started_for: "'10001'",
        webhook_id: "'w'",
        key_id: "'k'",
      },
    },
    { table: 'data_api_budgets', key: 'token_key', time: 'updated_at', edge: '10 minutes', other: {} },
    {
      table: 'webhook_events',
      key: 'event_key',
      time: 'received_at',
      edge: '90 days',
      other: { ...company, webhook_id: "'w'", kind: "'other'", payload: "'{}'" },
    },
    {
      table: 'ops_launch_counts',
      key: 'reason',
      time: 'hour',
      edge: '30 days',
      other: { step: "'exchange'", outcome: "'ok'", count: '1' },
    },
    {
      table: 'ops_data_api_usage',
      key: 'outcome',
      time: 'hour',
      edge: '30 days',
      other: {
        plugin_id: "'p'",
        tenant_id: "'10001'",
        priority: "'page'",
        calls: '1',
        rate_limited: '0',
        wait_ms_sum: '0',
        wait_buckets: "'{1}'",
      },
    },
    {
      table: 'ops_webhook_refusals',
      key: 'reason',
      time: 'hour',
      edge: '30 days',
      other: { plugin_id: "'p'", tenant_id: "'10001'", count: '1' },
    },
  ];

  it('deletes, of each table, the rows past its owner’s rule and keeps the others', async () => {
    const aged = (edge: string, side: '+' | '-') => `now() - (interval '${edge}' ${side} interval '1 minute')`;
    for (const { table, key, time, edge, other } of rules)
      for (const [name, at] of [
        ['past', aged(edge, '+')],
        ['within', aged(edge, '-')],
      ]) {
        const columns = [key, time, ...Object.keys(other)].join(', ');
        const values = [`'${name}'`, at, ...Object.values(other)].join(', ');
        await database.db.execute(sql.raw(`insert into ${table} (${columns}) values (${values})`));
      }
    await pruneExpiredRows(database.db);
    for (const { table, key } of rules) {
      const left = rowsOf<{ name: string }>(
        await database.db.execute(
          sql.raw(`select ${key} as name from ${table} where ${key} in ('past', 'within') order by 1`),
        ),
      );
      expect({ table, left: left.map((row) => row.name) }).toEqual({ table, left: ['within'] });
    }
  });
});

describe('the server’s job queue', () => {
  afterAll(async () => {
    await stopJobs();
    await closeDb();
  });

  it('starts on the process’s database with the add-on’s queues and schedules, and stops', async () => {
    await expect(getJobs()).rejects.toThrow(/not started/);
    const jobs = await startJobs({ queues: applicationQueues, tuning: testTuning });
    expect(await getJobs()).toBe(jobs);
    expect(await jobs.schedules()).toContainEqual({ name: 'db.prune', cron: '0 * * * *' });
    await stopJobs({ timeoutMs: 1_000 });
    await expect(getJobs()).rejects.toThrow(/not started/);
  });
});
