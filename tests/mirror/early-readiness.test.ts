import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { companyToday } from '@/lib/base/calendar';
import { loadExpensePage, loadInvoicePage } from '@/lib/features/documents/detail-loads';
import { mirrorReadiness } from '@/lib/features/documents/queries/across';
import { loadOverviewPage } from '@/lib/features/overview/page';
import { overviewFromMirror } from '@/lib/features/overview/queries/cards';
import type { CompanyConnection } from '@/lib/owners/connections/states';
import { readJournals } from '@/lib/owners/mirror/journals';
import { mirrorServes, mirrorServesKind, mirrorStatus, readinessOf } from '@/lib/owners/mirror/status';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { mirrorCompanies } from '@/lib/platform/db/schema';
import { resetEnvForTests } from '@/lib/platform/env';
import { loadOverview } from '@/lib/service/records/overview';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { mirrorSandboxDuringTests, sandboxPaths } from './mirror-fixture';

/**
 * Pages read a kind from the mirror as soon as the first full sync has read that kind to its last page, not only once
 * every kind is in (readinessOf, lib/owners/mirror/status.ts): the invoices' list and pages from the copy while the expenses
 * are still read live. A stopped mirror is never served; a full sync that starts over does not take a kind back.
 * The overview's cards come from the copy once invoices and expenses are in, the same figures a live read gives,
 * with no data-API call. Against the sandbox, on each database.
 */
const TENANT = '10024';

const done = (read: number) => ({ read, skip: read, done: true });
const reading = { read: 100, skip: 100, done: false };

describe('the readiness rule, per kind', () => {
  const synced = new Date('2026-11-24T08:00:00Z');
  it('serves a kind read whole during the first full sync, and only that kind', () => {
    const row = {
      status: 'syncing' as const,
      fullSyncedAt: null,
      progress: { invoices: done(120), expenses: reading },
    };
    expect(readinessOf(row, ['invoices'])).toBe('ready');
    expect(readinessOf(row, ['expenses'])).toBe('preparing');
    expect(readinessOf(row, ['invoices', 'expenses'])).toBe('preparing');
    expect(mirrorServesKind(row, 'invoices')).toBe(true);
    expect(mirrorServesKind(row, 'deliveryNotes')).toBe(false);
    expect(mirrorServes(row)).toBe(false);
    expect(readinessOf(null, ['invoices'])).toBe('preparing');
  });

  it('never serves a stopped mirror, whatever was read', () => {
    const stopped = { status: 'stopped' as const, fullSyncedAt: synced, progress: { invoices: done(1) } };
    expect(readinessOf(stopped, ['invoices'])).toBe('stopped');
    expect(mirrorServesKind(stopped, 'invoices')).toBe(false);
    expect(mirrorServes({ ...stopped, fullSyncedAt: null })).toBe(false);
  });

  it('keeps every kind once a full sync has ended, while a later full sync reads them again from the start', () => {
    const again = { status: 'syncing' as const, fullSyncedAt: synced, progress: { invoices: reading } };
    expect(mirrorServes(again)).toBe(true);
    expect(mirrorServesKind({ ...again, status: 'paused' }, 'expenses')).toBe(true);
  });
});

