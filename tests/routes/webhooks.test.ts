import { createHmac } from 'node:crypto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { POST } from '@/app/api/webhooks/[webhookId]/route';
import { consoleCompanies } from '@/lib/features/console/companies';
import { newWebhookId, storeAccessTokens } from '@/lib/owners/connections/store';
import { discardPendingOpsRecords, flushOpsRecords } from '@/lib/owners/ops/record';
import { WEBHOOK_MAX_BODY_BYTES } from '@/lib/owners/webhooks/signature';
import { closeDb, getDb } from '@/lib/platform/db/client';
import { rowsOf } from '@/lib/platform/db/client';
import { webhookEvents } from '@/lib/platform/db/schema';
import { getEnv, resetEnvForTests } from '@/lib/platform/env';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '@/sandbox/webhook-signer';

import { BASE, PLUGIN_ID } from '../support/broker';
import { capturedLogLines, rememberSecret } from '../support/log-capture';

/**
 * POST /api/webhooks/{webhookId}: the service's notifications. The address names the connections to try; only a
 * signature by one of their webhook secrets makes a notification count. Signed here by the sandbox's signer, an
 * implementation independent of the add-on's verifier. The answers are the three the service knows: 200 taken,
 * 400 not understood (not retried), 500 our failure (retried twice).
 */

const USER = 'jana.novakova@example.sk';
const SECRET: string = rememberSecret('consent-webhook-secret-Ab3dE5gH');

type Connection = { tenantId: string; secret?: string | null; userId?: string };

/** Stores connections (as a consent would) behind one receiver address; returns the address's id. */
async function connect(connections: Connection[], webhookId = newWebhookId()): Promise<string> {
  await storeAccessTokens(
    await getDb(),
    connections.map(({ tenantId, secret, userId }) => ({
      userId: userId ?? USER,
      tenantId,
      pluginId: PLUGIN_ID,
      accessToken: rememberSecret(`sbx_token_${tenantId}_${Math.random().toString(36).slice(2)}`),
      companyName: `Company ${tenantId}`,
      webhookSecret: secret === undefined ? SECRET : secret,
    })),
    getEnv().encryptionKeys,
    { source: 'consent', webhookId },
  );
  return webhookId;
}

function send(webhookId: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${BASE}/api/webhooks/${webhookId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return POST(request, { params: Promise.resolve({ webhookId }) });
}

/** Sends a body signed with `secret` exactly as the service signs it. */
function sendSigned(webhookId: string, body: string, secret = SECRET): Promise<Response> {
  return send(webhookId, body, { [WEBHOOK_SIGNATURE_HEADER]: rememberSecret(signWebhookBody(secret, body)) });
}

async function eventsOf(webhookId: string) {
  const db = await getDb();
  return (await db.select().from(webhookEvents)).filter((row) => row.webhookId === webhookId);
}

const upload = (requestId: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    requestId,
    status: 207,
    apiUrl: 'https://api.example/api/invoices/{id}',
    results: {
      entities: [
        {
          data: { id: 41, externalId: 'shop-41', documentNumber: 'FA2026/0041', variableSymbol: '20260041' },
          problems: [],
        },
        {
          data: { id: 42, documentNumber: 'FA2026/0042' },
          problems: [{ code: 'Partner', message: 'Chýba IČO odberateľa.' }],
        },
      ],
    },
    ...extra,
  });

const payment = (requestId: string, eventType = 'FinancialTransaction') =>
  JSON.stringify({
    requestId,
    eventType,
    data: {
      documentNumber: 'FA2026/0041',
      variableSymbol: '20260041',
      dateOfPayment: '2026-07-22',
      sumOfPayment: 99.9,
      currency: 'EUR',
      partnerName: 'Pekáreň',
      accountId: 1,
    },
  });

async function expectRefused(response: Response) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
}

