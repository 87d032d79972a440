import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, rowsOf } from '@/lib/db/client';
import { resetEnvForTests } from '@/lib/env';
import { startJobs, stopJobs } from '@/lib/jobs/process';
import { mirrorSyncQueue } from '@/lib/mirror/jobs';
import { PLUGIN_ID, deliver, launch, startBrokerFixture } from '../support/broker';
import { testTuning } from '../support/jobs';
import { rememberSecret } from '../support/log-capture';

/**
 * A connection made is a reason to begin the company's copy: a token delivery asks for a sync of every company whose
 * token it stored (with MIRROR_SYNC on), one job per company, and nothing while MIRROR_SYNC is off.
 */
let broker: Awaited<ReturnType<typeof startBrokerFixture>>;
beforeAll(async () => {
  broker = await startBrokerFixture();
  // Send only: the test looks at what was asked for, not at the syncs themselves (tests/mirror/jobs.test.ts).
  await startJobs({ queues: [mirrorSyncQueue], work: false, tuning: testTuning });
});
afterAll(async () => {
  await stopJobs({ timeoutMs: 1_000 });
  delete process.env.MIRROR_SYNC;
  resetEnvForTests();
  await broker.stop();
});

const USER = 'jana.novakova@example.sk';
const token = () => rememberSecret(`sbx_trigger_${Math.random().toString(36).slice(2)}_opaque`);

async function syncsAskedFor(): Promise<string[]> {
  const result = await (
    await getDb()
  ).execute(sql`
    select data->>'tenantId' as "tenantId" from pgboss.job where name = ${mirrorSyncQueue.name} order by 1`);
  return rowsOf<{ tenantId: string }>(result).map((row) => row.tenantId);
}

describe('a token delivery', () => {
  it('asks for nothing while MIRROR_SYNC is off', async () => {
    await launch(broker, { sub: USER, tenantIds: ['10001'] });
    const response = await deliver({
      userId: USER,
      pluginId: PLUGIN_ID,
      tokens: [{ tenantId: '10001', name: 'x', accessToken: token() }],
    });
    expect(response.status).toBe(200);
    expect(await syncsAskedFor()).toEqual([]);
  });

  it('asks for a sync of each company whose token it stored, once', async () => {
    process.env.MIRROR_SYNC = 'on';
    resetEnvForTests();
    await launch(broker, { sub: USER, tenantIds: ['10002', '10003'] });
    const tokens = [
      { tenantId: '10002', name: 'x', accessToken: token() },
      { tenantId: '10003', name: 'y', accessToken: token() },
    ];
    expect((await deliver({ userId: USER, pluginId: PLUGIN_ID, tokens })).status).toBe(200);
    // The same again: a sync already waits for each, so nothing more is queued.
    expect((await deliver({ userId: USER, pluginId: PLUGIN_ID, tokens })).status).toBe(200);
    expect(await syncsAskedFor()).toEqual(['10002', '10003']);
  });
});
