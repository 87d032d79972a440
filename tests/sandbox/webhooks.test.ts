/**
 * The sandbox's webhook sender plays the service: JSON bodies signed in X-Kros-Signature-256 (HMAC-SHA256 over the
 * UTF-16LE bytes of secret and body, Base64), POSTed to the connection's URL; 200 ends a delivery, 400 is not
 * retried, 500 and no answer are retried twice. A tiny receiver on 127.0.0.1 checks each signature independently.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../sandbox/app';
import { rememberSecret } from '../support/log-capture';
import { listenOnLoopback } from '../support/loopback';
import { startTestSandbox } from '../support/sandbox';
import { CAFE_ADDRESS } from './sample-partner';
import { expectedSignature, startReceiver } from './webhook-receiver';

let sandbox: Sandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const clock = { now: Date.parse('2026-11-22T10:00:00Z') };
const JANA = 'jana.novakova@example.sk';
const SECRET = rememberSecret('receiver-secret-šťastný-0123456789');

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startTestSandbox({ now: () => clock.now, webhookRetryDelaysMs: [0, 0], uploadCallbackDelayMs: 0 });
});
afterAll(async () => {
  await sandbox?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.reset();
  sandbox.webhooks.clearDeliveries();
});

/** A connection of company 10001 whose notifications go to the receiver. */
function connect(path = '/hooks/one', secret = SECRET, tenantId = '10001'): string {
  return rememberSecret(sandbox.tokens.issue(tenantId, JANA, { webhook: { url: `${receiver.url}${path}`, secret } }));
}

describe('a notification', () => {
  it('is signed as the service signs: checked here by an HMAC computed from scratch', async () => {
    const token = connect();
    const sent = await sandbox.webhooks.send({ token, kind: 'upload-ok' });
    expect(sent.attempts).toEqual([200]);
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    expect(hook?.path).toBe('/hooks/one');
    expect(hook?.headers['content-type']).toMatch(/^application\/json/);
    expect(hook?.headers['x-kros-signature-256']).toBe(expectedSignature(SECRET, hook?.raw ?? Buffer.alloc(0)));
  });

  it('upload-ok reports one processed invoice of the company, with an apiUrl that leads to it', async () => {
    const token = connect();
    const sent = await sandbox.webhooks.send({
      token,
      kind: 'upload-ok',
      requestId: '3f0c1f8e-8a55-4d7e-9d8a-0a4b2c6e1d11',
    });
    expect(sent.requestId).toBe('3f0c1f8e-8a55-4d7e-9d8a-0a4b2c6e1d11');
    const body = receiver.received[0]?.json();
    expect(body).toEqual({
      requestId: '3f0c1f8e-8a55-4d7e-9d8a-0a4b2c6e1d11',
      status: 200,
      apiUrl: `${sandbox.url}/api/invoices/{id}`,
      results: {
        entities: [
          {
            data: {
              id: expect.any(Number),
              externalId: null,
              documentNumber: expect.any(String),
              variableSymbol: expect.any(String),
            },
            problems: [],
          },
        ],
        relatedEntities: [],
      },
    });
    const invoice = await fetch(body.apiUrl.replace('{id}', String(body.results.entities[0].data.id)), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(invoice.status).toBe(200);
  });

  it('upload-problems answers 207 with at least one entity carrying problems { code, message }', async () => {
    const token = connect();
    await sandbox.webhooks.send({ token, kind: 'upload-problems' });
    const body = receiver.received[0]?.json();
    expect(body.status).toBe(207);
    expect(body.results.entities.some((e: { problems: unknown[] }) => e.problems.length > 0)).toBe(true);
    expect(body.results.entities.flatMap((e: { problems: unknown[] }) => e.problems)).toEqual([
      { code: expect.any(String), message: expect.any(String) },
    ]);
  });

  it("payment notifications carry the sandbox's guessed shape; only FinancialTransaction names an account", async () => {
    const token = connect();
    await sandbox.webhooks.send({ token, kind: 'financial-transaction' });
    await sandbox.webhooks.send({ token, kind: 'document-payment' });
    const [financial, document] = receiver.received.map((r) => r.json());
    expect(financial).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      eventType: 'FinancialTransaction',
      data: {
        documentNumber: expect.any(String),
        variableSymbol: expect.any(String),
        dateOfPayment: '2026-11-22',
        sumOfPayment: expect.any(Number),
        currency: 'EUR',
        partnerName: expect.any(String),
        accountId: expect.any(Number),
      },
    });
    expect(document.eventType).toBe('DocumentPayment');
    expect(document.data).not.toHaveProperty('accountId');
  });

  it('goes to the newest connection of a company (and user) that has a webhook when no token is named', async () => {
    connect('/hooks/older');
    connect('/hooks/newer');
    sandbox.tokens.issue('10001', JANA); // newest of all, but without a webhook
    await sandbox.webhooks.send({ tenantId: '10001', userId: JANA, kind: 'upload-ok' });
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks/newer']);
  });

  it('is refused for a connection without a webhook, or one that was revoked', async () => {
    const plain = rememberSecret(sandbox.tokens.issue('10002', JANA));
    await expect(sandbox.webhooks.send({ token: plain, kind: 'upload-ok' })).rejects.toThrow(/no webhook/);
    const revoked = connect();
    sandbox.tokens.revokeToken(revoked);
    await expect(sandbox.webhooks.send({ token: revoked, kind: 'upload-ok' })).rejects.toThrow(/revoked/);
    expect(receiver.received).toHaveLength(0);
  });

  it('sends a given body exactly as given, signed', async () => {
    const token = connect();
    const body = '{"requestId":"r-1","status":200,"note":"Žltý kôň"}';
    const sent = await sandbox.webhooks.send({ token, kind: 'upload-ok', body });
    expect(sent.requestId).toBe('r-1');
    expect(receiver.received[0]?.raw.toString('utf8')).toBe(body);
    expect(receiver.received[0]?.headers['x-kros-signature-256']).toBe(expectedSignature(SECRET, Buffer.from(body)));
  });
});

