import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { storeAccessTokens } from '@/lib/owners/connections/store';
import { mirrorSyncQueue } from '@/lib/owners/mirror/jobs';
import { mirroredCounts, mirrorStatus } from '@/lib/owners/mirror/status';
import { companiesDueSync, purgeExpiredMirrors } from '@/lib/owners/mirror/upkeep';
import { noteCompanyView } from '@/lib/owners/mirror/views';
import { rowsOf } from '@/lib/platform/db/client';
import { getEnv, resetEnvForTests } from '@/lib/platform/env';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest } from '../support/jobs';
import { rememberSecret } from '../support/log-capture';
import { mirrorSandboxDuringTests } from './mirror-fixture';

/**
 * The mirror's work runs as jobs of the add-on's queue: a sync asked for is run by a worker of any instance, a company
 * in use is kept fresh by the minute's tick, a view asks for a sync when the copy is stale, and mirrors nobody may read
 * any more are purged. Against the sandbox, on both databases.
 */
describe.each(databaseKinds)('the mirror’s jobs on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const openJobs = jobsDuringEachTest();
  const JANA = 'jana.novakova@example.sk';

  beforeAll(() => {
    process.env.DATA_API_BASE_URL = api.sandbox.url;
    resetEnvForTests();
  });
  afterEach(() => {
    delete process.env.MIRROR_SYNC;
    delete process.env.MIRROR_RETENTION_DAYS;
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.DATA_API_BASE_URL;
    resetEnvForTests();
  });

  async function connect(tenantId: string) {
    const accessToken = rememberSecret(api.sandbox.tokens.issue(tenantId, JANA));
    await storeAccessTokens(
      database.db,
      [{ userId: JANA, tenantId, pluginId: PLUGIN_ID, accessToken, companyName: null }],
      getEnv().encryptionKeys,
      { source: 'gateway' },
    );
  }

  /** A session of Jana's over the companies, seen `minutesAgo`. */
  async function liveSession(tenantIds: string[], minutesAgo = 0) {
    await database.db.execute(sql`
      insert into sessions (id, user_id, tenant_ids, plugin_id, expires_at, last_seen_at)
      values (${`s-${tenantIds.join('-')}-${minutesAgo}`}, ${JANA},
              array[${sql.join(
                tenantIds.map((id) => sql`${id}`),
                sql`, `,
              )}]::text[], ${PLUGIN_ID},
              now() + interval '1 hour', now() - make_interval(mins => ${minutesAgo}))`);
  }

  it('runs a sync asked for through the queue: the company’s first full sync, by a worker', async () => {
    await connect('10001');
    const jobs = await openJobs(database, { queues: [mirrorSyncQueue], work: true });
    const company = { pluginId: PLUGIN_ID, tenantId: '10001' };
    const id = await jobs.send(mirrorSyncQueue, { ...company, mode: 'auto' }, { singletonKey: `${PLUGIN_ID}:10001` });
    expect(id).not.toBeNull();
    await vi.waitFor(async () => expect((await jobs.state(mirrorSyncQueue, id!))?.state).toBe('completed'), {
      timeout: 30_000,
      interval: 250,
    });
    const status = await mirrorStatus(database.db, company);
    expect(status.status).toBe('ready');
    expect(status.fullSyncedAt).not.toBeNull();
    const counts = await mirroredCounts(database.db, company);
    expect(counts.invoices).toBe((await api.listed('10001', 'invoices')).length);
    expect(counts.expenses).toBe((await api.listed('10001', 'expenses')).length);
  });

  it('keeps fresh the companies in use: a live session and a working connection, a mirror missing or stale', async () => {
    await connect('10002');
    await connect('10003');
    await liveSession(['10002']);
    // 10003: connected, but its only session has been idle for two hours.
    await liveSession(['10003'], 120);
    const idle = getEnv().sessionIdleSeconds;
    expect(await companiesDueSync(database.db, idle)).toEqual([{ pluginId: PLUGIN_ID, tenantId: '10002' }]);

    await database.db.execute(sql`
      insert into mirror_companies (plugin_id, tenant_id, status, last_synced_at)
      values (${PLUGIN_ID}, '10002', 'ready', now() - interval '1 minute')`);
    expect(await companiesDueSync(database.db, idle)).toEqual([]);
    await database.db.execute(sql`
      update mirror_companies set last_synced_at = now() - interval '10 minutes' where tenant_id = '10002'`);
    expect(await companiesDueSync(database.db, idle)).toEqual([{ pluginId: PLUGIN_ID, tenantId: '10002' }]);
    // Syncing now: not asked again, unless that sync was abandoned (its process died an hour ago).
    await database.db.execute(sql`
      update mirror_companies set status = 'syncing', updated_at = now() where tenant_id = '10002'`);
    expect(await companiesDueSync(database.db, idle)).toEqual([]);
    await database.db.execute(sql`
      update mirror_companies set updated_at = now() - interval '2 hours' where tenant_id = '10002'`);
    expect(await companiesDueSync(database.db, idle)).toEqual([{ pluginId: PLUGIN_ID, tenantId: '10002' }]);
    // Paused by a 402: not before its next try.
    await database.db.execute(sql`
      update mirror_companies set status = 'paused', next_try_at = now() + interval '1 day' where tenant_id = '10002'`);
    expect(await companiesDueSync(database.db, idle)).toEqual([]);
  });

  it('purges a mirror unopened for MIRROR_RETENTION_DAYS, and one whose company nobody can reach after a day', async () => {
    await connect('20001');
    await database.db.execute(sql`
      insert into mirror_companies (plugin_id, tenant_id, status, last_opened_at, updated_at) values
        (${PLUGIN_ID}, '10004', 'ready', now() - interval '31 days', now()),
        (${PLUGIN_ID}, '10005', 'ready', now() - interval '29 days', now()),
        (${PLUGIN_ID}, '10006', 'stopped', now(), now() - interval '2 days'),
        (${PLUGIN_ID}, '20001', 'stopped', now(), now() - interval '2 days')`);
    await database.db.execute(sql`
      insert into mirror_documents (plugin_id, tenant_id, kind, id, document_number, record)
      values (${PLUGIN_ID}, '10004', 'invoices', '1', 'OF1', '{}'::jsonb)`);

    const purged = await purgeExpiredMirrors(database.db, 30);
    expect(purged.map((company) => company.tenantId).sort()).toEqual(['10004', '10006']);
    const left = rowsOf<{ tenant_id: string }>(
      await database.db.execute(sql`
        select tenant_id from mirror_companies
        where tenant_id in ('10004', '10005', '10006', '20001') order by tenant_id`),
    );
    // 10005 was opened within the 30 days; 20001 is stopped but has a working connection again.
    expect(left.map((row) => row.tenant_id)).toEqual(['10005', '20001']);
    const documents = rowsOf(await database.db.execute(sql`select 1 from mirror_documents where tenant_id = '10004'`));
    expect(documents).toHaveLength(0);
  });

  it('notes a view at most once a minute, and asks for a sync only when the copy is missing or stale', async () => {
    const company = { pluginId: PLUGIN_ID, tenantId: '10007' };
    await noteCompanyView(database.db, company);
    const openedAt = async () =>
      rowsOf<{ at: string }>(
        await database.db.execute(
          sql`select last_opened_at::text as at from mirror_companies where tenant_id = '10007'`,
        ),
      )[0]?.at;
    const first = await openedAt();
    expect(first).toBeDefined();
    await noteCompanyView(database.db, company);
    expect(await openedAt()).toBe(first);
    await database.db.execute(sql`
      update mirror_companies set last_opened_at = now() - interval '2 minutes' where tenant_id = '10007'`);
    await noteCompanyView(database.db, company);
    expect(await openedAt()).not.toBe(first);
  });
});
