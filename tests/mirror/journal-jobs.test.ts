import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { storeAccessTokens } from '@/lib/owners/connections/store';
import { mirrorJournalsQueue, mirrorSyncQueue } from '@/lib/owners/mirror/jobs';
import { JOURNAL_BATCH, unreadExpenses } from '@/lib/owners/mirror/journals';
import { rowsOf } from '@/lib/platform/db/client';
import { getEnv, resetEnvForTests } from '@/lib/platform/env';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest } from '../support/jobs';
import { rememberSecret } from '../support/log-capture';
import { mirrorSandboxDuringTests, sandboxPaths } from './mirror-fixture';

/**
 * A sync that ends well asks for its expenses' journals; the journal job reads a batch and sends itself again while
 * expenses remain, until every one is read: one single-record call per expense. Through the queue, on each database.
 */
const TENANT = '10023';
const EXPENSES = JOURNAL_BATCH + 5;

describe.each(databaseKinds)('the journal job on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const openJobs = jobsDuringEachTest();
  const company = { pluginId: PLUGIN_ID, tenantId: TENANT };

  beforeAll(() => {
    process.env.DATA_API_BASE_URL = api.sandbox.url;
    process.env.MIRROR_SYNC = 'on';
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.DATA_API_BASE_URL;
    delete process.env.MIRROR_SYNC;
    resetEnvForTests();
  });

  it('follows a sync and reads every expense’s journal, a batch per job, one call per expense', async () => {
    api.sandbox.dataApi.setVolume(TENANT, { invoices: 3, expenses: EXPENSES, deliveryNotes: 2 });
    const accessToken = rememberSecret(api.sandbox.tokens.issue(TENANT, 'jana.novakova@example.sk'));
    await storeAccessTokens(
      database.db,
      [{ userId: 'jana.novakova@example.sk', tenantId: TENANT, pluginId: PLUGIN_ID, accessToken, companyName: null }],
      getEnv().encryptionKeys,
      { source: 'gateway' },
    );
    const jobs = await openJobs(database, { queues: [mirrorSyncQueue, mirrorJournalsQueue], work: true });
    await jobs.send(mirrorSyncQueue, { ...company, mode: 'auto' }, { singletonKey: `${PLUGIN_ID}:${TENANT}` });

    await vi.waitFor(
      async () => {
        const [expenses] = rowsOf<{ count: number }>(
          await database.db.execute(sql`
            select count(*)::int as count from mirror_documents where tenant_id = ${TENANT} and kind = 'expenses'`),
        );
        expect(expenses?.count).toBe(EXPENSES);
        expect(await unreadExpenses(database.db, company, 1)).toEqual([]);
      },
      { timeout: 60_000, interval: 500 },
    );

    const journalJobs = rowsOf<{ state: string }>(
      await database.db.execute(sql`select state from pgboss.job where name = ${mirrorJournalsQueue.name}`),
    );
    expect(journalJobs.length).toBeGreaterThanOrEqual(2);
    const singles = api.sandbox.dataApi
      .requests()
      .filter((request) => request.tenantId === TENANT && request.path.startsWith(`${sandboxPaths.expenses}/`));
    expect(new Set(singles.map((request) => request.path)).size).toBe(EXPENSES);
    expect(singles).toHaveLength(EXPENSES);
  }, 90_000);
});
