import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { defineQueue } from '@/lib/platform/jobs/queue';
import { DataApiError } from '@/lib/service/errors';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest, pause } from '../support/jobs';
import { capturedLogLines } from '../support/log-capture';

/**
 * Jobs live in the database (pg-boss, schema `pgboss`): a sent job is worked once, a failing one is retried with
 * backoff and says so, and a job sent before a restart is worked after it.
 */

describe.each(databaseKinds)('jobs on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const openJobs = jobsDuringEachTest();

  it('a sent job is worked once, with the data its queue’s schema gives it', async () => {
    const worked: { n: number; retryCount: number }[] = [];
    const queue = defineQueue({
      name: 'test.once',
      data: z.object({ n: z.number() }),
      handler: async ({ n }, { retryCount }) => {
        worked.push({ n, retryCount });
      },
    });
    const jobs = await openJobs(database, { queues: [queue], work: true });

    const id = await jobs.send(queue, { n: 7 });
    expect(id).toEqual(expect.any(String));
    await vi.waitFor(async () => expect((await jobs.state(queue, id!))?.state).toBe('completed'), { timeout: 10_000 });
    await pause(1_500); // three more polls: nothing runs it again
    expect(worked).toEqual([{ n: 7, retryCount: 0 }]);
    expect(await jobs.state(queue, id!)).toMatchObject({ state: 'completed', retryCount: 0, lastErrorKind: null });
  });

  it('refuses to send data its queue’s schema refuses', async () => {
    const queue = defineQueue({ name: 'test.schema', data: z.object({ n: z.number() }), handler: async () => {} });
    const jobs = await openJobs(database, { queues: [queue], work: false });
    await expect(jobs.send(queue, { n: 'seven' } as unknown as { n: number })).rejects.toThrow();
  });

  it('a failing job is retried with growing delays, says so (retry, last error kind, next try), then is failed', async () => {
    const attempts: number[] = [];
    const queue = defineQueue({
      name: 'test.failing',
      data: z.object({}),
      retryLimit: 2,
      retryDelay: 1,
      retryBackoff: true,
      handler: async () => {
        attempts.push(Date.now());
        throw new DataApiError('busy', { retryAfterSeconds: 1 });
      },
    });
    const jobs = await openJobs(database, { queues: [queue], work: true });
    const id = (await jobs.send(queue, {}))!;

    await vi.waitFor(async () => expect((await jobs.state(queue, id))?.state).toBe('retry'), { timeout: 10_000 });
    const afterFirst = (await jobs.state(queue, id))!;
    expect(afterFirst).toMatchObject({ retryCount: 0, retryLimit: 2, lastErrorKind: 'busy' });
    // The first retry waits the delay to twice the delay (backoff with jitter), counted from the failure.
    expect(afterFirst.nextTryAt!.getTime()).toBeGreaterThanOrEqual(attempts[0]! + 900);

    await vi.waitFor(async () => expect((await jobs.state(queue, id))?.state).toBe('failed'), { timeout: 15_000 });
    expect(await jobs.state(queue, id)).toMatchObject({ retryCount: 2, lastErrorKind: 'busy', nextTryAt: null });
    expect(attempts).toHaveLength(3);
    // Backoff: the second wait is at least twice the first's minimum.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1_900);
    // The log names the queue and the kind; the stored output holds the kind only, never the error's message.
    const failures = capturedLogLines.filter((line) => line.includes('"job failed"') && line.includes(id));
    expect(failures).toHaveLength(3);
    expect(failures[0]).toContain('"kind":"busy"');
  });

  it('a job sent before a restart is worked after it, once', async () => {
    const worked: string[] = [];
    const queue = defineQueue({
      name: 'test.restart',
      data: z.object({ company: z.string() }),
      handler: async ({ company }) => {
        worked.push(company);
      },
    });
    // An instance that only sends (not a worker) sends, then stops before anything works the job.
    const before = await openJobs(database, { queues: [queue], work: false });
    const id = (await before.send(queue, { company: 'plugin-a:10001' }))!;
    await before.stop({ timeoutMs: 1_000 });
    expect(worked).toEqual([]);

    const after = await openJobs(database, { queues: [queue], work: true });
    await vi.waitFor(async () => expect((await after.state(queue, id))?.state).toBe('completed'), { timeout: 10_000 });
    expect(worked).toEqual(['plugin-a:10001']);
  });
});
