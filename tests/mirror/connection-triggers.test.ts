import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POST as receiveWebhook } from '@/app/api/webhooks/[webhookId]/route';
import { newWebhookId, storeAccessTokens } from '@/lib/owners/connections/store';
import { mirrorSyncQueue } from '@/lib/owners/mirror/jobs';
import { WEBHOOK_SIGNATURE_HEADER } from '@/lib/owners/webhooks/signature';
import { getDb, rowsOf } from '@/lib/platform/db/client';
import { getEnv, resetEnvForTests } from '@/lib/platform/env';
import { startJobs, stopJobs } from '@/lib/platform/jobs/process';
import { signWebhookBody } from '@/sandbox/webhook-signer';

import { BASE, deliver, launch, PLUGIN_ID, startBrokerFixture } from '../support/broker';
import { testTuning } from '../support/jobs';
import { rememberSecret } from '../support/log-capture';

/**
 * A connection made is a reason to begin the company's copy: a token delivery asks for a sync of every company whose
 * token it stored (with MIRROR_SYNC on), one job per company, and nothing while MIRROR_SYNC is off. So is a
 * notification that the company's documents changed (an upload's result, a payment): its copy catches up at once.
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

async function syncsAskedFor(mode?: string): Promise<string[]> {
  const result = await (
    await getDb()
  ).execute(sql`
    select data->>'tenantId' as "tenantId" from pgboss.job
    where name = ${mirrorSyncQueue.name} and (${mode ?? null}::text is null or data->>'mode' = ${mode ?? null})
    order by 1`);
  return rowsOf<{ tenantId: string }>(result).map((row) => row.tenantId);
}

describe('a token delivery', () => {
  it('asks for nothing while MIRROR_SYNC is off', async () => {
    process.env.MIRROR_SYNC = 'off';
    resetEnvForTests();
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

describe('a webhook notification', () => {
  const SECRET = rememberSecret('trigger-webhook-secret-Ab3dE5gH');

  async function notify(webhookId: string, body: string): Promise<number> {
    const signature = rememberSecret(signWebhookBody(SECRET, body));
    const response = await receiveWebhook(
      new Request(`${BASE}/api/webhooks/${webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
        body,
      }),
      { params: Promise.resolve({ webhookId }) },
    );
    return response.status;
  }

  it('of an upload’s result asks for an incremental sync of its company, once however often it is retried', async () => {
    process.env.MIRROR_SYNC = 'on';
    resetEnvForTests();
    const webhookId = newWebhookId();
    await storeAccessTokens(
      await getDb(),
      [
        {
          userId: USER,
          tenantId: '10004',
          pluginId: PLUGIN_ID,
          accessToken: token(),
          companyName: null,
          webhookSecret: SECRET,
        },
      ],
      getEnv().encryptionKeys,
      { source: 'consent', webhookId },
    );
    const body = JSON.stringify({ requestId: 'req-upload-1', status: 200, results: { entities: [] } });
    expect(await notify(webhookId, body)).toBe(200);
    expect(await notify(webhookId, body)).toBe(200);
    expect(await syncsAskedFor('incremental')).toEqual(['10004']);

    // A notification of another kind says nothing of the documents.
    const other = JSON.stringify({ eventType: 'SomethingElse', data: { id: 1 } });
    expect(await notify(webhookId, other)).toBe(200);
    expect(await syncsAskedFor('incremental')).toEqual(['10004']);
  });
});