beforeAll(async () => {
  // The notifications themselves; what they ask of the company's copy is tests/mirror/connection-triggers.test.ts's.
  process.env.MIRROR_SYNC = 'off';
  resetEnvForTests();
  await closeDb();
});
afterAll(async () => {
  delete process.env.MIRROR_SYNC;
  resetEnvForTests();
  await closeDb();
});

describe('a signed notification', () => {
  it('is taken (200) and stored once, attributed to the company whose secret signed it', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    const response = await sendSigned(webhookId, upload('a3f0c1d2-0000-4000-8000-000000000001'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(response.headers.get('cache-control')).toBe('no-store');

    const [event, ...more] = await eventsOf(webhookId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      eventKey: 'a3f0c1d2-0000-4000-8000-000000000001',
      userId: USER,
      pluginId: PLUGIN_ID,
      tenantIds: ['10001'],
      kind: 'upload',
    });
    expect(event?.payload).toMatchObject({
      status: 207,
      results: { entities: [{ data: { documentNumber: 'FA2026/0041' } }, {}] },
    });
  });

  it('is taken again (200) without a second row: the requestId names it, however it is serialized', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    const requestId = 'a3f0c1d2-0000-4000-8000-000000000002';
    expect((await sendSigned(webhookId, upload(requestId))).status).toBe(200);
    expect((await sendSigned(webhookId, upload(requestId))).status).toBe(200);
    expect((await sendSigned(webhookId, ` ${upload(requestId, { retry: 1 })}\n`)).status).toBe(200);
    expect(await eventsOf(webhookId)).toHaveLength(1);
  });

  it('arriving twice at once (two instances) is stored once, and both are taken', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    const body = upload('a3f0c1d2-0000-4000-8000-000000000004');
    const answers = await Promise.all([sendSigned(webhookId, body), sendSigned(webhookId, body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await eventsOf(webhookId)).toHaveLength(1);
  });

  it('with a requestId the database cannot hold as text (U+0000) is keyed by its body instead, not failed', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    const body = upload('broken\u0000id');
    expect((await sendSigned(webhookId, body)).status).toBe(200);
    expect((await sendSigned(webhookId, body)).status).toBe(200);
    const [event, ...more] = await eventsOf(webhookId);
    expect(more).toEqual([]);
    expect(event?.eventKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('holding a lone surrogate (\\ud800), correctly signed, is taken and stored, not answered 500 (and lost)', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    // JSON.stringify writes the lone surrogate as the escape `\ud800`, as any sender may.
    const body = upload('c9d8e7f6-0000-4000-8000-000000000005', { note: 'pol\ud800 znaku' });
    expect(body).toContain(String.raw`pol\ud800 znaku`);
    expect((await sendSigned(webhookId, body)).status).toBe(200);
    const [event] = await eventsOf(webhookId);
    expect((event?.payload as { note: string }).note).toBe('pol\uFFFD znaku');
  });

  it('of a payment is stored as a payment; two notifications of one payment batch are both kept, a retry once', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    const requestId = 'b7e1d2c3-0000-4000-8000-000000000003';
    expect((await sendSigned(webhookId, payment(requestId))).status).toBe(200);
    expect((await sendSigned(webhookId, payment(requestId, 'DocumentPayment'))).status).toBe(200);
    expect((await sendSigned(webhookId, payment(requestId))).status).toBe(200);
    const events = await eventsOf(webhookId);
    expect(events.map((event) => [event.kind, (event.payload as { eventType: string }).eventType]).sort()).toEqual([
      ['payment', 'DocumentPayment'],
      ['payment', 'FinancialTransaction'],
    ]);
  });

  it('of a kind we do not know is kept as "other", keyed by its body when it has no requestId', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    const body = JSON.stringify({ eventType: 'PartnerChanged', data: { id: 7 } });
    expect((await sendSigned(webhookId, body)).status).toBe(200);
    const [event] = await eventsOf(webhookId);
    expect(event).toMatchObject({ kind: 'other', payload: { eventType: 'PartnerChanged', data: { id: 7 } } });
    expect(event?.eventKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keyed with the Base64-decoded bytes of the secret is accepted too', async () => {
    const secret = rememberSecret(Buffer.from('0123456789abcdef0123456789abcdef').toString('base64'));
    const webhookId = await connect([{ tenantId: '10001', secret }]);
    const body = upload('c0ffee00-0000-4000-8000-000000000004');
    // The service's HMAC over the UTF-16LE body, keyed with the decoded bytes instead of the string.
    const signature = rememberSecret(
      createHmac('sha256', Buffer.from(secret, 'base64')).update(Buffer.from(body, 'utf16le')).digest('base64'),
    );
    expect(signature).not.toBe(signWebhookBody(secret, body));
    expect((await send(webhookId, body, { [WEBHOOK_SIGNATURE_HEADER]: signature })).status).toBe(200);
    expect(await eventsOf(webhookId)).toHaveLength(1);
  });

  it('is attributed to the company whose secret verified it when companies share the address', async () => {
    const other = rememberSecret('second-company-secret-Zx9Yw8');
    const webhookId = await connect([
      { tenantId: '20001' },
      { tenantId: '20002', secret: other },
      { tenantId: '20003', secret: null },
    ]);
    expect((await sendSigned(webhookId, upload('d0000000-0000-4000-8000-000000000005'), other)).status).toBe(200);
    expect((await sendSigned(webhookId, upload('d0000000-0000-4000-8000-000000000006'))).status).toBe(200);
    const byKey = new Map((await eventsOf(webhookId)).map((event) => [event.eventKey, event.tenantIds]));
    expect(byKey.get('d0000000-0000-4000-8000-000000000005')).toEqual(['20002']);
    expect(byKey.get('d0000000-0000-4000-8000-000000000006')).toEqual(['20001']);
  });

  it('is attributed to every company that shares the secret that verified it', async () => {
    const webhookId = await connect([{ tenantId: '30001' }, { tenantId: '30002' }]);
    expect((await sendSigned(webhookId, upload('e0000000-0000-4000-8000-000000000007'))).status).toBe(200);
    const [event] = await eventsOf(webhookId);
    expect(event?.tenantIds.sort()).toEqual(['30001', '30002']);
  });
});

