import 'server-only';

import type PgBoss from 'pg-boss';

import type { Db } from '@/lib/platform/db/client';
import { failureKindOf, JobFailure } from '@/lib/platform/jobs/failure';
import { anotherRunning } from '@/lib/platform/jobs/one-per-key';
import type { QueueDefinition, SendJob } from '@/lib/platform/jobs/queue';
import type { RunningJobs } from '@/lib/platform/jobs/running';
import { describeError, getLogger } from '@/lib/platform/log';

export type WorkTuning = { pollingIntervalSeconds?: number };

/** What a job put back behind a running job of its key leaves as its output: the job that replaces it. */
export type DeferredOutput = { deferredTo: string | null };

/**
 * Runs one job: its data parsed by the queue's schema, the handler given the database and a stop signal. A
 * failure (or an end at a safe point when the process stops: 'interrupted') is logged (described, never its
 * message) and stored as its kind only (lib/platform/jobs/failure.ts); pg-boss then retries it with the queue's
 * delay and backoff, or marks it failed after the last attempt.
 */
async function runJob(
  db: Db,
  queue: QueueDefinition,
  job: PgBoss.JobWithMetadata<unknown>,
  signal: AbortSignal,
  send: SendJob,
  running: RunningJobs,
) {
  // Fetched while the process began to stop (the fetch was under way): handed back at once, not started.
  if (signal.aborted) throw new JobFailure('interrupted');
  try {
    await running.run(queue.name, job.singletonKey, signal, (jobSignal) =>
      queue.handler(queue.data.parse(job.data), {
        db,
        jobId: job.id,
        retryCount: job.retryCount,
        signal: jobSignal,
        send,
      }),
    );
  } catch (error) {
    // A job that ended at its safe point because the process stops was interrupted, whatever it threw there.
    const kind = signal.aborted ? 'interrupted' : failureKindOf(error);
    getLogger().warn(
      { queue: queue.name, jobId: job.id, retryCount: job.retryCount, kind, err: describeError(error) },
      'job failed',
    );
    throw new JobFailure(kind);
  }
}

/**
 * A 'one-per-key' job that finds another of its key running steps back: it completes now and sends itself again
 * a little later (refused, null, when one already waits for the key: that one will do). It never waits inside
 * the worker, so jobs of other keys keep running.
 */
async function putBack(
  boss: PgBoss,
  queue: QueueDefinition,
  job: PgBoss.JobWithMetadata<unknown>,
): Promise<DeferredOutput> {
  const deferredTo = await boss.send(queue.name, job.data as object, {
    singletonKey: job.singletonKey ?? undefined,
    startAfter: queue.settings.waitWhileRunningSeconds,
  });
  return { deferredTo };
}

/**
 * Starts the queue's workers in this process (its `concurrency`, each one job at a time). Each job's signal is
 * aborted when the process stops or its key is cancelled here (`running`).
 */
export async function workOn(
  boss: PgBoss,
  db: Db,
  queue: QueueDefinition,
  signal: AbortSignal,
  tuning: WorkTuning,
  send: SendJob,
  running: RunningJobs,
): Promise<void> {
  const options = {
    includeMetadata: true as const,
    batchSize: 1,
    pollingIntervalSeconds: tuning.pollingIntervalSeconds ?? queue.settings.pollingIntervalSeconds,
  };
  const onePerKey = queue.settings.policy === 'one-per-key';
  for (let worker = 0; worker < queue.settings.concurrency; worker++) {
    await boss.work(queue.name, options, async ([job]): Promise<DeferredOutput | void> => {
      if (!job) return;
      if (onePerKey && (await anotherRunning(db, queue.name, job.singletonKey, job.id))) {
        return putBack(boss, queue, job);
      }
      await runJob(db, queue, job, signal, send, running);
    });
  }
}
