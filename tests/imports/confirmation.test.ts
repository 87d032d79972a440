import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';

import { POST as receiveWebhook } from '@/app/api/webhooks/[webhookId]/route';
import { createImport } from '@/lib/owners/imports/create';
import { companiesWithImportWork, defineImportQueues } from '@/lib/owners/imports/jobs';
import { queueLines } from '@/lib/owners/imports/queue';
import { workOnImports } from '@/lib/owners/imports/sender';
import { importView, readImport } from '@/lib/owners/imports/view';
import { WEBHOOK_SIGNATURE_HEADER } from '@/lib/owners/webhooks/signature';
import { type Db, getDb, rowsOf } from '@/lib/platform/db/client';
import { signWebhookBody } from '@/sandbox/webhook-signer';

import { BASE, PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest } from '../support/jobs';
import { rememberSecret } from '../support/log-capture';
import { DIGEST, FAST, importsSandboxDuringTests, paymentLines, scopeOf } from './fixture';
import { webhookReceiverDuringTests } from './webhook-receiver';

/**
 * A line is done once the service confirms it: by the upload-finished notification where the connection has a
 * receiver (through our webhook route, as the service calls it), otherwise by reading back, which a job does when the
 * lines are due a check, without anyone asking.
 */

const api = importsSandboxDuringTests();

async function queuedImport(db: Db, tenantId: string, count: number, prefix: string) {
  const scope = scopeOf(tenantId);
  const accountId = await api.bankAccount(tenantId);
  const { id } = await createImport(db, scope, {
    kind: 'payments',
    fileName: 'vypis.sta',
    digest: DIGEST,
    accountId,
    lines: paymentLines(await api.openInvoices(tenantId), count, prefix),
  });
  await queueLines(db, scope, id, 'all-ready');
  return { scope, importId: id, accountId };
}

describe('the upload-finished notification (through the webhook route, on the add-on’s own database)', () => {
  const SECRET = rememberSecret('imports-webhook-secret-Xy7Q2w');
  const { connectWithReceiver } = webhookReceiverDuringTests(api, SECRET);

  it('confirms each line by its requestId and externalId, with the document the service paired, without reading back', async () => {
    const db = await getDb();
    const { token } = await connectWithReceiver(db, '61001');
    const { scope, importId } = await queuedImport(db, '61001', 3, 'hook');
    const { client } = api.client('61001', { token });
    const result = await workOnImports(db, scope, {
      openClient: async () => client,
      settings: { ...FAST, firstCheckSeconds: 600 },
    });
    expect(result.posted).toBe(1);
    await api.sandbox.webhooks.idle();
    const detail = (await readImport(db, scope, importId))!;
    expect(detail.lines.map((line) => line.state)).toEqual(['done', 'done', 'done']);
    const requestId = detail.lines[0]!.requestId;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.sandbox.webhooks.deliveries().find((d) => d.tenantId === '61001')?.requestId).toBe(requestId);
    expect(detail.lines[0]!.result).toMatchObject({ documentNumber: expect.any(String), id: expect.any(String) });
    expect(detail.lines[0]!.document).toEqual({
      id: expect.any(String),
      documentNumber: detail.lines[0]!.result!.documentNumber,
    });
    expect(api.requestsOf(token).filter((r) => r.startsWith('GET'))).toEqual([]);
    expect(importView(detail).state).toBe('done');
  });

  it('marks `problem` a line the result reports problems with, in the service’s words; a retry changes nothing', async () => {
    const db = await getDb();
    const { webhookId } = await connectWithReceiver(db, '61002');
    const { scope, importId } = await queuedImport(db, '61002', 2, 'bad-hook');
    // Sent with a token of the company that has no receiver: the notification below, with a problem, is the only one.
    const { client } = api.client('61002');
    await workOnImports(db, scope, { openClient: async () => client, settings: { ...FAST, firstCheckSeconds: 600 } });
    const [first, second] = (await readImport(db, scope, importId))!.lines;
    const body = JSON.stringify({
      requestId: first!.requestId,
      status: 207,
      apiUrl: 'https://api.example/api/payments/{id}',
      results: {
        entities: [
          { data: { id: 901, externalId: first!.externalId, documentNumber: null }, problems: [] },
          {
            data: { id: 902, externalId: second!.externalId },
            problems: [{ code: 'AccountClosed', message: 'The account is closed for this date.' }],
          },
        ],
      },
    });
    const post = () =>
      receiveWebhook(
        new Request(`${BASE}/api/webhooks/${webhookId}`, {
          method: 'POST',
          headers: { [WEBHOOK_SIGNATURE_HEADER]: rememberSecret(signWebhookBody(SECRET, body)) },
          body,
        }),
        { params: Promise.resolve({ webhookId }) },
      );
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const view = importView((await readImport(db, scope, importId))!);
    expect(view.lines.map((line) => [line.state, line.problems])).toEqual([
      ['done', []],
      ['problem', ['The account is closed for this date.']],
    ]);
    expect(view.state).toBe('problems');
  });
});

