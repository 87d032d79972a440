import 'server-only';

import { sql } from 'drizzle-orm';

import { syncLags } from '@/lib/owners/mirror/sync-lag';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { JOBS_SCHEMA } from '@/lib/platform/jobs/one-per-key';
import { describeError, getLogger } from '@/lib/platform/log';
import { getMetrics, type Metrics } from '@/lib/platform/metrics/registry';

/**
 * The gauges read from the database when Prometheus scrapes (shared by every instance, so each instance reports
 * the same values: take `max` across instances, not `sum`), then the whole text. Two small statements per scrape:
 * the job queues' depth (pg-boss's own tables) and the mirrors' sync lag (asked of the mirror's owner).
 */

const JOB_STATES = ['created', 'retry', 'active'] as const;

/** Every queue pg-boss knows, each with all three states (an emptied queue reads 0, not nothing). */
async function readQueueDepth(db: Db, metrics: Metrics): Promise<void> {
  const jobs = sql.identifier(JOBS_SCHEMA);
  const rows = rowsOf<{ name: string; created: number; retry: number; active: number }>(
    await db.execute(sql`
      select q.name,
             count(j.id) filter (where j.state = 'created')::int as created,
             count(j.id) filter (where j.state = 'retry')::int as retry,
             count(j.id) filter (where j.state = 'active')::int as active
      from ${jobs}.queue q
      left join ${jobs}.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
      group by q.name`),
  );
  metrics.queueJobs.reset();
  for (const row of rows) for (const state of JOB_STATES) metrics.queueJobs.set({ queue: row.name, state }, row[state]);
}

/** Each company's sync lag (lib/owners/mirror/sync-lag.ts says which companies), and the largest. */
async function readSyncLag(db: Db, metrics: Metrics): Promise<void> {
  const lags = await syncLags(db);
  metrics.syncLag.reset();
  let max = 0;
  for (const { tenantId, seconds } of lags) {
    const lag = Math.round(seconds);
    metrics.syncLag.set({ tenant_id: tenantId }, lag);
    max = Math.max(max, lag);
  }
  metrics.syncLagMax.set(max);
}

/** The Prometheus text of this process. A database that cannot be read costs only its gauges, not the scrape. */
export async function metricsText(openDb: () => Promise<Db>): Promise<{ body: string; contentType: string }> {
  const metrics = getMetrics();
  for (const [reading, read] of [
    ['queue_depth', readQueueDepth],
    ['sync_lag', readSyncLag],
  ] as const) {
    try {
      await read(await openDb(), metrics);
    } catch (error) {
      metrics.scrapeReadFailures.inc();
      getLogger().warn({ err: describeError(error), reading }, 'metrics: a database reading failed');
    }
  }
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}
