import 'server-only';

import type PgBoss from 'pg-boss';

import { failureKindOfOutput } from '@/lib/platform/jobs/failure';

export type JobState = {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  /** Attempts made after the first. */
  retryCount: number;
  retryLimit: number;
  /** The last failure's kind ('busy', 'unavailable', 'timeout', …), while the job has not succeeded since. */
  lastErrorKind: string | null;
  /** When a waiting job (created, or retry after a failure) may run next. */
  nextTryAt: Date | null;
  createdAt: Date;
  completedAt: Date | null;
};

// A job put back several times (lib/platform/jobs/work.ts) is followed this far; more would mean a key running for hours.
const MAX_HOPS = 20;

function deferredTo(job: PgBoss.JobWithMetadata<unknown>): string | null {
  const next = (job.output as { deferredTo?: unknown } | null)?.deferredTo;
  return job.state === 'completed' && typeof next === 'string' ? next : null;
}

/** A job's state, archived jobs included (pg-boss moves finished jobs to its archive after a while). */
export async function readJobState(boss: PgBoss, queue: string, id: string): Promise<JobState | null> {
  let job = await boss.getJobById(queue, id, { includeArchive: true });
  for (let hop = 0; job && hop < MAX_HOPS; hop++) {
    const next = deferredTo(job);
    if (!next) break;
    job = await boss.getJobById(queue, next, { includeArchive: true });
  }
  if (!job) return null;
  const finished = job.state === 'completed' || job.state === 'cancelled';
  const waiting = job.state === 'created' || job.state === 'retry';
  return {
    id: job.id,
    state: job.state,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    lastErrorKind: finished ? null : failureKindOfOutput(job.output),
    nextTryAt: waiting ? new Date(job.startAfter) : null,
    createdAt: new Date(job.createdOn),
    completedAt: job.completedOn ? new Date(job.completedOn) : null,
  };
}
