import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { defineQueue } from '@/lib/platform/jobs/queue';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest } from '../support/jobs';

/**
 * Cancelling a key's jobs: those waiting never run, and the one running in this process gets its stop signal (a
 * company's disconnect cancels its mirror's jobs so: lib/owners/mirror/jobs.ts). Other keys' jobs are left alone.
 */
describe.each(databaseKinds)('cancelling jobs by key on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const openJobs = jobsDuringEachTest();

  it('stops the running job of the key here, cancels the one waiting behind it, and leaves other keys alone', async () => {
    const started: string[] = [];
    const stopped: string[] = [];
    const queue = defineQueue({
      name: 'test.cancel',
      data: z.object({ name: z.string() }),
      policy: 'one-per-key',
      retryLimit: 3,
      concurrency: 2,
      // Runs until its signal says stop, as a long sync does between pages.
      handler: async ({ name }, { signal }) => {
        started.push(name);
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        stopped.push(name);
        signal.throwIfAborted();
      },
    });
    const jobs = await openJobs(database, { queues: [queue], work: true });
    const running = await jobs.send(queue, { name: 'a-running' }, { singletonKey: 'a' });
    const other = await jobs.send(queue, { name: 'b-running' }, { singletonKey: 'b' });
    await vi.waitFor(() => expect([...started].sort()).toEqual(['a-running', 'b-running']), { timeout: 10_000 });
    const waiting = await jobs.send(queue, { name: 'a-waiting' }, { singletonKey: 'a', startAfter: 3_600 });
    expect(waiting).not.toBeNull();

    expect(await jobs.cancel(queue, 'a')).toBe(2);

    await vi.waitFor(() => expect(stopped).toEqual(['a-running']), { timeout: 10_000 });
    // Cancelled, not failed, though its handler threw when stopped: pg-boss retries only a failed job.
    expect((await jobs.state(queue, running!))?.state).toBe('cancelled');
    expect((await jobs.state(queue, waiting!))?.state).toBe('cancelled');
    expect((await jobs.state(queue, other!))?.state).toBe('active');
    expect(await jobs.cancel(queue, 'a')).toBe(0);
  });
});
