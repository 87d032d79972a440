import 'server-only';

import { applicationQueues } from '@/lib/doors/jobs/queues';
import { startOpsFlushing, stopOpsFlushing } from '@/lib/owners/ops/flushing';
import { getDb } from '@/lib/platform/db/client';
import { ConfigError, getEnv } from '@/lib/platform/env';
import { startJobs, stopJobs } from '@/lib/platform/jobs/process';
import { describeError, getLogger } from '@/lib/platform/log';

/**
 * On SIGTERM (a deploy, `docker stop`) the job queue stops fetching and asks running jobs to end at their next safe
 * point, so they are retried by another instance or after the restart instead of waiting out their expiry. Next
 * exits on the same signal once its requests are done; a job still running then is expired and retried later. The
 * operational records gathered since their last flush are written too (best effort: the exit does not wait for them).
 */
function stopJobsOnTermination() {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopJobs().catch((error: unknown) => getLogger().warn({ err: describeError(error) }, 'stopping jobs failed'));
      // The operational records gathered since the last flush (a few seconds' worth) are written before the exit.
      void stopOpsFlushing(getDb);
    });
  }
}

export async function startServer() {
  try {
    getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One clear line, then stop: a half-configured production add-on must not serve.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await getDb();
  // After the database: pg-boss creates its schema beside ours, then works on the queues (pruning among them).
  await startJobs({ queues: applicationQueues });
  // Launch and data-API counts for the operators' console, written every few seconds (lib/owners/ops/).
  startOpsFlushing(getDb);
  stopJobsOnTermination();
  getLogger().info({ database: getEnv().databaseUrl ? 'postgres' : 'pglite' }, 'add-on started');
}
