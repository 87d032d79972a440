import { describe, expect, it } from 'vitest';

import { mirrorSyncQueue, sendMirrorSync } from '@/lib/owners/mirror/jobs';
import { beginSync } from '@/lib/owners/mirror/state';
import { mirrorStatus } from '@/lib/owners/mirror/status';
import { syncStateKey, watchesSync } from '@/lib/owners/mirror/sync-asked';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest } from '../support/jobs';

/**
 * "Update now" is answered by a job in the queue, which a worker begins later (seconds, or longer behind other
 * companies' syncs): from the moment it is asked, the company's status says a sync is under way (syncAsked), so the
 * page says "updating…" and watches for its end; a company nobody asked for says nothing of the kind. On both
 * databases.
 */
describe.each(databaseKinds)('a sync asked for and not yet begun, on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const openJobs = jobsDuringEachTest();
  const company = (tenantId: string) => ({ pluginId: PLUGIN_ID, tenantId });

  it('says nothing was asked on a database where the queue never ran', async () => {
    expect((await mirrorStatus(database.db, company('10001'))).syncAsked).toBe(false);
  });

  it('says a sync is under way once its job waits in the queue, for that company only', async () => {
    // No worker: the job waits, as it does behind other companies' syncs.
    const jobs = await openJobs(database, { queues: [mirrorSyncQueue], work: false });
    expect((await mirrorStatus(database.db, company('10001'))).syncAsked).toBe(false);
    expect(await sendMirrorSync(company('10001'), 'incremental', jobs.send.bind(jobs))).not.toBeNull();
    const asked = await mirrorStatus(database.db, company('10001'));
    expect(asked).toMatchObject({ status: 'never', syncAsked: true });
    expect((await mirrorStatus(database.db, company('10002'))).syncAsked).toBe(false);
  });

  it('says a sync is under way while a worker runs it (the row says syncing)', async () => {
    await beginSync(database.db, company('10003'));
    expect(await mirrorStatus(database.db, company('10003'))).toMatchObject({ status: 'syncing', syncAsked: true });
  });
});

describe('what a page watching the copy compares', () => {
  const settled = {
    status: 'ready' as const,
    fullSyncedAt: new Date('2026-11-24T08:00:00Z'),
    lastSyncedAt: new Date('2026-11-24T09:58:00Z'),
    lastError: null,
    syncAsked: false,
  };

  it('watches while an update waits or runs, and after a failure the queue tries again; not a settled copy', () => {
    expect(watchesSync(settled)).toBe(false);
    expect(watchesSync({ ...settled, syncAsked: true })).toBe(true);
    expect(watchesSync({ ...settled, lastError: { kind: 'unavailable', at: new Date() } })).toBe(true);
    expect(watchesSync({ ...settled, status: 'stopped', lastError: { kind: 'unauthorized', at: new Date() } })).toBe(
      false,
    );
    expect(watchesSync({ ...settled, status: 'paused', syncAsked: true })).toBe(false);
  });

  it('tells apart an update under way, its end, a failure and a stop', () => {
    const keys = [
      settled,
      { ...settled, syncAsked: true },
      { ...settled, lastSyncedAt: new Date('2026-11-24T10:00:00Z') },
      { ...settled, lastError: { kind: 'unavailable', at: new Date('2026-11-24T10:00:00Z') } },
      { ...settled, status: 'stopped' as const },
    ].map(syncStateKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(syncStateKey({ ...settled })).toBe(keys[0]);
  });
});
