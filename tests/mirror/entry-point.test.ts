import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { listConnections } from '@/lib/owners/connections/states';
import { storeAccessTokens } from '@/lib/owners/connections/store';
import { markOpened, purgeMirror } from '@/lib/owners/mirror/retention';
import { syncMirror } from '@/lib/owners/mirror/run';
import { mirroredCounts, mirrorStatus } from '@/lib/owners/mirror/status';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { mirrorCompanies, mirrorDocuments, mirrorReference } from '@/lib/platform/db/schema';
import { getEnv, resetEnvForTests } from '@/lib/platform/env';

import { tokenFingerprint } from '../../sandbox/data-api/request-log';
import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { rememberSecret } from '../support/log-capture';
import { mirrorSandboxDuringTests } from './mirror-fixture';

/**
 * The job's entry point, syncMirror(): it opens the company's client with a stored token (any user's: the mirror is
 * the company's), a refused token stops the mirror and is marked as the pages mark it, and a company's mirror can be
 * erased without touching any other company's.
 */
describe.each(databaseKinds)('the mirror of a company on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();

  beforeAll(() => {
    process.env.DATA_API_BASE_URL = api.sandbox.url;
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.DATA_API_BASE_URL;
    resetEnvForTests();
  });

  /** The gateway delivered the user a token for the company: stored as every token is. */
  async function deliver(tenantId: string, userId: string): Promise<string> {
    const accessToken = rememberSecret(api.sandbox.tokens.issue(tenantId, userId));
    await storeAccessTokens(
      database.db,
      [{ userId, tenantId, pluginId: PLUGIN_ID, accessToken, companyName: null }],
      getEnv().encryptionKeys,
      { source: 'gateway' },
    );
    return accessToken;
  }
  const callsWith = (token: string) =>
    api.sandbox.dataApi.requests().filter((request) => request.tokenFingerprint === tokenFingerprint(token));

  it('syncs with the working token of the company stored most recently, whichever user it came with', async () => {
    const older = await deliver('10001', 'jana.novakova@example.sk');
    const newer = await deliver('10001', 'peter.horvath@example.sk');

    const result = await syncMirror(database.db, api.company('10001'), 'auto');

    expect(result).toMatchObject({ status: 'ready', steps: ['full'] });
    expect(callsWith(older)).toEqual([]);
    expect(callsWith(newer).length).toBeGreaterThan(5);
  }, 60_000);

  it('stops the mirror when the service refuses the token, marks the token, and then calls no more', async () => {
    const token = await deliver('10002', 'jana.novakova@example.sk');
    api.sandbox.tokens.revokeToken(token);

    expect(await syncMirror(database.db, api.company('10002'), 'auto')).toMatchObject({
      status: 'stopped',
      errorKind: 'unauthorized',
    });
    const [connection] = await listConnections(database.db, {
      userId: 'jana.novakova@example.sk',
      pluginId: PLUGIN_ID,
      tenantIds: ['10002'],
    });
    expect(connection?.state).toBe('invalid');

    const calls = api.sandbox.dataApi.requests().length;
    expect(await syncMirror(database.db, api.company('10002'), 'auto')).toMatchObject({
      status: 'stopped',
      errorKind: 'not-connected',
    });
    expect(api.sandbox.dataApi.requests()).toHaveLength(calls);
    expect((await mirrorStatus(database.db, api.company('10002'))).status).toBe('stopped');
  });

  it('erases one company’s mirror on demand and leaves every other company’s as it was', async () => {
    const [kept, purged] = [api.company('20001'), api.company('10004')];
    for (const company of [kept, purged]) await api.connect(database.db, company.tenantId);
    await Promise.all(
      [kept, purged].map((company) => syncCompany(database.db, company, api.client(company.tenantId).client, 'full')),
    );
    const keptBefore = await mirrorStatus(database.db, kept);
    const keptCounts = await mirroredCounts(database.db, kept);

    const { documents } = await purgeMirror(database.db, purged);

    expect(documents).toBeGreaterThan(0);
    const tables = [mirrorDocuments, mirrorReference, mirrorCompanies] as const;
    for (const table of tables) {
      expect(await database.db.select().from(table).where(eq(table.tenantId, purged.tenantId))).toEqual([]);
    }
    expect(await mirrorStatus(database.db, purged)).toMatchObject({ status: 'never', fullSyncedAt: null });
    expect(await mirrorStatus(database.db, kept)).toEqual(keptBefore);
    expect(await mirroredCounts(database.db, kept)).toEqual(keptCounts);
    expect(
      await database.db.select().from(mirrorReference).where(eq(mirrorReference.tenantId, kept.tenantId)),
    ).toHaveLength(3);
  }, 60_000);

  it('notes when a company’s pages were opened, before any sync and after', async () => {
    const company = api.company('30001');
    await markOpened(database.db, company);
    const first = await mirrorStatus(database.db, company);
    expect(first).toMatchObject({ status: 'never' });
    expect(first.lastOpenedAt).toBeInstanceOf(Date);

    await markOpened(database.db, api.company('10001'));
    const synced = await mirrorStatus(database.db, api.company('10001'));
    expect(synced.status).toBe('ready');
    expect(synced.lastOpenedAt).toBeInstanceOf(Date);
  });
});