describe('a notification confirms only the batch whose 202 carried its requestId', () => {
  const SECRET = rememberSecret('imports-webhook-secret-Rq4Z8n');
  const { connectWithReceiver } = webhookReceiverDuringTests(api, SECRET);

  /** A signed upload result naming these lines by their externalIds, as the service would post it. */
  function notify(webhookId: string, requestId: string, externalIds: (string | null)[]) {
    const body = JSON.stringify({
      requestId,
      status: 200,
      apiUrl: 'https://api.example/api/payments/{id}',
      results: {
        entities: externalIds.map((externalId, index) => ({
          data: { id: 950 + index, externalId, documentId: 17, documentNumber: `UH${index}` },
          problems: [],
        })),
      },
    });
    return receiveWebhook(
      new Request(`${BASE}/api/webhooks/${webhookId}`, {
        method: 'POST',
        headers: { [WEBHOOK_SIGNATURE_HEADER]: rememberSecret(signWebhookBody(SECRET, body)) },
        body,
      }),
      { params: Promise.resolve({ webhookId }) },
    );
  }

  const statesOf = async (db: Db, scope: ReturnType<typeof scopeOf>, importId: string) =>
    (await readImport(db, scope, importId))!.lines.map((line) => line.state);

  it('one with another requestId changes nothing; the batch’s own requestId confirms', async () => {
    const db = await getDb();
    const { webhookId } = await connectWithReceiver(db, '61011');
    const { scope, importId } = await queuedImport(db, '61011', 2, 'rid');
    // Sent with a token that has no receiver: the notifications below are the only ones.
    const { client } = api.client('61011');
    await workOnImports(db, scope, { openClient: async () => client, settings: { ...FAST, firstCheckSeconds: 600 } });
    const lines = (await readImport(db, scope, importId))!.lines;
    const externalIds = lines.map((line) => line.externalId);
    expect(lines.map((line) => line.state)).toEqual(['sent', 'sent']);

    expect((await notify(webhookId, randomUUID(), externalIds)).status).toBe(200);
    expect(await statesOf(db, scope, importId)).toEqual(['sent', 'sent']);

    expect((await notify(webhookId, lines[0]!.requestId!, externalIds)).status).toBe(200);
    expect(await statesOf(db, scope, importId)).toEqual(['done', 'done']);
  });

  it('a batch whose answer was lost is not confirmed by any notification, only by reading back', async () => {
    const db = await getDb();
    const { token, webhookId } = await connectWithReceiver(db, '61012');
    const { scope, importId } = await queuedImport(db, '61012', 2, 'lost');
    // The service processes the batch and sends its notification, but its 202 never reaches us.
    api.sandbox.dataApi.setFault('61012', { mode: 'timeout-after-processing', delayMs: 200, count: 1 });
    const { client } = api.client('61012', { token });
    const settings = { ...FAST, firstCheckSeconds: 600 };
    await workOnImports(db, scope, { openClient: async () => client, settings });
    await api.sandbox.webhooks.idle();
    const sent = api.sandbox.webhooks.deliveries().filter((d) => d.tenantId === '61012');
    expect(sent).toHaveLength(1);
    const lines = (await readImport(db, scope, importId))!.lines;
    expect(lines.map((line) => [line.state, line.requestId])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
    // Neither the service's own notification (delivered above), nor one with any other requestId confirms it.
    expect(
      (
        await notify(
          webhookId,
          randomUUID(),
          lines.map((line) => line.externalId),
        )
      ).status,
    ).toBe(200);
    expect(await statesOf(db, scope, importId)).toEqual(['sent', 'sent']);

    await db.execute(sql`update import_batches set next_check_at = now() where tenant_id = '61012'`);
    const checked = await workOnImports(db, scope, { openClient: async () => client, settings });
    expect(checked).toMatchObject({ confirmed: 2, posted: 0 });
    expect(await statesOf(db, scope, importId)).toEqual(['done', 'done']);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });

  it('a line a notification names is never sent again, though its batch’s answer was lost and reading back misses it', async () => {
    const db = await getDb();
    const { token, webhookId } = await connectWithReceiver(db, '61014');
    const { scope, importId } = await queuedImport(db, '61014', 2, 'named');
    // A gateway answers 502: the batch's fate is unknown, and no requestId is seen.
    api.sandbox.dataApi.setFault('61014', { mode: 'server-error', status: 502, count: 1 });
    const { client } = api.client('61014', { token });
    const settings = { ...FAST, firstCheckSeconds: 600 };
    await workOnImports(db, scope, { openClient: async () => client, settings });
    const lines = (await readImport(db, scope, importId))!.lines;
    expect(lines.map((line) => [line.state, line.requestId])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
    // The service did process the first line after all (behind the gateway) and says so, under the requestId of the
    // answer we never got; it is still processing it, so reading back does not find it yet.
    expect((await notify(webhookId, randomUUID(), [lines[0]!.externalId])).status).toBe(200);
    expect(await statesOf(db, scope, importId)).toEqual(['sent', 'sent']);

    // The resend window has passed: reading back misses both; only the line no notification names is sent again.
    await db.execute(sql`
      update import_batches set resend_after = now(), next_check_at = now() where tenant_id = '61014'`);
    const checked = await workOnImports(db, scope, { openClient: async () => client, settings });
    expect(checked).toMatchObject({ confirmed: 0, requeued: 1, posted: 1 });
    expect((await statesOf(db, scope, importId))[0]).toBe('sent');
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(2);

    // Later checks read it back again and again; it is never sent by itself.
    await db.execute(sql`update import_batches set next_check_at = now() where tenant_id = '61014'`);
    await workOnImports(db, scope, { openClient: async () => client, settings });
    await api.sandbox.webhooks.idle();
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(2);
    expect(await statesOf(db, scope, importId)).toEqual(['sent', 'done']);
  });

  it('one that comes before its 202 was recorded is applied once it is', async () => {
    const db = await getDb();
    const { token } = await connectWithReceiver(db, '61013');
    const { scope, importId } = await queuedImport(db, '61013', 2, 'early');
    const { client } = api.client('61013', { token });
    // The 202 is held back until the service's notification has reached our route.
    const slowAnswer: typeof client = {
      ...client,
      payments: {
        ...client.payments,
        uploadBatch: async (data) => {
          const accepted = await client.payments.uploadBatch(data);
          await api.sandbox.webhooks.idle();
          expect(api.sandbox.webhooks.deliveries().filter((d) => d.tenantId === '61013')).toHaveLength(1);
          expect(await statesOf(db, scope, importId)).toEqual(['queued', 'queued']);
          return accepted;
        },
      },
    };
    await workOnImports(db, scope, {
      openClient: async () => slowAnswer,
      settings: { ...FAST, firstCheckSeconds: 600 },
    });
    expect(await statesOf(db, scope, importId)).toEqual(['done', 'done']);
    expect(api.requestsOf(token).filter((r) => r.startsWith('GET'))).toEqual([]);
  });
});

describe.each(databaseKinds)('the re-check on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const openJobs = jobsDuringEachTest();
  const tenants = { pglite: 62000, postgres: 63000 };

  it('a job confirms the lines still unconfirmed a while after the send, by reading back', async () => {
    const tenantId = String((tenants[kind] += 1));
    const { scope, importId, accountId } = await queuedImport(database.db, tenantId, 120, 'later');
    const { client, token } = api.client(tenantId);
    const queues = defineImportQueues(
      { openClient: async () => client, settings: { ...FAST, firstCheckSeconds: 2 } },
      `test-imports-${kind}`,
    );
    const jobs = await openJobs(database, { queues: [queues.sendQueue, queues.checkQueue], work: true });
    expect(await jobs.send(queues.sendQueue, scope, { singletonKey: `${PLUGIN_ID}:${tenantId}` })).not.toBeNull();

    await vi.waitFor(
      async () => {
        const states = new Set((await readImport(database.db, scope, importId))!.lines.map((line) => line.state));
        expect(states).toEqual(new Set(['sent']));
      },
      { timeout: 15_000, interval: 100 },
    );
    await vi.waitFor(
      async () => {
        const states = new Set((await readImport(database.db, scope, importId))!.lines.map((line) => line.state));
        expect(states).toEqual(new Set(['done']));
      },
      { timeout: 20_000, interval: 250 },
    );
    // Two POSTs, then one reading of the account's payments since the send: two pages for 120 lines.
    const requests = api.requestsOf(token);
    expect(requests.filter((r) => r.startsWith('POST'))).toHaveLength(2);
    const reads = requests.filter((r) => r.startsWith('GET'));
    expect(reads).toHaveLength(2);
    expect(reads[0]).toContain(`AccountId=${accountId}`);
    const checks = rowsOf<{ state: string }>(
      await database.db.execute(sql`
        select state from pgboss.job where name = ${queues.checkQueue.name} and singleton_key = ${`${PLUGIN_ID}:${tenantId}`}`),
    );
    expect(checks.map((job) => job.state)).toContain('completed');
  });

  it('the minute’s tick finds the companies whose work was left behind', async () => {
    const tenantId = String((tenants[kind] += 1));
    const company = { pluginId: PLUGIN_ID, tenantId };
    const listed = async () => (await companiesWithImportWork(database.db)).filter((c) => c.tenantId === tenantId);
    const { scope } = await queuedImport(database.db, tenantId, 1, 'tick');
    expect(await listed()).toEqual([company]);
    // Stopped: nothing to do until resumed.
    await database.db.execute(sql`update imports set stopped_at = now(), stop_reason = 'forbidden'
                                   where tenant_id = ${tenantId}`);
    expect(await listed()).toEqual([]);
    await database.db.execute(
      sql`update imports set stopped_at = null, stop_reason = null where tenant_id = ${tenantId}`,
    );
    const { client } = api.client(tenantId);
    await workOnImports(database.db, scope, {
      openClient: async () => client,
      settings: { ...FAST, firstCheckSeconds: 60 },
    });
    expect(await listed()).toEqual([]);
    await database.db.execute(sql`update import_batches set next_check_at = now() where tenant_id = ${tenantId}`);
    expect(await listed()).toEqual([company]);
  });
});
