import 'server-only';

import PgBoss from 'pg-boss';

import type { DbHandle } from '@/lib/platform/db/client';
import { JOBS_SCHEMA, unfinishedJobs } from '@/lib/platform/jobs/one-per-key';
import { pgliteJobsDb } from '@/lib/platform/jobs/pglite-adapter';
import type { CancelJobs, JobData, QueueDefinition, SendJob, SendOptions } from '@/lib/platform/jobs/queue';
import { RunningJobs } from '@/lib/platform/jobs/running';
import { aloneAcrossInstances } from '@/lib/platform/jobs/setup-lock';
import { type JobState, readJobState } from '@/lib/platform/jobs/state';
import { workOn, type WorkTuning } from '@/lib/platform/jobs/work';
import { describeError, getLogger } from '@/lib/platform/log';

/** The database the jobs live in and their handlers use (a DbHandle: lib/platform/db/client.ts). */
export type JobsDatabase = Pick<DbHandle, 'db' | 'driver'>;

export type JobsOptions = {
  queues: readonly QueueDefinition[];
  /** Whether this process runs the queues' jobs. Any process may send; only workers fetch. */
  work: boolean;
  /** Tests: faster polling, cron checks and shorter maintenance. Production uses pg-boss's defaults. */
  tuning?: WorkTuning &
    Pick<PgBoss.ConstructorOptions, 'cronMonitorIntervalSeconds' | 'cronWorkerIntervalSeconds' | 'supervise'>;
};

export type { SendOptions };

/** The job queue of one process (several in a test stand for several instances of the add-on). */
export type Jobs = {
  /** The new job's id, or null when the queue refused it (one already waits for the key). */
  send<Queue extends QueueDefinition>(
    queue: Queue,
    data: JobData<Queue>,
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Cancels the jobs of a queue's key (a company's): those waiting never run, and one running in this process gets
   * its stop signal; one running on another instance is only marked cancelled (it is not retried). Answers how many
   * jobs were cancelled.
   */
  cancel: CancelJobs;
  /** What became of a job (following it when it was put back behind a running job of its key); null if unknown. */
  state(queue: QueueDefinition, id: string): Promise<JobState | null>;
  schedules(): Promise<{ name: string; cron: string }[]>;
  /**
   * Stops working: no job is fetched, running ones get their signal and `timeoutMs` to end, then are failed (so
   * retried). With `keepSending`, jobs can still be sent afterwards (the connection pool stays open until the
   * process ends): requests still being answered during a stop may send theirs.
   */
  stop(options?: { timeoutMs?: number; keepSending?: boolean }): Promise<void>;
};

// pg-boss's policies under ours (lib/platform/jobs/queue.ts says why 'one-per-key' is not pg-boss's 'stately').
const bossPolicies = { standard: 'standard', 'one-per-key': 'short' } as const;

function connectionOf(handle: JobsDatabase): PgBoss.DatabaseOptions {
  // PostgreSQL: a small pool of pg-boss's own on the same database; PGlite: the process's one client.
  return handle.driver.kind === 'postgres'
    ? { connectionString: handle.driver.url, max: 3, application_name: 'kros-addon-jobs' }
    : { db: pgliteJobsDb(handle.driver.client) };
}

/** pg-boss emits plain objects for a worker's failures; the log describes them as it describes any error. */
function asError(value: unknown): unknown {
  if (value instanceof Error || !value || typeof value !== 'object') return value;
  const { message } = value as { message?: unknown };
  return Object.assign(new Error(typeof message === 'string' ? message : 'job queue error'), value);
}

async function createQueue(boss: PgBoss, queue: QueueDefinition) {
  const { policy, retryLimit, retryDelay, retryBackoff, expireInSeconds, cron } = queue.settings;
  const options = {
    name: queue.name,
    policy: bossPolicies[policy],
    retryLimit,
    retryDelay,
    retryBackoff,
    expireInSeconds,
  };
  // Creating is a no-op for an existing queue; the update brings its settings up to this version of the code.
  await boss.createQueue(queue.name, options);
  await boss.updateQueue(queue.name, options);
  // A schedule is a row shared by every instance; pg-boss lets only one of them send each cron's job.
  if (cron) await boss.schedule(queue.name, cron, {}, { tz: 'UTC' });
  else await boss.unschedule(queue.name);
}

/** Starts pg-boss on the handle's database (schema `pgboss`, created or migrated on first start), creates the
 * queues with their policies and schedules, and, in a worker, starts working on them. */
export async function openJobs(handle: JobsDatabase, { queues, work, tuning = {} }: JobsOptions): Promise<Jobs> {
  const { pollingIntervalSeconds, ...bossTuning } = tuning;
  const boss = new PgBoss({ ...connectionOf(handle), schema: JOBS_SCHEMA, ...bossTuning });
  // Failures of fetching, maintenance and cron are not thrown anywhere: without this they would go unnoticed.
  boss.on('error', (error: unknown) => {
    const queue = (error as { queue?: unknown } | null)?.queue;
    getLogger().error({ err: describeError(asError(error)), queue }, 'job queue failed');
  });
  await boss.start();
  const stopping = new AbortController();
  const running = new RunningJobs();
  const send: SendJob = async (queue, data, { singletonKey, startAfter } = {}) => {
    queue.data.parse(data);
    return boss.send(queue.name, data as object, { singletonKey, startAfter });
  };
  try {
    await aloneAcrossInstances(handle.driver, async () => {
      for (const queue of queues) await createQueue(boss, queue);
    });
    if (work) {
      for (const queue of queues)
        await workOn(boss, handle.db, queue, stopping.signal, { pollingIntervalSeconds }, send, running);
    }
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw error;
  }

  return {
    send,
    async cancel(queue, singletonKey) {
      const ids = await unfinishedJobs(handle.db, queue.name, singletonKey);
      if (ids.length > 0) await boss.cancel(queue.name, ids);
      running.abort(queue.name, singletonKey);
      return ids.length;
    },
    state: (queue, id) => readJobState(boss, queue.name, id),
    async schedules() {
      return (await boss.getSchedules()).map(({ name, cron }) => ({ name, cron }));
    },
    async stop({ timeoutMs = 10_000, keepSending = false } = {}) {
      stopping.abort();
      await boss.stop({ graceful: true, timeout: timeoutMs, close: !keepSending });
    },
  };
}
