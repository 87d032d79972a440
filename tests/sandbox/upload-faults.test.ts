/**
 * The faults of uploads and the upload-finished notification of payments: a 400 with a validation result naming
 * documents (nothing processed), a timeout after processing (processed, never answered: the connection drops), and
 * the notification a connection with a receiver gets after a payment batch, naming each payment and the invoice it
 * paid.
 */
import { setTimeout as pause } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dataApiDuringTests } from './data-api-harness';
import { startReceiver } from './webhook-receiver';

const T = '10004';
const api = dataApiDuringTests();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function paymentsOf(externalId: string) {
  return (await api.getAll(T, `/api/payments?ExternalId=${externalId}`)).length;
}

async function batch(prefix: string, count = 2) {
  const [account] = (await api.get(T, '/api/payments/accounts')).body.data;
  return Array.from({ length: count }, (_, i) => ({
    dateOfPayment: '2026-11-21',
    sumOfPayment: 10 + i,
    accountId: account.id,
    externalId: `${prefix}-${i}`,
  }));
}

describe('the fault upload-refused', () => {
  it('answers 400 with a validation result naming the documents at `items`, and processes nothing', async () => {
    api.sandbox.dataApi.setFault(T, { mode: 'upload-refused', items: [1, 3], count: 1 });
    const data = await batch('refused', 4);
    const res = await api.post(T, '/api/payments/batch', { data });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 400,
      title: 'One or more validation errors occurred.',
      errors: {
        'data[1].variableSymbol': [expect.any(String)],
        'data[3].variableSymbol': [expect.any(String)],
      },
    });
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await paymentsOf('refused-0')).toBe(0);
    // Not remembered as a request: the same body goes through now.
    expect((await api.post(T, '/api/payments/batch', { data })).status).toBe(202);
    expect(await paymentsOf('refused-0')).toBe(1);
  });

  it('strikes uploads only: a GET meanwhile is answered, and does not count', async () => {
    api.sandbox.dataApi.setFault(T, { mode: 'upload-refused', count: 1 });
    expect((await api.get(T, '/api/payments/accounts')).status).toBe(200);
    expect(api.sandbox.dataApi.faults()[T]).toMatchObject({ mode: 'upload-refused', remaining: 1, items: [0] });
    expect((await api.post(T, '/api/payments/batch', { data: await batch('only-posts') })).status).toBe(400);
    expect(api.sandbox.dataApi.faults()[T]).toBeUndefined();
  });
});

describe('the fault timeout-after-processing', () => {
  it('processes the upload, then drops the connection without an answer; the same body within 120 s is a 409', async () => {
    api.sandbox.dataApi.setFault(T, { mode: 'timeout-after-processing', delayMs: 50, count: 1 });
    const data = await batch('dropped');
    const body = JSON.stringify({ data });
    const send = () =>
      api.call(T, '/api/payments/batch', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await expect(send()).rejects.toThrow();
    expect(await paymentsOf('dropped-0')).toBe(1);
    expect(await paymentsOf('dropped-1')).toBe(1);
    const again = await send();
    expect(again.status).toBe(409);
    expect(await paymentsOf('dropped-0')).toBe(1);
  });
});

describe('the upload-finished notification of a payment batch', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('names each payment by its id and externalId, and the invoice it paid', async () => {
    const token = api.sandbox.tokens.issue(T, 'jana', {
      webhook: { url: `${receiver.url}/hooks`, secret: 's3cret-s3cret' },
    });
    const [open] = await api.getAll(T, '/api/invoices?PaymentStatus=0');
    const [account] = (await api.get(T, '/api/payments/accounts')).body.data;
    const res = await fetch(`${api.sandbox.url}/api/payments/batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        data: [
          {
            dateOfPayment: '2026-11-21',
            sumOfPayment: 5,
            variableSymbol: open.variableSymbol,
            accountId: account.id,
            externalId: 'hooked-1',
          },
          {
            dateOfPayment: '2026-11-21',
            sumOfPayment: 7,
            variableSymbol: '999999',
            accountId: account.id,
            externalId: 'hooked-2',
          },
        ],
      }),
    });
    expect(res.status).toBe(202);
    const { requestId } = (await res.json()) as { requestId: string[] };
    for (let i = 0; i < 50 && receiver.received.length === 0; i++) await pause(100);
    await api.sandbox.webhooks.idle();
    const body = receiver.received[0]!.json();
    expect(body).toMatchObject({
      requestId: requestId[0],
      status: 200,
      apiUrl: `${api.sandbox.url}/api/payments/{id}`,
    });
    expect(body.requestId).toMatch(UUID);
    const [paid, unpaired] = body.results.entities.map((entity: any) => entity.data);
    expect(paid).toEqual({
      id: expect.any(Number),
      externalId: 'hooked-1',
      documentId: open.id,
      documentNumber: open.documentNumber,
      variableSymbol: open.variableSymbol,
    });
    expect(unpaired).toEqual({
      id: expect.any(Number),
      externalId: 'hooked-2',
      documentNumber: null,
      variableSymbol: '999999',
    });
  });
});
