import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import type { Jobs } from '@/lib/platform/jobs/jobs';
import { defineQueue } from '@/lib/platform/jobs/queue';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest, pause } from '../support/jobs';

/**
 * A 'one-per-key' queue (the mirror's sync: one key per company) over two instances of the add-on: one job of a
 * key runs at a time anywhere, at most one more waits (another send is refused), and a job waiting behind a
 * running one of its key never holds up the other keys.
 */

describe.each(databaseKinds)('one job per key at a time, on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const openJobs = jobsDuringEachTest();

  /** Two instances working on one queue, and what ran where and when. */
  async function twoInstances() {
    const running = new Map<string, number>();
    const overlaps: string[] = [];
    const runs: { key: string; instance: string }[] = [];
    const queueOf = (instance: string) =>
      defineQueue({
        name: 'test.per-key',
        data: z.object({ key: z.string(), ms: z.number() }),
        policy: 'one-per-key',
        concurrency: 2,
        waitWhileRunningSeconds: 1,
        handler: async ({ key, ms }) => {
          if ((running.get(key) ?? 0) > 0) overlaps.push(key);
          running.set(key, (running.get(key) ?? 0) + 1);
          runs.push({ key, instance });
          await pause(ms);
          running.set(key, running.get(key)! - 1);
        },
      });
    const queue = queueOf('a');
    // PostgreSQL: a second connection pool, as a second server would have; PGlite: a second queue on its one client.
    const second = kind === 'postgres' ? await database.openAnotherInstance() : database;
    const a = await openJobs(database, { queues: [queue], work: true });
    const b = await openJobs(second, { queues: [queueOf('b')], work: true });
    const send = (jobs: Jobs, key: string, ms: number) =>
      jobs.send(queue, { key, ms }, { singletonKey: `plugin-a:${key}` });
    const completed = (id: string) =>
      vi.waitFor(async () => expect((await a.state(queue, id))?.state).toBe('completed'), { timeout: 15_000 });
    return { a, b, send, completed, running, overlaps, runs };
  }

  it('a key waits for its running job; a second send while one waits is refused; other keys run meanwhile', async () => {
    const { a, b, send, completed, running, overlaps, runs } = await twoInstances();

    const first = (await send(a, '10001', 3_000))!;
    await vi.waitFor(() => expect(running.get('10001')).toBe(1), { timeout: 10_000 });
    const waiting = await send(b, '10001', 100);
    expect(waiting).toEqual(expect.any(String));
    expect(await send(a, '10001', 100)).toBeNull();
    expect(await send(b, '10001', 100)).toBeNull();

    const other = (await send(b, '10002', 100))!;
    await completed(other);
    expect(running.get('10001')).toBe(1); // still the first run: the other company did not wait for it

    await completed(first);
    await completed(waiting!);
    expect(runs.filter((run) => run.key === '10001')).toHaveLength(2);
    expect(overlaps).toEqual([]);
  });

  it('under sends from both instances at once, no key ever runs twice at the same time', async () => {
    const { a, b, send, completed, runs, overlaps } = await twoInstances();
    const sent: string[] = [];
    for (let round = 0; round < 6; round++) {
      for (const key of ['20001', '20002', '20003']) {
        const ids = await Promise.all([send(a, key, 700), send(b, key, 700)]);
        sent.push(...ids.filter((id): id is string => id !== null));
      }
      await pause(300);
    }
    for (const id of sent) await completed(id);
    expect(overlaps).toEqual([]);
    expect(new Set(runs.map((run) => run.instance))).toEqual(new Set(['a', 'b']));
  });
});