describe('a notification that is refused with 400 and stores nothing', () => {
  let webhookId: string;
  beforeEach(async () => {
    webhookId = await connect([{ tenantId: '10001' }]);
  });
  const body = upload('f0000000-0000-4000-8000-000000000008');

  it('has a wrong signature: another secret, or a signature made over UTF-8', async () => {
    await expectRefused(await sendSigned(webhookId, body, rememberSecret('not-the-connection-secret')));
    const overUtf8 = rememberSecret(createHmac('sha256', SECRET).update(body, 'utf8').digest('base64'));
    await expectRefused(await send(webhookId, body, { [WEBHOOK_SIGNATURE_HEADER]: overUtf8 }));
    await expectRefused(await send(webhookId, body, { [WEBHOOK_SIGNATURE_HEADER]: 'garbage' }));
    expect(await eventsOf(webhookId)).toEqual([]);
  });

  it('has no signature', async () => {
    await expectRefused(await send(webhookId, body));
    await expectRefused(await send(webhookId, body, { [WEBHOOK_SIGNATURE_HEADER]: '  ' }));
    expect(await eventsOf(webhookId)).toEqual([]);
  });

  it('was changed after it was signed', async () => {
    const signature = rememberSecret(signWebhookBody(SECRET, body));
    await expectRefused(
      await send(webhookId, body.replace('"status":207', '"status":200'), { [WEBHOOK_SIGNATURE_HEADER]: signature }),
    );
    expect(await eventsOf(webhookId)).toEqual([]);
  });

  it('is for an address we do not know, one without a secret, or one that cannot be an address', async () => {
    const unknown = newWebhookId();
    await expectRefused(await sendSigned(unknown, body));
    expect(await eventsOf(unknown)).toEqual([]);
    const withoutSecret = await connect([{ tenantId: '10009', secret: null }]);
    await expectRefused(await sendSigned(withoutSecret, body));
    expect(await eventsOf(withoutSecret)).toEqual([]);
    for (const malformed of ['short', 'a'.repeat(65), 'has space in it 0123456789', '..%2F..%2Fetc%2Fpasswd00']) {
      await expectRefused(await sendSigned(malformed, body));
    }
  });

  it('is not JSON, not a JSON object, or not UTF-8, though signed', async () => {
    for (const text of ['not json', '{"requestId":"x",', '[]', '"text"', ''])
      await expectRefused(await sendSigned(webhookId, text));
    const notUtf8 = Buffer.concat([Buffer.from('{"requestId":"'), Buffer.from([0xff]), Buffer.from('","status":200}')]);
    const lenient = notUtf8.toString('utf8');
    await expectRefused(
      await send(webhookId, notUtf8, { [WEBHOOK_SIGNATURE_HEADER]: rememberSecret(signWebhookBody(SECRET, lenient)) }),
    );
    expect(await eventsOf(webhookId)).toEqual([]);
  });

  it('is an upload result with fields of the wrong type, though signed', async () => {
    for (const wrong of [
      { requestId: 'g1', status: '200' },
      { requestId: 'g2', status: 500 },
      { status: 200 },
      { requestId: 'g3', status: 200, results: { entities: [{ data: { documentNumber: 17 } }] } },
    ]) {
      await expectRefused(await sendSigned(webhookId, JSON.stringify(wrong)));
    }
    expect(await eventsOf(webhookId)).toEqual([]);
  });

  it('is nested deeper than 32 levels, though signed and small (3000 levels in 18 KB): 400, nothing stored', async () => {
    const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    await expectRefused(await sendSigned(webhookId, nested(3000)));
    await expectRefused(
      await sendSigned(webhookId, upload('i0000000-0000-4000-8000-000000000010', { deep: JSON.parse(nested(40)) })),
    );
    expect(await eventsOf(webhookId)).toEqual([]);
    // A notification nested as deep as the limit is still taken.
    expect((await sendSigned(webhookId, nested(32))).status).toBe(200);
  });

  it('is larger than the limit, however it was signed', async () => {
    const padding = 'x'.repeat(WEBHOOK_MAX_BODY_BYTES);
    await expectRefused(await sendSigned(webhookId, upload('h0000000-0000-4000-8000-000000000009', { padding })));
    expect(await eventsOf(webhookId)).toEqual([]);
  });
});