describe('delivery and retries', () => {
  it('retries a 500 twice, sending the same body and signature each time', async () => {
    const token = connect();
    receiver.answers.push(500, 500, 500, 500);
    const sent = await sandbox.webhooks.send({ token, kind: 'upload-ok' });
    expect(sent.attempts).toEqual([500, 500, 500]);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.raw.toString('utf8'))).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.headers['x-kros-signature-256'])).size).toBe(1);
  });

  it('stops at the first 200', async () => {
    const token = connect();
    receiver.answers.push(500);
    expect((await sandbox.webhooks.send({ token, kind: 'upload-ok' })).attempts).toEqual([500, 200]);
  });

  it('does not retry a 400', async () => {
    const token = connect();
    receiver.answers.push(400);
    expect((await sandbox.webhooks.send({ token, kind: 'upload-ok' })).attempts).toEqual([400]);
    expect(receiver.received).toHaveLength(1);
  });

  it('retries when nothing answers (0 stands for no answer)', async () => {
    const token = rememberSecret(
      sandbox.tokens.issue('10001', JANA, { webhook: { url: 'http://127.0.0.1:9/hooks', secret: SECRET } }),
    );
    expect((await sandbox.webhooks.send({ token, kind: 'upload-ok' })).attempts).toEqual([0, 0, 0]);
  });

  it('gives up an attempt after the timeout', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined); // reads the request, never answers
    const url = `${await listenOnLoopback(silent)}/`;
    const quick = await startTestSandbox({ webhookTimeoutMs: 100, webhookRetryDelaysMs: [] });
    try {
      const token = rememberSecret(quick.tokens.issue('10001', JANA, { webhook: { url, secret: SECRET } }));
      expect((await quick.webhooks.send({ token, kind: 'upload-ok' })).attempts).toEqual([0]);
    } finally {
      await quick.close();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('can send the last request again, byte for byte, to test idempotency', async () => {
    const token = connect();
    const first = await sandbox.webhooks.send({ token, kind: 'upload-ok' });
    const again = await sandbox.webhooks.resendLast();
    expect(again).toEqual({ requestId: first.requestId, attempts: [200] });
    const [a, b] = receiver.received;
    expect(b?.raw.equals(a?.raw ?? Buffer.alloc(0))).toBe(true);
    expect(b?.headers['x-kros-signature-256']).toBe(a?.headers['x-kros-signature-256']);
    expect(sandbox.webhooks.deliveries().map((d) => d.resend)).toEqual([false, true]);
  });

  it('can sign with a wrong secret, or change the body after signing', async () => {
    const token = connect();
    const body = '{"requestId":"r-tamper","status":200}';
    const signed = expectedSignature(SECRET, Buffer.from(body));
    await sandbox.webhooks.send({ token, kind: 'upload-ok', body, tamper: 'wrong-secret' });
    await sandbox.webhooks.send({ token, kind: 'upload-ok', body, tamper: 'body' });
    expect(receiver.received).toHaveLength(2);
    const [wrongSecret, changedBody] = receiver.received;
    // Wrong secret: the body as given, under a well-formed signature that is not the right one.
    expect(wrongSecret?.raw.toString('utf8')).toBe(body);
    expect(wrongSecret?.headers['x-kros-signature-256']).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(wrongSecret?.headers['x-kros-signature-256']).not.toBe(signed);
    // Changed body: the right signature of the body as given, over a body that is still JSON but no longer that one.
    expect(changedBody?.headers['x-kros-signature-256']).toBe(signed);
    expect(changedBody?.raw.toString('utf8')).not.toBe(body);
    expect(changedBody?.json()).toEqual(expect.objectContaining(JSON.parse(body)));
  });

  it('keeps a log of deliveries: time, company, kind, requestId and each attempt, never a token or secret', async () => {
    const token = connect();
    receiver.answers.push(500);
    const sent = await sandbox.webhooks.send({ token, kind: 'document-payment' });
    const log = sandbox.webhooks.deliveries();
    expect(log).toEqual([
      expect.objectContaining({
        at: clock.now,
        tenantId: '10001',
        companyName: 'Pekáreň Novák s.r.o.',
        kind: 'document-payment',
        requestId: sent.requestId,
        attempts: [500, 200],
        finished: true,
      }),
    ]);
    expect(JSON.stringify(log)).not.toContain(token);
    expect(JSON.stringify(log)).not.toContain(SECRET);
  });
});

