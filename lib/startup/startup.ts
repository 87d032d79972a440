import 'server-only';

import { startOpsFlushing, stopOpsFlushing } from '@/lib/owners/ops/flushing';
import { closeDb, getDb } from '@/lib/platform/db/client';
import { ConfigError, getEnv } from '@/lib/platform/env';
import { startJobs, stopJobs } from '@/lib/platform/jobs/process';
import { describeError, getLogger } from '@/lib/platform/log';
import { watchHttpServers } from '@/lib/startup/http-drain';
import { applicationQueues } from '@/lib/startup/queues';

/** The whole stop is bounded: a stuck job or request must not hold a deploy (systemd's TimeoutStopSec is above it). */
const STOP_BOUND_MS = 25_000;
/** How long running jobs get to reach their safe point before pg-boss fails them (so they are retried). */
const JOBS_STOP_MS = 15_000;

async function settled(step: string, work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    getLogger().warn({ err: describeError(error), step }, 'stopping: a step failed');
  }
}

/**
 * The stop on SIGTERM (a deploy, `systemctl stop`) or SIGINT, in this order:
 * 1. at once and together: the HTTP server takes no new connection while the requests in flight finish, and the job
 *    queue fetches no new job (it still takes those the last requests send) while each running job is asked (its
 *    signal) to end at its next safe point; a job that throws there, or is still running after JOBS_STOP_MS, is
 *    failed by pg-boss, hence retried by whichever instance fetches next (not left active until its expiry);
 * 2. then the operational records gathered meanwhile (those requests' counts among them) are written;
 * 3. then the database is closed and the process exits 0. Past STOP_BOUND_MS it exits 1, whatever is left.
 * This needs Next's own handler off (NEXT_MANUAL_SIG_HANDLE, set by the artefact's server.js and `npm start`): that
 * one closes the server and exits 143 without waiting for anything of ours. Without it (`next dev`, a bare
 * `next start`) the jobs and the records are only stopped alongside Next's exit, best effort.
 */
function stopOnTermination() {
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        void settled('jobs', stopJobs());
        void settled('operational records', stopOpsFlushing(getDb));
      });
    }
    return;
  }
  const http = watchHttpServers();
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A second signal (a terminal's Ctrl-C reaches the whole process group) changes nothing: one stop runs.
    if (stopping) return;
    stopping = true;
    const log = getLogger();
    log.info({ signal }, 'stopping: draining requests and jobs');
    setTimeout(() => {
      log.error({ boundMs: STOP_BOUND_MS }, 'stopping: not done in time, exiting anyway');
      process.exit(1);
    }, STOP_BOUND_MS);
    // The queue keeps taking sends meanwhile: a request being answered may still ask for a sync or an import's send.
    await Promise.all([
      settled('requests', http.drain()),
      settled('jobs', stopJobs({ timeoutMs: JOBS_STOP_MS, keepSending: true })),
    ]);
    await settled('operational records', stopOpsFlushing(getDb));
    await settled('database', closeDb());
    log.info('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (received) => void stop(received));
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
  stopOnTermination();
  getLogger().info({ database: getEnv().databaseUrl ? 'postgres' : 'pglite' }, 'add-on started');
}
