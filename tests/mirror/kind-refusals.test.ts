import { describe, expect, it } from 'vitest';

import { mirrorReadiness } from '@/lib/features/documents/queries/across';
import { mirroredCounts, mirrorSearchesPartly, mirrorServesKind, mirrorStatus } from '@/lib/owners/mirror/status';
import { syncCompany } from '@/lib/owners/mirror/sync';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { mirrorSandboxDuringTests, sandboxPaths } from './mirror-fixture';

/**
 * One kind refused does not stall every kind (issue 17): when the service answers a kind's list with 404 (the
 * interface allows it on every list) or 403 (a company without the stock module and its delivery notes), that kind
 * is marked refused and the other kinds are copied, the full sync ends, and the copy serves them; the refused kind is
 * not served, and a later sync that finds it listed copies it whole. Against the sandbox, on each database.
 */
const TENANT = '10025';
const HALF_WAY = '10026';

describe('a search during the first copy', () => {
  const firstCopy = {
    status: 'syncing' as const,
    fullSyncedAt: null,
    lastSyncedAt: null,
    reconciledAt: null,
    lastError: null,
    nextTryAt: null,
    lastOpenedAt: null,
    syncAsked: false,
  };
  it('reads the copy of a kind partly read, not of one unread, refused, read whole or stopped', () => {
    const status = {
      ...firstCopy,
      progress: {
        invoices: { read: 1800, done: false },
        expenses: { read: 0, done: false },
        deliveryNotes: { read: 100, done: false, refused: 'forbidden' as const },
      },
    };
    expect(mirrorSearchesPartly(status, 'invoices')).toBe(true);
    expect(mirrorSearchesPartly(status, 'expenses')).toBe(false);
    expect(mirrorSearchesPartly(status, 'deliveryNotes')).toBe(false);
    expect(mirrorSearchesPartly({ ...status, status: 'stopped' }, 'invoices')).toBe(false);
    const whole = { ...status, progress: { ...status.progress, invoices: { read: 1800, done: true } } };
    // Read whole, the copy serves the kind outright (mirrorServesKind): nothing partial about it.
    expect(mirrorSearchesPartly(whole, 'invoices')).toBe(false);
    expect(mirrorServesKind(whole, 'invoices')).toBe(true);
    expect(mirrorSearchesPartly(null, 'invoices')).toBe(false);
  });
});

