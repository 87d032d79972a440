import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { CompanyScope } from '@/lib/base/company-scope';
import { loadForPage, PAGE_DEADLINE_MS, pageDeadline } from '@/lib/doors/company/page-load';
import { openCompanyClient as openClient } from '@/lib/owners/connections/client';
import { DataApiError } from '@/lib/service/errors';

import { PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, connectCompany, startCompanyFixture } from '../support/company';

/**
 * A page waits for the data API until its deadline, not for the client's own limits (10 s an attempt, retries, 30 s
 * a call). Against the sandbox's data API with its "slow" fault: the service answers in 15 s, longer than any
 * page waits. The deadline is made shorter here through the same option the pages use, so the suite stays quick;
 * what is asserted is the outcome and why the call ended, never how long it took.
 */
const userId = 'jana.novakova@example.sk';
const SLOW_SERVICE_MS = 15_000;
const SHORT_DEADLINE_MS = 800;

let sandbox: CompanyFixture;

async function connectedScope(tenantId: string): Promise<CompanyScope> {
  await connectCompany(sandbox, tenantId, userId);
  return { userId, pluginId: PLUGIN_ID, tenantId };
}

const requestsOf = (tenantId: string) => sandbox.dataApi.requests().filter((request) => request.tenantId === tenantId);

beforeAll(async () => {
  sandbox = await startCompanyFixture();
});
afterEach(() => sandbox.dataApi.clearFaults());
afterAll(async () => {
  delete process.env.DATA_API_BASE_URL;
  await sandbox?.stop();
});

describe('a page’s deadline for the data API', () => {
  it('is 10 s, well inside the client’s own 30 s for a call', () => {
    expect(PAGE_DEADLINE_MS).toBe(10_000);
  });

  it('gives up on a service that answers in 15 s with the retry panel’s problem, “unavailable”', async () => {
    const scope = await connectedScope('10001');
    sandbox.dataApi.setFault('10001', { mode: 'slow', delayMs: SLOW_SERVICE_MS });
    const loaded = await loadForPage(
      async (deadline) => (await openClient(scope, { deadline })).invoices.list({ Top: 25 }),
      {
        deadlineMs: SHORT_DEADLINE_MS,
      },
    );
    expect(loaded).toEqual({ ok: false, problem: { kind: 'unavailable' } });
  });

  it('cuts the call at the deadline and sends no retry after it, though the service would answer the retry at once', async () => {
    const scope = await connectedScope('10002');
    const client = await openClient(scope, { deadline: pageDeadline(SHORT_DEADLINE_MS) });
    // Only the first request is slow: a retry would be answered at once, so only the deadline can explain a failure.
    sandbox.dataApi.setFault('10002', { mode: 'slow', delayMs: SLOW_SERVICE_MS, count: 1 });
    const error = await client.invoices.list({ Top: 25 }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DataApiError);
    expect((error as DataApiError).kind).toBe('unavailable');
    expect((error as DataApiError).deadlineExceeded).toBe(true);
    expect(requestsOf('10002')).toHaveLength(1);
  });

  it('holds for every call the page makes: a call after the deadline is not sent at all', async () => {
    const scope = await connectedScope('10004');
    const client = await openClient(scope, { deadline: pageDeadline(SHORT_DEADLINE_MS) });
    sandbox.dataApi.setFault('10004', { mode: 'slow', delayMs: SLOW_SERVICE_MS, count: 1 });
    await expect(client.invoices.list({ Top: 25 })).rejects.toBeInstanceOf(DataApiError);
    const second = await client.expenses.list({ Top: 25 }).catch((thrown: unknown) => thrown);
    expect((second as DataApiError).deadlineExceeded).toBe(true);
    expect(requestsOf('10004').map((request) => request.path)).toEqual(['/api/invoices']);
  });

  it('is not lengthened by sharing: a page never waits on an identical call that has no deadline', async () => {
    const scope = await connectedScope('20001');
    sandbox.dataApi.setFault('20001', { mode: 'slow', delayMs: 3_000 });
    // Work without a deadline (the client's own limits) asks first; a page asks the very same list meanwhile.
    const unhurried = (await openClient(scope)).invoices.list({ Top: 25 });
    const page = await loadForPage(
      async (deadline) => (await openClient(scope, { deadline })).invoices.list({ Top: 25 }),
      {
        deadlineMs: SHORT_DEADLINE_MS,
      },
    );
    expect(page).toEqual({ ok: false, problem: { kind: 'unavailable' } });
    // The work without a deadline still gets its answer: the page's deadline did not cut it short either.
    expect((await unhurried).length).toBeGreaterThan(0);
  });

  it('leaves work without a deadline to the client’s own limits: a slow answer within them arrives', async () => {
    const scope = await connectedScope('10003');
    sandbox.dataApi.setFault('10003', { mode: 'slow', delayMs: 1_500 });
    const records = await (await openClient(scope)).invoices.list({ Top: 5 });
    expect(records.length).toBeGreaterThan(0);
    expect(requestsOf('10003')).toHaveLength(1);
  });
});
