import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { PAUSED_RETRY_MS } from '@/lib/owners/mirror/failures';
import { DOCUMENT_KINDS } from '@/lib/owners/mirror/kinds';
import { mirroredCounts, mirrorStatus } from '@/lib/owners/mirror/status';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { mirrorCompanies, mirrorDocuments } from '@/lib/platform/db/schema';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { mirrorSandboxDuringTests, paramsOf, sandboxPaths } from './mirror-fixture';

/**
 * A sync that is cut short: a failure in the middle of the full sync keeps every page already stored and the next
 * run resumes at the saved Skip; a refused token stops the sync, a missing API package pauses it, and a stopped job
 * makes no call at all.
 */
describe.each(databaseKinds)('an interrupted sync on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();

  it('resumes a full sync at the saved Skip after a failure in the middle of it', async () => {
    const tenantId = '10002';
    await api.connect(database.db, tenantId);
    const company = api.company(tenantId);
    // The three reference lists (read first) and two pages of invoices come back, then the service fails until cleared.
    api.sandbox.dataApi.setFault(tenantId, { mode: 'server-error', after: 5 });
    const broken = api.client(tenantId);

    await expect(syncCompany(database.db, company, broken.client, 'auto')).rejects.toMatchObject({
      kind: 'unavailable',
    });

    const stopped = await mirrorStatus(database.db, company);
    expect(stopped).toMatchObject({ status: 'never', fullSyncedAt: null, lastError: { kind: 'unavailable' } });
    expect(stopped.nextTryAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await mirroredCounts(database.db, company)).invoices).toBe(200);
    expect(stopped.progress.invoices).toEqual({ read: 200, done: false });

    api.sandbox.dataApi.clearFault(tenantId);
    const again = api.client(tenantId);
    const result = await syncCompany(database.db, company, again.client, 'auto');

    expect(result.steps).toEqual(['full']);
    // After the three reference lists, which every sync reads first.
    const [firstCall] = api.requestsOf(again.token).slice(3);
    expect(firstCall?.path).toBe(sandboxPaths.invoices);
    expect(paramsOf(firstCall!).get('Skip')).toBe('200');
    const status = await mirrorStatus(database.db, company);
    expect(status).toMatchObject({ status: 'ready', lastError: null });
    const counts = await mirroredCounts(database.db, company);
    for (const documentKind of DOCUMENT_KINDS) {
      expect(counts[documentKind]).toBe((await api.listed(tenantId, documentKind)).length);
    }
    expect(status.progress.invoices.read).toBe(counts.invoices);
  }, 60_000);

  it('stops on a refused token (401): status stopped, no further call, nothing thrown for a retry', async () => {
    const tenantId = '10004';
    await api.connect(database.db, tenantId);
    api.sandbox.dataApi.setFault(tenantId, { mode: 'unauthorized', after: 1 });
    const { client, token } = api.client(tenantId);

    const result = await syncCompany(database.db, api.company(tenantId), client, 'auto');

    expect(result).toMatchObject({ status: 'stopped', errorKind: 'unauthorized' });
    expect(api.requestsOf(token).map((request) => request.status)).toEqual([200, 401]);
    const status = await mirrorStatus(database.db, api.company(tenantId));
    expect(status).toMatchObject({ status: 'stopped', lastError: { kind: 'unauthorized' }, nextTryAt: null });
    api.sandbox.dataApi.clearFault(tenantId);
  });

  it('pauses when the company lacks the API package (402), to be looked at again in a day', async () => {
    const tenantId = '20001';
    await api.connect(database.db, tenantId);
    api.sandbox.dataApi.setFault(tenantId, { mode: 'payment-required' });
    const { client, token } = api.client(tenantId);

    const result = await syncCompany(database.db, api.company(tenantId), client, 'auto');

    expect(result).toMatchObject({ status: 'paused', errorKind: 'payment-required' });
    expect(api.requestsOf(token)).toHaveLength(1);
    const status = await mirrorStatus(database.db, api.company(tenantId));
    expect(status).toMatchObject({ status: 'paused', lastError: { kind: 'payment-required' } });
    expect(Math.abs(status.nextTryAt!.getTime() - (Date.now() + PAUSED_RETRY_MS))).toBeLessThan(60_000);
    api.sandbox.dataApi.clearFault(tenantId);
  });

  it('makes no call when its job was stopped before it began, and keeps the state it had', async () => {
    const tenantId = '10003';
    await api.connect(database.db, tenantId);
    const { client, token } = api.client(tenantId);
    const signal = AbortSignal.abort();

    await expect(syncCompany(database.db, api.company(tenantId), client, 'full', signal)).rejects.toMatchObject({
      name: 'AbortError',
    });

    expect(api.requestsOf(token)).toEqual([]);
    const [row] = await database.db.select().from(mirrorCompanies).where(eq(mirrorCompanies.tenantId, tenantId));
    expect(row).toMatchObject({ status: 'never', lastErrorKind: 'aborted' });
    expect(await database.db.select().from(mirrorDocuments).where(eq(mirrorDocuments.tenantId, tenantId))).toEqual([]);
  });
});
