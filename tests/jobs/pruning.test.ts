import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { closeDb, rowsOf } from '@/lib/platform/db/client';
import { pruneQueue } from '@/lib/features/upkeep/prune';
import { getJobs, startJobs, stopJobs } from '@/lib/platform/jobs/process';
import { applicationQueues } from '@/lib/doors/jobs/queues';
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