describe.each(databaseKinds)('pages per kind and the overview from the mirror on %s', (databaseKind) => {
  const database = testDatabaseDuringTests(databaseKind);
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);
  const live = () => api.client(TENANT).client;
  const setCompany = (patch: Partial<typeof mirrorCompanies.$inferInsert>) =>
    database.db.update(mirrorCompanies).set(patch).where(eq(mirrorCompanies.tenantId, TENANT));
  /** During the first full sync: invoices read to their last page, expenses and delivery notes not yet. */
  const invoicesOnly = () =>
    setCompany({
      status: 'syncing',
      fullSyncedAt: null,
      progress: { invoices: done(150), expenses: reading, deliveryNotes: reading },
    });
  const ended = () => setCompany({ status: 'ready', fullSyncedAt: new Date(), progress: {} });

  let users = 0;
  /** The company's page door over the test database and a fresh token: the requests it sends are its own. */
  const door = (state: CompanyConnection['state'] = 'connected') =>
    // A user of its own each time: the live overview is kept a minute per user and company (lib/features/documents/load).
    api.pageDoor(database.db, TENANT, { userId: `early-${databaseKind}-${++users}`, state });

  beforeAll(async () => {
    api.sandbox.dataApi.setVolume(TENANT, { invoices: 150, expenses: 120, deliveryNotes: 3 });
    await api.connect(database.db, TENANT);
    await syncCompany(database.db, company(), live(), 'auto');
    expect(await readJournals(database.db, company(), live(), { batch: 500 })).toMatchObject({ status: 'done' });
    process.env.MIRROR_SYNC = 'on';
    resetEnvForTests();
  }, 120_000);
  afterAll(() => {
    delete process.env.MIRROR_SYNC;
    resetEnvForTests();
  });

  it('answers invoices from the mirror once they were read whole, while expenses are still read live', async () => {
    await invoicesOnly();
    const status = await mirrorStatus(database.db, company());
    // What the list pages decide by (lib/features/documents/list-page.ts).
    expect(mirrorServesKind(status, 'invoices')).toBe(true);
    expect(mirrorServesKind(status, 'expenses')).toBe(false);
    expect(await mirrorReadiness(database.db, [company()], ['invoices'])).toEqual(['ready']);
    expect(await mirrorReadiness(database.db, [company()], ['invoices', 'expenses'])).toEqual(['preparing']);

    const [invoice, expense] = await Promise.all([
      api.listed(TENANT, 'invoices').then((all) => String(all[0]!.id)),
      api.listed(TENANT, 'expenses').then((all) => String(all[0]!.id)),
    ]);
    const page = door();
    expect(await loadInvoicePage(page.door, invoice)).toMatchObject({ ok: true });
    expect(page.calls()).toEqual([]);
    expect(await loadExpensePage(page.door, expense)).toMatchObject({ ok: true });
    expect(page.calls()).toEqual([`${sandboxPaths.expenses}/${expense}`, `/api/attachments/expenses/${expense}`]);
  });

  it('never serves a stopped mirror, though its kinds were read whole', async () => {
    await invoicesOnly();
    await setCompany({ status: 'stopped' });
    expect(mirrorServesKind(await mirrorStatus(database.db, company()), 'invoices')).toBe(false);
    const id = String((await api.listed(TENANT, 'invoices'))[0]!.id);
    const page = door();
    expect(await loadInvoicePage(page.door, id)).toMatchObject({ ok: true });
    expect(page.calls()).toEqual([`${sandboxPaths.invoices}/${id}`]);
    await setCompany({ fullSyncedAt: new Date() });
    expect(await mirrorReadiness(database.db, [company()])).toEqual(['stopped']);
  });

  it('does not read everything again when a first full sync read every kind but did not end', async () => {
    const status = await mirrorStatus(database.db, company());
    expect(status.progress.invoices.done || status.fullSyncedAt !== null).toBe(true);
    await setCompany({
      status: 'syncing',
      fullSyncedAt: null,
      progress: {
        invoices: done(150),
        expenses: done(120),
        deliveryNotes: done(3),
        payments: done(40),
        catalogItems: done(30),
      },
    });
    const { client, token } = api.client(TENANT);
    const result = await syncCompany(database.db, company(), client, 'auto');
    expect(result).toMatchObject({ status: 'ready', steps: ['full'], read: 0 });
    expect(api.requestsOf(token).map((request) => request.path.split('?')[0])).not.toContain(sandboxPaths.invoices);
    const after = await mirrorStatus(database.db, company());
    expect(after.fullSyncedAt).toBeInstanceOf(Date);
    expect(after.progress.invoices.done).toBe(true);
  });

  it('computes the overview’s cards from the mirror as the live overview computes them', async () => {
    await ended();
    const now = new Date();
    const today = companyToday(now);
    const [fromMirror, fromService] = await Promise.all([
      overviewFromMirror(database.db, company(), now, today),
      loadOverview(live(), now, today),
    ]);
    expect(fromService.invoices.complete && fromService.expenses.complete).toBe(true);
    expect(fromMirror.invoices).toEqual(fromService.invoices);
    expect(fromMirror.expenses).toEqual(fromService.expenses);
    expect(fromMirror.invoices.unpaid.count).toBeGreaterThan(0);
    expect(fromMirror.invoices.overdue.count).toBeGreaterThan(0);
    expect(fromMirror.expenses.unpaid.count).toBeGreaterThan(0);
    const ids = (records: { id: unknown }[]) => records.map((record) => record.id);
    expect(ids(fromMirror.latestInvoices)).toEqual(ids(fromService.latestInvoices));
    expect(ids(fromMirror.latestExpenses)).toEqual(ids(fromService.latestExpenses));
    expect(fromMirror.latestInvoices.length).toBeGreaterThan(0);
    expect(fromMirror).toMatchObject({ today, computedAt: now.toISOString(), from: 'mirror' });
    expect(fromService.from).toBe('service');
  });

  it('shows the overview without any data-API call once invoices and expenses are in, live before', async () => {
    await ended();
    const ready = door();
    const loaded = await loadOverviewPage(ready.door);
    expect(loaded).toMatchObject({ ok: true, value: { invoices: { complete: true } } });
    expect(ready.calls()).toEqual([]);

    await invoicesOnly();
    const preparing = door();
    expect(await loadOverviewPage(preparing.door)).toMatchObject({ ok: true });
    expect(preparing.calls()).toContain(sandboxPaths.expenses);

    // A user whose own token was refused meets what the service says, not the copy (as on the lists).
    await ended();
    const refused = door('invalid');
    await loadOverviewPage(refused.door).catch(() => null);
    expect(refused.calls().length).toBeGreaterThan(0);
  });
});
