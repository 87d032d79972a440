import 'server-only';

import { z } from 'zod';

import type { Db } from '@/lib/platform/db/client';

/**
 * How the jobs of one queue may run together.
 * - 'standard': any number waiting and running.
 * - 'one-per-key': at most one job WAITING per singletonKey (another send is refused: null) and at most one
 *   RUNNING per key across every instance, while jobs of other keys run freely. (pg-boss's own 'stately' policy
 *   promises the same, but a job queued behind a running one of its key makes every fetch of the queue fail on
 *   its unique index until that run ends, so one company's long sync would hold up every other company's:
 *   pg-boss issue #535. Here the queue is pg-boss's 'short' policy, one waiting per key, and the worker puts a
 *   job back while another of its key is running: lib/platform/jobs/one-per-key.ts.)
 */
export type QueuePolicy = 'standard' | 'one-per-key';

export type SendOptions = {
  /** 'one-per-key' queues: the key (a company's `${pluginId}:${tenantId}`); a send while one waits answers null. */
  singletonKey?: string;
  /** Not before this time (or this many seconds from now). */
  startAfter?: Date | number;
};

/** Sends a job on the queue the handler runs in (the same instance's): its id, or null when refused. */
export type SendJob = <Queue extends QueueDefinition>(
  queue: Queue,
  data: JobData<Queue>,
  options?: SendOptions,
) => Promise<string | null>;

/** Cancels a queue's jobs of one key (lib/platform/jobs/jobs.ts, Jobs.cancel): how many were cancelled. */
export type CancelJobs = (queue: QueueDefinition, singletonKey: string) => Promise<number>;

/**
 * What a handler gets beside the job's data: the database, the job's id, its retryCount (0 on the first attempt),
 * a signal aborted when the process stops its jobs (a long job ends at its next safe point and runs later), and
 * `send` for the jobs it leads to (a job coming again for the rest of its work, the next step), on the same queue
 * as itself, so a test's queue and the process's behave alike.
 */
export type JobContext = { db: Db; jobId: string; retryCount: number; signal: AbortSignal; send: SendJob };

export type QueueSettings = {
  policy: QueuePolicy;
  /** Attempts after the first; 0 = none. */
  retryLimit: number;
  /** Seconds before a retry; with retryBackoff it doubles per attempt (with jitter). */
  retryDelay: number;
  retryBackoff: boolean;
  /** A running job older than this is failed (and retried): a bit above the longest honest run. */
  expireInSeconds: number;
  /** A cron expression (UTC): the queue also gets a job on that schedule, sent by one instance only. */
  cron: string | undefined;
  /** Workers of this queue per process: how many of its jobs this process runs at once. */
  concurrency: number;
  /** How often an idle worker asks for a job (pg-boss polls; 0.5 is its minimum). */
  pollingIntervalSeconds: number;
  /** 'one-per-key': how long a job waits before looking again when another of its key is running. */
  waitWhileRunningSeconds: number;
};

export type QueueDefinition<Schema extends z.ZodType = z.ZodType> = {
  /** pg-boss queue name: letters, digits, '.', '-', '_', '/'. */
  readonly name: string;
  /** The job's data: sendJob validates against it, and the handler gets its parsed output. */
  readonly data: Schema;
  readonly settings: Readonly<QueueSettings>;
  // (a method, so a queue of any data fits a list of queues)
  handler(data: z.output<Schema>, context: JobContext): Promise<void>;
};

/** Data a queue accepts at send time. */
export type JobData<Queue extends QueueDefinition> = z.input<Queue['data']>;

const defaults: QueueSettings = {
  policy: 'standard',
  retryLimit: 2,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  cron: undefined,
  concurrency: 1,
  pollingIntervalSeconds: 2,
  waitWhileRunningSeconds: 10,
};

/** A queue with every default filled in. It starts with the jobs once listed in lib/startup/queues.ts. */
export function defineQueue<Schema extends z.ZodType>({
  name,
  data,
  handler,
  ...settings
}: Pick<QueueDefinition<Schema>, 'name' | 'data' | 'handler'> & Partial<QueueSettings>): QueueDefinition<Schema> {
  return Object.freeze({ name, data, handler, settings: Object.freeze({ ...defaults, ...settings }) });
}

const noData = z.object({});

/**
 * A scheduled job of upkeep: the queue gets one job on the cron schedule (UTC, sent by one instance), with no data,
 * and never runs two at once ('one-per-key': every scheduled job has the same, empty key).
 */
export function defineSchedule({
  name,
  cron,
  handler,
  ...settings
}: { name: string; cron: string; handler: (context: JobContext) => Promise<void> } & Partial<
  Omit<QueueSettings, 'policy' | 'cron'>
>): QueueDefinition<typeof noData> {
  return defineQueue({
    name,
    data: noData,
    policy: 'one-per-key',
    cron,
    handler: (_data, context) => handler(context),
    ...settings,
  });
}
