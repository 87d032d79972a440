import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { disconnectCompany, type Operator } from '@/lib/features/console/actions';
import { mirrorCompanyKey } from '@/lib/owners/mirror/company';
import { mirrorJournalsQueue, mirrorSyncQueue } from '@/lib/owners/mirror/jobs';
import { purgeMirror } from '@/lib/owners/mirror/retention';
import { mirrorStatus } from '@/lib/owners/mirror/status';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { purgeExpiredMirrors } from '@/lib/owners/mirror/upkeep';
import { rowsOf } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest } from '../support/jobs';
import { mirrorSandboxDuringTests } from './mirror-fixture';

/**
 * An operator disconnects a company while its copy is being synced: the sync stops writing at its next page, wherever
 * it runs (each page checks, in its own transaction, that the company is still connected), the company's waiting
 * jobs are cancelled, and rows a sync once wrote after its company's purge (no state row) are erased by retention.
 * Against the sandbox, on both databases.
 */
const ops: Operator = { email: 'ops@integrator.example', name: 'Olga Operátorka' };

describe.each(databaseKinds)('a disconnect during a sync on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const openJobs = jobsDuringEachTest();

  beforeAll(() => {
    process.env.DATA_API_BASE_URL = api.sandbox.url;
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.DATA_API_BASE_URL;
    resetEnvForTests();
  });

  const countOf = async (table: string, tenantId: string) =>
    Number(
      rowsOf<{ n: number | string }>(
        await database.db.execute(
          sql`select count(*) as n from ${sql.identifier(table)} where tenant_id = ${tenantId}`,
        ),
      )[0]!.n,
    );

  it('stops a sync running elsewhere at its next page: nothing it reads afterwards is written', async () => {
    const tenantId = '10005';
    // Enough pages that the sync is still reading when the operator acts.
    api.sandbox.dataApi.setVolume(tenantId, { invoices: 1_200, expenses: 200, deliveryNotes: 100 });
    await api.connect(database.db, tenantId);
    const company = api.company(tenantId);
    // The sync holds a client of its own, as a job on another instance does: no signal of ours reaches it.
    const { client } = api.client(tenantId);
    const running = syncCompany(database.db, company, client, 'full');
    await vi.waitFor(async () => expect(await countOf('mirror_documents', tenantId)).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 50,
    });

    const outcome = await disconnectCompany(database.db, ops, company);
    expect(outcome.result).toBe('ok');
    const result = await running;

    expect(result).toMatchObject({ status: 'stopped', errorKind: 'not-connected' });
    expect(result.read).toBeLessThan(1_500);
    for (const table of ['mirror_documents', 'mirror_reference', 'mirror_companies']) {
      expect(await countOf(table, tenantId), table).toBe(0);
    }
    expect((await mirrorStatus(database.db, company)).status).toBe('never');
  }, 60_000);

  it('stops a sync whose copy was purged under it (the connection kept): it writes nothing more', async () => {
    const tenantId = '10008';
    api.sandbox.dataApi.setVolume(tenantId, { invoices: 1_200, expenses: 200, deliveryNotes: 100 });
    await api.connect(database.db, tenantId);
    const company = api.company(tenantId);
    const running = syncCompany(database.db, company, api.client(tenantId).client, 'full');
    await vi.waitFor(async () => expect(await countOf('mirror_documents', tenantId)).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 50,
    });

    // As `npm run mirror:purge` or the retention's purge does.
    expect((await purgeMirror(database.db, company)).hadMirror).toBe(true);
    const result = await running;

    expect(result).toMatchObject({ status: 'stopped', errorKind: 'purged' });
    for (const table of ['mirror_documents', 'mirror_reference', 'mirror_companies']) {
      expect(await countOf(table, tenantId), table).toBe(0);
    }
  }, 60_000);

  it('cancels the company’s waiting syncs and journal reads, and no other company’s', async () => {
    await api.connect(database.db, '10006');
    await api.connect(database.db, '10007');
    const jobs = await openJobs(database, { queues: [mirrorSyncQueue, mirrorJournalsQueue], work: false });
    const send = (tenantId: string) => {
      const company = api.company(tenantId);
      const key = mirrorCompanyKey(company);
      return Promise.all([
        jobs.send(mirrorSyncQueue, { ...company, mode: 'auto' }, { singletonKey: key }),
        jobs.send(mirrorJournalsQueue, company, { singletonKey: key }),
      ]);
    };
    const [disconnected, other] = [await send('10006'), await send('10007')];

    const outcome = await disconnectCompany(database.db, ops, api.company('10006'), jobs.cancel);

    expect(outcome.result).toBe('ok');
    expect((await jobs.state(mirrorSyncQueue, disconnected[0]!))?.state).toBe('cancelled');
    expect((await jobs.state(mirrorJournalsQueue, disconnected[1]!))?.state).toBe('cancelled');
    expect((await jobs.state(mirrorSyncQueue, other[0]!))?.state).toBe('created');
    expect((await jobs.state(mirrorJournalsQueue, other[1]!))?.state).toBe('created');
  });

  it('erases, with the retention’s purge, documents and reference lists whose company has no state row', async () => {
    // What a sync that outlived its company's purge wrote before its pages checked the connection.
    await database.db.execute(sql`
      insert into mirror_companies (plugin_id, tenant_id, status, last_opened_at) values
        (${PLUGIN_ID}, '30002', 'ready', now())`);
    await database.db.execute(sql`
      insert into mirror_documents (plugin_id, tenant_id, kind, id, document_number, record) values
        (${PLUGIN_ID}, '30001', 'invoices', '1', 'OF1', '{}'::jsonb),
        (${PLUGIN_ID}, '30001', 'expenses', '2', 'DF2', '{}'::jsonb),
        ('another-addon', '30002', 'invoices', '3', 'OF3', '{}'::jsonb),
        (${PLUGIN_ID}, '30002', 'invoices', '4', 'OF4', '{}'::jsonb)`);
    await database.db.execute(sql`
      insert into mirror_reference (plugin_id, tenant_id, kind, data) values
        (${PLUGIN_ID}, '30003', 'warehouses', '[]'::jsonb),
        (${PLUGIN_ID}, '30002', 'warehouses', '[]'::jsonb)`);

    const purged = await purgeExpiredMirrors(database.db, 30);

    expect(purged.map((company) => `${company.pluginId}:${company.tenantId}`).sort()).toEqual(
      [`${PLUGIN_ID}:30001`, `${PLUGIN_ID}:30003`, 'another-addon:30002'].sort(),
    );
    expect(await countOf('mirror_documents', '30001')).toBe(0);
    expect(await countOf('mirror_reference', '30003')).toBe(0);
    // The company with a state row keeps its copy; the other add-on's company of the same id had none.
    const left = rowsOf<{ plugin_id: string; id: string }>(
      await database.db.execute(sql`select plugin_id, id from mirror_documents where tenant_id = '30002'`),
    );
    expect(left).toEqual([{ plugin_id: PLUGIN_ID, id: '4' }]);
    expect(await countOf('mirror_reference', '30002')).toBe(1);
  });
});