describe('a refused notification, for the operators', () => {
  const body = upload('j0000000-0000-4000-8000-000000000011');
  const refusalsOf = async (tenantIds: string[]) =>
    rowsOf<{ tenant_id: string; reason: string; count: number }>(
      await (
        await getDb()
      ).execute(sql`
        select tenant_id, reason, count from ops_webhook_refusals
        where tenant_id in (${sql.join(tenantIds, sql`, `)}) order by tenant_id, reason`),
    ).map((row) => ({ ...row, count: Number(row.count) }));

  it('at a known address is counted for each company behind it, by reason, and shown in the console', async () => {
    discardPendingOpsRecords();
    const webhookId = await connect([{ tenantId: '20001' }, { tenantId: '20002' }]);
    await expectRefused(await sendSigned(webhookId, body, rememberSecret('not-the-connection-secret')));
    await expectRefused(await sendSigned(webhookId, body, rememberSecret('not-the-connection-secret')));
    await expectRefused(await send(webhookId, body));
    await expectRefused(await sendSigned(webhookId, 'not json'));
    // Nothing is written until the flush (every few seconds on a running instance).
    expect(await refusalsOf(['20001', '20002'])).toEqual([]);
    await flushOpsRecords(await getDb());

    expect(await refusalsOf(['20001', '20002'])).toEqual(
      ['20001', '20002'].flatMap((tenant_id) => [
        { tenant_id, reason: 'payload_invalid', count: 1 },
        { tenant_id, reason: 'signature_invalid', count: 2 },
        { tenant_id, reason: 'signature_missing', count: 1 },
      ]),
    );
    const companies = await consoleCompanies(await getDb());
    for (const tenantId of ['20001', '20002']) {
      const refused = companies.find((company) => company.tenantId === tenantId)?.notifications.refused;
      expect(refused).toMatchObject({
        count: 4,
        byReason: { payload_invalid: 1, signature_invalid: 2, signature_missing: 1 },
      });
      expect(Date.now() - refused!.lastAt!.getTime()).toBeLessThan(3_600_000);
    }
  });

  it('at an unknown address, or one without a secret, is recorded for no company', async () => {
    discardPendingOpsRecords();
    await expectRefused(await sendSigned(newWebhookId(), body));
    await expectRefused(await send(newWebhookId(), body));
    const withoutSecret = await connect([{ tenantId: '20009', secret: null }]);
    await expectRefused(await sendSigned(withoutSecret, body));
    expect(await flushOpsRecords(await getDb())).toEqual({ written: 0, dropped: 0 });
    expect(await refusalsOf(['20009'])).toEqual([]);
  });
});

