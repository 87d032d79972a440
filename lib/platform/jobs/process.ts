import 'server-only';

import { getDbHandle } from '@/lib/platform/db/client';
import { type Jobs, type JobsOptions, openJobs, type SendOptions } from '@/lib/platform/jobs/jobs';
import type { JobData, QueueDefinition } from '@/lib/platform/jobs/queue';
import type { JobState } from '@/lib/platform/jobs/state';

// One job queue per process, on the process's database handle, kept on globalThis for the same reason as
// getDb's: Next's module reloading in development must not start a second one. A failed start is forgotten.
const slot = globalThis as typeof globalThis & { __addonJobs?: Promise<Jobs> };

/**
 * Starts the process's job queue on its database: the given queues (the add-on's are listed in lib/startup/queues.ts)
 * created and scheduled, and worked on unless `work: false` (a script that only sends). The server starts it
 * (lib/startup/startup.ts). The queues are given, not imported here: a queue's handler sends jobs through this module.
 */
export function startJobs(options: Pick<JobsOptions, 'queues'> & Partial<JobsOptions>): Promise<Jobs> {
  slot.__addonJobs ??= getDbHandle()
    .then((handle) => openJobs(handle, { work: true, ...options }))
    .catch((error: unknown) => {
      slot.__addonJobs = undefined;
      throw error;
    });
  return slot.__addonJobs;
}

/** The started job queue of the process. */
export function getJobs(): Promise<Jobs> {
  return (
    slot.__addonJobs ?? Promise.reject(new Error('The job queue is not started (lib/startup/startup.ts starts it).'))
  );
}

/**
 * Stops the process's job queue: running jobs get their stop signal and a few seconds to end. With `keepSending`
 * (the server's stop, while its last requests are answered) the queue still takes jobs sent afterwards, on its open
 * pool, until the process exits.
 */
export async function stopJobs(options?: { timeoutMs?: number; keepSending?: boolean }) {
  const pending = slot.__addonJobs;
  if (!options?.keepSending) slot.__addonJobs = undefined;
  if (pending) await (await pending).stop(options);
}

/**
 * Sends a job on the process's queue: its id, or null when refused (one already waits for the key). Not from
 * inside a drizzle transaction on PGlite: the send would wait for the one connection the transaction holds.
 */
export async function sendJob<Queue extends QueueDefinition>(
  queue: Queue,
  data: JobData<Queue>,
  options?: SendOptions,
): Promise<string | null> {
  return (await getJobs()).send(queue, data, options);
}

/** Cancels a key's jobs on the process's queue (Jobs.cancel): how many were cancelled. */
export async function cancelJobs(queue: QueueDefinition, singletonKey: string): Promise<number> {
  return (await getJobs()).cancel(queue, singletonKey);
}

export async function jobState(queue: QueueDefinition, id: string): Promise<JobState | null> {
  return (await getJobs()).state(queue, id);
}
