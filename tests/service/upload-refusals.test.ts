import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDataApiClient } from '@/lib/service/client';
import { DataApiError, surelyNotSent } from '@/lib/service/errors';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { parseRefusal } from '@/lib/service/refusal';
import { createTransport } from '@/lib/service/transport';

import type { Sandbox } from '../../sandbox/app';
import { rememberSecret } from '../support/log-capture';
import { startTestSandbox } from '../support/sandbox';

/**
 * What a failed upload tells its caller, which decides whether it may ever be sent again (lib/owners/imports/): a
 * 400 brings the service's validation result and a 409 the earlier request's id; a request that surely never reached
 * the service (no budget slot, nothing listening) says so; a timeout, a reset or a 5xx leaves its fate unknown.
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const T = '10002';

function clientOf(options: { baseUrl?: string; budget?: ReturnType<typeof createMemoryBudget>; wait?: number } = {}) {
  const token = rememberSecret(sandbox.tokens.issue(T, `refusals-${Math.random()}`));
  const budget = options.budget ?? createMemoryBudget();
  return {
    budget,
    client: createDataApiClient(
      createTransport({
        baseUrl: options.baseUrl ?? sandbox.url,
        token,
        budgetKey: 'k',
        budget,
        maxQueueWaitMs: options.wait,
      }),
    ),
  };
}

async function accountId() {
  return (await clientOf().client.paymentAccounts.list())[0]!.id;
}

const payments = async (prefix: string) => {
  const account = await accountId();
  return [0, 1, 2].map((i) => ({
    dateOfPayment: '2026-11-21',
    sumOfPayment: 3 + i,
    accountId: account,
    externalId: `${prefix}-${i}`,
  }));
};

async function failure(work: Promise<unknown>): Promise<DataApiError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataApiError);
  return error as DataApiError;
}

describe('a refused upload', () => {
  it('400 carries the validation result, field by field; it was not processed, yet not "not sent" either', async () => {
    const body = await payments('r400');
    sandbox.dataApi.setFault(T, { mode: 'upload-refused', items: [2], count: 1 });
    const error = await failure(clientOf().client.payments.uploadBatch(body));
    expect(error).toMatchObject({ kind: 'rejected', status: 400 });
    expect(error.details.refusal).toEqual({
      fields: [{ field: 'data[2].variableSymbol', messages: ['The variable symbol is not valid for this document.'] }],
      requestIds: [],
    });
    expect(error.message).not.toContain('variable symbol');
    expect(surelyNotSent(error)).toBe(false);
  });

  it('409 names the earlier request it repeats', async () => {
    const { client } = clientOf();
    const body = await payments('r409');
    const accepted = await client.payments.uploadBatch(body);
    const error = await failure(client.payments.uploadBatch(body));
    expect(error).toMatchObject({ kind: 'duplicate', status: 409 });
    expect(error.details.refusal?.requestIds).toEqual(accepted.requestIds);
  });
});

describe('whether a failed upload reached the service', () => {
  it('a connection refused: surely not sent', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const error = await failure(
      clientOf({ baseUrl: `http://127.0.0.1:${port}` }).client.payments.uploadBatch(await payments('down')),
    );
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(error.details.notSent).toBe(true);
    expect(surelyNotSent(error)).toBe(true);
  });

  it('no slot of the budget in time: surely not sent; a 429: not processed', async () => {
    const { client, budget } = clientOf({ wait: 50 });
    await budget.pause('k', 5_000);
    const busy = await failure(client.payments.uploadBatch(await payments('queue')));
    expect(busy).toMatchObject({ kind: 'busy' });
    expect(surelyNotSent(busy)).toBe(true);
    const body = await payments('limited');
    sandbox.dataApi.setFault(T, { mode: 'rate-limited', retryAfterSeconds: 2, count: 1 });
    const limited = await failure(clientOf().client.payments.uploadBatch(body));
    expect(limited).toMatchObject({ kind: 'busy', status: 429, retryAfterSeconds: 2 });
    expect(surelyNotSent(limited)).toBe(true);
  });

  it('processed but never answered, or a 5xx: its fate is unknown', async () => {
    const [first, second] = [await payments('dropped'), await payments('failed')];
    sandbox.dataApi.setFault(T, { mode: 'timeout-after-processing', delayMs: 50, count: 1 });
    const dropped = await failure(clientOf().client.payments.uploadBatch(first));
    expect(dropped).toMatchObject({ kind: 'unavailable' });
    expect(surelyNotSent(dropped)).toBe(false);
    sandbox.dataApi.setFault(T, { mode: 'server-error', status: 500, count: 1 });
    const failed = await failure(clientOf().client.payments.uploadBatch(second));
    expect(failed).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(surelyNotSent(failed)).toBe(false);
  });
});

describe('reading a refusal', () => {
  it('reads ASP.NET’s validation problem, a list of property errors, or a bare title', () => {
    expect(parseRefusal('{"title":"x","errors":{"data[0].a":["bad","worse"],"$":["whole"]}}').fields).toEqual([
      { field: 'data[0].a', messages: ['bad', 'worse'] },
      { field: '$', messages: ['whole'] },
    ]);
    expect(parseRefusal('[{"propertyName":"Data[1].X","errorMessage":"nope"}]').fields).toEqual([
      { field: 'Data[1].X', messages: ['nope'] },
    ]);
    expect(parseRefusal('{"title":"Bad request"}').fields).toEqual([{ field: '$', messages: ['Bad request'] }]);
    expect(parseRefusal('{"requestId":["a-1"],"detail":"again"}')).toEqual({
      fields: [{ field: '$', messages: ['again'] }],
      requestIds: ['a-1'],
    });
  });

  it('never throws, and keeps no control or bidirectional characters and nothing unbounded', () => {
    expect(parseRefusal('not json')).toEqual({ fields: [], requestIds: [] });
    expect(parseRefusal(null)).toEqual({ fields: [], requestIds: [] });
    expect(parseRefusal('{"errors":{"data[0]":["a\\u202eb\\nc"]}}').fields[0]!.messages).toEqual(['abc']);
    const long = parseRefusal(JSON.stringify({ errors: { f: ['x'.repeat(5_000)] } }));
    expect(long.fields[0]!.messages[0]).toHaveLength(500);
    const many = parseRefusal(
      JSON.stringify({ errors: Object.fromEntries(Array.from({ length: 999 }, (_, i) => [`f${i}`, ['m']])) }),
    );
    expect(many.fields).toHaveLength(300);
  });
});