describe('the log of a notification', () => {
  it('names the endpoint, the outcome and a reason, never the body, the secret or the signature', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    const body = upload('i0000000-0000-4000-8000-000000000010');
    const signature = signWebhookBody(SECRET, body);
    const before = capturedLogLines.length;
    await sendSigned(webhookId, body);
    await sendSigned(webhookId, body, rememberSecret('a-wrong-secret-for-the-log'));
    const lines = capturedLogLines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.endpoint, line.status, line.reason])).toEqual([
      ['webhook', 200, 'ok'],
      ['webhook', 400, 'signature_invalid'],
    ]);
    const text = JSON.stringify(lines);
    for (const secretish of [SECRET, signature, webhookId, 'FA2026/0041', 'Chýba IČO'])
      expect(text).not.toContain(secretish);
  });
});

describe('when our side fails', () => {
  it('answers 500 when the event cannot be stored, so the service retries; the retry is then taken', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    const db = await getDb();
    const body = upload('j0000000-0000-4000-8000-000000000011');
    await db.execute(sql`alter table webhook_events rename to webhook_events_away`);
    try {
      const response = await sendSigned(webhookId, body);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    } finally {
      await db.execute(sql`alter table webhook_events_away rename to webhook_events`);
    }
    expect((await sendSigned(webhookId, body)).status).toBe(200);
    expect(await eventsOf(webhookId)).toHaveLength(1);
  });

  it('answers 500 when the stored secret cannot be opened (its key is no longer configured)', async () => {
    const webhookId = await connect([{ tenantId: '10001' }]);
    const db = await getDb();
    await db.execute(sql`update access_tokens set key_id = 'gone' where webhook_id = ${webhookId}`);
    expect((await sendSigned(webhookId, upload('k0000000-0000-4000-8000-000000000012'))).status).toBe(500);
  });

  it('answers 500 when the database cannot be reached', async () => {
    await closeDb();
    // Nothing listens on port 1: every connection attempt is refused.
    process.env.DATABASE_URL = 'postgres://addon@127.0.0.1:1/addon';
    resetEnvForTests();
    try {
      const response = await sendSigned(newWebhookId(), upload('l0000000-0000-4000-8000-000000000013'));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    } finally {
      delete process.env.DATABASE_URL;
      resetEnvForTests();
      await closeDb();
    }
  });
});

describe('other methods', () => {
  it('answer 405 in the one error shape', async () => {
    const { GET } = await import('@/app/api/webhooks/[webhookId]/route');
    const response = GET();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: { code: 'method_not_allowed', message: expect.any(String) } });
  });
});
