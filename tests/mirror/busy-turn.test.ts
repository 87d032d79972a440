import { describe, expect, it } from 'vitest';

import { mirrorStatus } from '@/lib/owners/mirror/status';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { createDataApiClient } from '@/lib/service/client';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { createTransport } from '@/lib/service/transport';

import { tokenFingerprint } from '../../sandbox/data-api/request-log';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { rememberSecret } from '../support/log-capture';
import { mirrorSandboxDuringTests, sandboxPaths } from './mirror-fixture';

/**
 * Busy is not a failure for a background job (issue 17): a company's first launch opens its overview, whose live
 * calls (page priority) take the token's slots for seconds, while the first sync's calls (background priority) wait
 * behind them; a call that waits longer than the queue's bound is told 'busy', and so is one the service answered
 * 429 through every retry. The sync waits its turn and goes on: no failure recorded, no job retry, the mirror stays
 * 'syncing' meanwhile. Against the sandbox, with the add-on's own transport and budget, on each database.
 */
const TENANT = '10027';

describe.each(databaseKinds)('a busy token during a sync, on %s', (databaseKind) => {
  const database = testDatabaseDuringTests(databaseKind);
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);

  it('waits behind a launch’s page calls instead of failing the first sync', async () => {
    api.sandbox.dataApi.setVolume(TENANT, {
      invoices: 120,
      expenses: 10,
      deliveryNotes: 2,
      payments: 30,
      catalogItems: 20,
    });
    await api.connect(database.db, TENANT);
    const token = rememberSecret(api.sandbox.tokens.issue(TENANT, 'busy-turn'));
    // One token, one budget: the pages' client and the sync's, as the add-on opens them. The sync's shorter queue
    // bound makes its first call meet 'busy' behind a dozen page calls (about 4 s of the token's budget), as the
    // add-on's 10 s bound does behind a large company's live overview.
    const budget = createMemoryBudget();
    const transport = (maxQueueWaitMs: number) =>
      createTransport({
        baseUrl: api.sandbox.url,
        token,
        budgetKey: tokenFingerprint(token),
        budget,
        maxQueueWaitMs,
        backoffMs: 20,
      });
    const pages = createDataApiClient(transport(10_000));
    const background = createDataApiClient(transport(500), { priority: 'background' });

    const pageCalls = Array.from({ length: 12 }, (_, n) => pages.invoices.list({ Top: 10, Skip: n * 10 }));
    const sync = syncCompany(database.db, company(), background, 'auto');
    const states = new Set<string>();
    await Promise.all([
      ...pageCalls,
      (async () => {
        for (const call of pageCalls) {
          await call;
          states.add((await mirrorStatus(database.db, company())).status);
        }
      })(),
    ]);
    const result = await sync;
    expect(result).toMatchObject({ status: 'ready', steps: ['full'], read: 182 });
    expect(result.errorKind).toBeUndefined();
    // While it waited it was still syncing, never failed.
    expect([...states].every((state) => state === 'syncing' || state === 'ready')).toBe(true);
    const status = await mirrorStatus(database.db, company());
    expect(status).toMatchObject({ status: 'ready', lastError: null, nextTryAt: null });
    // The page calls went first: every one of them reached the service before the sync's first invoice page.
    const log = api.requestsOf(token);
    const firstSyncPage = log.findIndex(
      (request) => request.path === sandboxPaths.invoices && new URLSearchParams(request.query).get('Top') === '100',
    );
    const lastPageCall = log.findLastIndex((request) => new URLSearchParams(request.query).get('Top') === '10');
    expect(lastPageCall).toBeLessThan(firstSyncPage);
  }, 120_000);

  it('waits out the service’s 429s through the retries, and goes on', async () => {
    // Six answers of 429: the transport's first call meets four (its retries), the next one the rest.
    api.sandbox.dataApi.setFault(TENANT, { mode: 'rate-limited', retryAfterSeconds: 1, count: 6 });
    const result = await syncCompany(database.db, company(), api.client(TENANT).client, 'incremental');
    expect(result).toMatchObject({ status: 'ready', steps: ['incremental'] });
    expect(api.sandbox.dataApi.faults()[TENANT]).toBeUndefined();
    expect(await mirrorStatus(database.db, company())).toMatchObject({ status: 'ready', lastError: null });
  }, 120_000);
});