describe('the home page and its admin routes', () => {
  it('lists connections with a webhook (company, user, URL) and never shows a token or secret', async () => {
    const token = connect('/hooks/listed');
    await sandbox.webhooks.send({ token, kind: 'upload-ok' });
    const html = await (await fetch(`${sandbox.url}/`)).text();
    expect(html).toContain('id="webhooks"');
    expect(html).toContain(`${receiver.url}/hooks/listed`);
    expect(html).toContain('action="/admin/webhooks/send"');
    expect(html).toContain('id="webhook-log"');
    expect(html).not.toContain(token);
    expect(html).not.toContain(SECRET);
  });

  it('sends from the form by connection id and lands back on the page; the delivery completes in the background', async () => {
    connect('/hooks/form');
    const connection = sandbox.webhooks.connections().at(-1);
    const res = await fetch(`${sandbox.url}/admin/webhooks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ connectionId: connection?.connectionId ?? '', kind: 'upload-problems', tamper: '' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/#webhooks');
    await sandbox.webhooks.idle();
    expect(receiver.received.map((r) => [r.path, r.json().status])).toEqual([['/hooks/form', 207]]);
  });

  it('answers JSON to a JSON request, and refuses a cross-site form or an unknown connection', async () => {
    connect('/hooks/json');
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${sandbox.url}/admin/webhooks/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const ok = await send({ tenantId: '10001', kind: 'upload-ok' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ requestId: expect.any(String), attempts: [200] });
    expect((await send({ tenantId: '10001', kind: 'upload-ok' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await send({ connectionId: 'conn_nope', kind: 'upload-ok' })).status).toBe(400);
    expect((await send({ tenantId: '10001', kind: 'nonsense' })).status).toBe(400);
  });
});

describe('the upload-finished callback after an accepted upload', () => {
  const partner = { address: CAFE_ADDRESS };
  const document = (externalId: string, extra: Record<string, unknown> = {}) => ({
    externalId,
    partner,
    items: [{ name: 'Chlieb', amount: 2, measureUnit: 'ks', vatRate: 19, totalPriceInclVat: 3.57 }],
    ...extra,
  });
  // Delivery notes keep the item shape of the sandbox's own records (nothing public describes their upload body).
  const deliveryNote = (externalId: string) => ({
    externalId,
    partner,
    items: [{ name: 'Chlieb', quantity: 2, unitPrice: 1.5 }],
  });

  async function upload(token: string, path: string, body: unknown) {
    clock.now += 1_000; // a fresh rate window for each upload
    const res = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  it('goes to the webhook of the connection that uploaded, with the requestId of the 202 and one entity per invoice', async () => {
    const token = connect('/hooks/uploads');
    const accepted = await upload(token, '/api/invoices/batch', { data: [document('shop-a1'), document('shop-a2')] });
    expect(accepted.status).toBe(202);
    await sandbox.webhooks.idle();
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    expect(hook?.headers['x-kros-signature-256']).toBe(expectedSignature(SECRET, hook?.raw ?? Buffer.alloc(0)));
    const body = hook?.json();
    expect(body.requestId).toBe(accepted.body.requestId[0]);
    expect(body.status).toBe(200);
    expect(body.apiUrl).toBe(`${sandbox.url}/api/invoices/{id}`);
    expect(body.results.entities.map((e: { data: { externalId: string } }) => e.data.externalId)).toEqual([
      'shop-a1',
      'shop-a2',
    ]);
    const id = body.results.entities[0].data.id;
    clock.now += 1_000;
    const stored = await fetch(body.apiUrl.replace('{id}', String(id)), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await stored.json()).data.externalId).toBe('shop-a1');
    expect(sandbox.webhooks.deliveries().map((d) => d.kind)).toEqual(['upload-finished']);
  });

  it('answers 207 when it refused an invoice: that entity carries its problems and no id, the others are created', async () => {
    const token = connect('/hooks/uploads');
    const refused = document('shop-b2', { numberingSequence: 'ZZZ', documentNumber: 'ZZZ2026000001' });
    const accepted = await upload(token, '/api/invoices/batch', { data: [document('shop-b1'), refused] });
    expect(accepted.status).toBe(202);
    await sandbox.webhooks.idle();
    const body = receiver.received[0]?.json();
    expect(body.status).toBe(207);
    expect(body.requestId).toBe(accepted.body.requestId[0]);
    const [created, notCreated] = body.results.entities;
    expect(created).toEqual({
      data: {
        id: expect.any(Number),
        externalId: 'shop-b1',
        documentNumber: expect.any(String),
        variableSymbol: expect.any(String),
      },
      problems: [],
    });
    expect(notCreated).toEqual({
      data: { id: null, externalId: 'shop-b2', documentNumber: 'ZZZ2026000001', variableSymbol: null },
      problems: [{ code: 'NumberingSequenceNotFound', message: expect.stringContaining("'ZZZ'") }],
    });
  });

  it('reports delivery notes under their own apiUrl, and a single invoice too', async () => {
    const token = connect('/hooks/uploads');
    await upload(token, '/api/delivery-notes/batch', { data: [deliveryNote('dl-1')] });
    await upload(token, '/api/invoices', { data: document('single-1') });
    await sandbox.webhooks.idle();
    const bodies = receiver.received.map((r) => r.json());
    expect(bodies.map((b) => b.apiUrl)).toEqual([
      `${sandbox.url}/api/delivery-notes/{id}`,
      `${sandbox.url}/api/invoices/{id}`,
    ]);
    expect(bodies[0].results.entities[0].data).toEqual({
      id: expect.any(Number),
      externalId: 'dl-1',
      documentNumber: expect.any(String),
      variableSymbol: null,
    });
  });

  it('is not sent for a connection without a webhook, for a refused upload, or for uploads the interface does not report', async () => {
    const plain = rememberSecret(sandbox.tokens.issue('10001', JANA));
    expect((await upload(plain, '/api/invoices', { data: document('quiet-1') })).status).toBe(202);
    const hooked = connect('/hooks/uploads');
    expect((await upload(hooked, '/api/invoices', { data: { partner } })).status).toBe(400);
    expect((await upload(hooked, '/api/received-orders/batch', { data: [deliveryNote('ro-1')] })).status).toBe(202);
    await sandbox.webhooks.idle();
    expect(receiver.received).toHaveLength(0);
  });
});
