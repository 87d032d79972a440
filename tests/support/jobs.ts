import { afterEach } from 'vitest';

import { type Jobs, type JobsDatabase, type JobsOptions, openJobs } from '@/lib/platform/jobs/jobs';

/** Tests' pace: idle workers ask every half second (pg-boss's minimum), schedules are looked at every second. */
export const testTuning = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };

/**
 * Opens job queues (each one an instance of the add-on) for a test, and stops them after it, before the test
 * database is dropped.
 */
export function jobsDuringEachTest() {
  const opened: Jobs[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((jobs) => jobs.stop({ timeoutMs: 1_000 })));
  });
  return async (database: JobsDatabase, options: JobsOptions): Promise<Jobs> => {
    const jobs = await openJobs(database, { ...options, tuning: { ...testTuning, ...options.tuning } });
    opened.push(jobs);
    return jobs;
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
