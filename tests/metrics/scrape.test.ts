import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { metricsText } from '@/lib/features/metrics/scrape';
import { pruneQueue } from '@/lib/features/upkeep/prune';
import { applicationQueues } from '@/lib/startup/queues';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest } from '../support/jobs';

/**
 * The gauges read from the database at scrape time: the job queues' depth by state (pg-boss's tables) and each
 * syncing or ready company's sync lag (mirror_companies), the same for every instance.
 */

const line = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

describe.each(databaseKinds)('scraped gauges on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const openJobs = jobsDuringEachTest();

  it('report the queues by state, zeros included, and the sync lag per company with its maximum', async () => {
    const jobs = await openJobs(database, { queues: applicationQueues, work: false });
    await jobs.send(pruneQueue, {}, { startAfter: 3_600 });
    await database.db.execute(sql`
      insert into mirror_companies (plugin_id, tenant_id, status, last_synced_at) values
        ('sandbox-addon', '10001', 'ready', now() - interval '90 seconds'),
        ('sandbox-addon', '10002', 'syncing', now() - interval '10 seconds'),
        ('sandbox-addon', '10003', 'stopped', now() - interval '3 days'),
        ('sandbox-addon', '10004', 'never', null)`);

    const { body, contentType } = await metricsText(async () => database.db);
    expect(contentType).toMatch(/^text\/plain/);
    expect(line(body, 'kros_addon_job_queue_jobs{queue="db.prune",state="created"}')).toBe(1);
    expect(line(body, 'kros_addon_job_queue_jobs{queue="db.prune",state="active"}')).toBe(0);
    expect(line(body, 'kros_addon_job_queue_jobs{queue="mirror.sync",state="retry"}')).toBe(0);
    expect(line(body, 'kros_addon_mirror_sync_lag_seconds{tenant_id="10001"}')).toBeGreaterThanOrEqual(90);
    expect(line(body, 'kros_addon_mirror_sync_lag_seconds{tenant_id="10002"}')).toBeGreaterThanOrEqual(10);
    // A stopped company waits for its user, and one never synced has no lag yet.
    expect(body).not.toContain('tenant_id="10003"');
    expect(body).not.toContain('tenant_id="10004"');
    expect(line(body, 'kros_addon_mirror_sync_lag_max_seconds')).toBe(
      line(body, 'kros_addon_mirror_sync_lag_seconds{tenant_id="10001"}'),
    );
  });
});