describe.each(databaseKinds)('a kind the service refuses, on %s', (databaseKind) => {
  const database = testDatabaseDuringTests(databaseKind);
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);

  it('is marked refused (404) while the other kinds are copied and served, and copied once it is listed', async () => {
    api.sandbox.dataApi.setVolume(TENANT, { invoices: 130, expenses: 40, deliveryNotes: 12 });
    api.sandbox.dataApi.setFault(TENANT, { mode: 'not-found', path: sandboxPaths.deliveryNotes });
    await api.connect(database.db, TENANT);
    const { client, token } = api.client(TENANT);
    const first = await syncCompany(database.db, company(), client, 'auto');
    const moneyAndStock =
      (await api.listed(TENANT, 'payments')).length + (await api.listed(TENANT, 'catalogItems')).length;
    expect(first).toMatchObject({ status: 'ready', steps: ['full'], read: 170 + moneyAndStock });
    expect(first.errorKind).toBeUndefined();
    // It was asked once, and the kinds after it in no way depended on it.
    const paths = api.requestsOf(token).map((request) => request.path);
    expect(paths.filter((path) => path === sandboxPaths.deliveryNotes)).toHaveLength(1);

    const status = await mirrorStatus(database.db, company());
    expect(status).toMatchObject({ status: 'ready', lastError: null, nextTryAt: null });
    expect(status.fullSyncedAt).toBeInstanceOf(Date);
    expect(status.progress.deliveryNotes).toEqual({ read: 0, done: false, refused: 'not-found' });
    expect(status.progress.invoices).toEqual({ read: 130, done: true, whole: true });
    expect(mirrorServesKind(status, 'invoices')).toBe(true);
    expect(mirrorServesKind(status, 'expenses')).toBe(true);
    expect(mirrorServesKind(status, 'deliveryNotes')).toBe(false);
    expect(mirrorSearchesPartly(status, 'deliveryNotes')).toBe(false);
    // The same rule where pages read it in SQL and across companies.
    expect(await mirrorReadiness(database.db, [company()], ['deliveryNotes'])).toEqual(['refused']);
    expect(await mirrorReadiness(database.db, [company()], ['invoices', 'expenses'])).toEqual(['ready']);
    expect(await mirroredCounts(database.db, company())).toEqual({ invoices: 130, expenses: 40, deliveryNotes: 0 });

    // Still refused: the incremental sync passes it over again, and nothing else fails.
    const again = await syncCompany(database.db, company(), api.client(TENANT).client, 'incremental');
    expect(again).toMatchObject({ status: 'ready', steps: ['incremental'] });
    expect((await mirrorStatus(database.db, company())).progress.deliveryNotes.refused).toBe('not-found');

    // Listed again: the next sync reads it whole (it has no cursor), and it is served like the others.
    api.sandbox.dataApi.clearFault(TENANT);
    const listed = await syncCompany(database.db, company(), api.client(TENANT).client, 'incremental');
    expect(listed).toMatchObject({ status: 'ready', steps: ['incremental'] });
    const after = await mirrorStatus(database.db, company());
    expect(after.progress.deliveryNotes).toEqual({ read: 12, done: true, whole: true });
    expect(mirrorServesKind(after, 'deliveryNotes')).toBe(true);
    expect((await mirroredCounts(database.db, company())).deliveryNotes).toBe(12);
  }, 120_000);

  it('refused with 403 half-way: the other kinds end the full sync, nothing is deleted by it, the mark is kept', async () => {
    // The expenses' second page is refused: invoices and delivery notes are read whole all the same.
    const other = api.company(HALF_WAY);
    api.sandbox.dataApi.setVolume(HALF_WAY, { invoices: 130, expenses: 140, deliveryNotes: 12 });
    api.sandbox.dataApi.setFault(HALF_WAY, { mode: 'forbidden', path: sandboxPaths.expenses, after: 1 });
    await api.connect(database.db, HALF_WAY);
    const full = await syncCompany(database.db, other, api.client(HALF_WAY).client, 'full');
    expect(full).toMatchObject({ status: 'ready', steps: ['full'] });
    const status = await mirrorStatus(database.db, other);
    expect(status.progress.expenses).toEqual({ read: 100, done: false, refused: 'forbidden' });
    expect(status.progress.deliveryNotes).toEqual({ read: 12, done: true, whole: true });
    expect(mirrorServesKind(status, 'expenses')).toBe(false);

    // The daily reconciliation cannot list the refused kind: it deletes none of its rows.
    expect(await mirroredCounts(database.db, other)).toEqual({ invoices: 130, expenses: 100, deliveryNotes: 12 });
    const reconciled = await syncCompany(database.db, other, api.client(HALF_WAY).client, 'reconcile');
    expect(reconciled).toMatchObject({ status: 'ready', deleted: 0 });
    expect(await mirroredCounts(database.db, other)).toEqual({ invoices: 130, expenses: 100, deliveryNotes: 12 });

    // A full sync that starts over keeps the mark until the kind is listed, so the kind is never served half-read.
    const over = await syncCompany(database.db, other, api.client(HALF_WAY).client, 'full');
    expect(over).toMatchObject({ status: 'ready', steps: ['full', 'reconcile'], deleted: 0 });
    expect((await mirrorStatus(database.db, other)).progress.expenses.refused).toBe('forbidden');
    api.sandbox.dataApi.clearFault(HALF_WAY);
  }, 120_000);
});
