import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { loadDeliveryNotePage, loadExpensePage, loadInvoicePage } from '@/lib/features/documents/detail-loads';
import { loadInvoiceDetail } from '@/lib/features/documents/invoice-detail';
import type { CompanyConnection } from '@/lib/owners/connections/states';
import { readJournals } from '@/lib/owners/mirror/journals';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { mirrorCompanies, mirrorDocuments } from '@/lib/platform/db/schema';
import { resetEnvForTests } from '@/lib/platform/env';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { mirrorSandboxDuringTests, sandboxPaths } from './mirror-fixture';

/**
 * A document's page reads the company's mirror when it is ready (a full sync has ended, the service has not refused
 * the token, MIRROR_SYNC on) and holds the document as completely as the service would: no data-API call but an
 * expense's attachments, and the same record a live read gives. Otherwise the page asks the service as before: a
 * document the mirror does not know (it may be brand new), a mirror not ready or stopped, an expense whose journal
 * is not read yet. Through the page door's two abilities (our database, the data API under the page's deadline),
 * against the sandbox, on each database.
 */
const TENANT = '10022';

describe.each(databaseKinds)('document pages from the mirror on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);

  /** The company's page door over the test database and a fresh token: the requests it sends are its own. */
  const door = (state: CompanyConnection['state'] = 'connected') => api.pageDoor(database.db, TENANT, { state });
  const live = () => api.client(TENANT).client;
  const idOf = async (documentKind: 'invoices' | 'expenses' | 'deliveryNotes') => {
    const [row] = await database.db
      .select({ id: mirrorDocuments.id })
      .from(mirrorDocuments)
      .where(and(eq(mirrorDocuments.tenantId, TENANT), eq(mirrorDocuments.kind, documentKind)))
      .limit(1);
    return row!.id;
  };
  const setCompany = (patch: Partial<typeof mirrorCompanies.$inferInsert>) =>
    database.db.update(mirrorCompanies).set(patch).where(eq(mirrorCompanies.tenantId, TENANT));

  beforeAll(async () => {
    api.sandbox.dataApi.setVolume(TENANT, { invoices: 5, expenses: 4, deliveryNotes: 3 });
    await api.connect(database.db, TENANT);
    await syncCompany(database.db, company(), live(), 'auto');
    expect(await readJournals(database.db, company(), live())).toMatchObject({ status: 'done' });
  }, 60_000);
  beforeAll(() => {
    process.env.MIRROR_SYNC = 'on';
    resetEnvForTests();
  });
  afterEach(() => setCompany({ status: 'ready', fullSyncedAt: new Date() }));
  afterAll(() => {
    delete process.env.MIRROR_SYNC;
    resetEnvForTests();
  });

  it('opens an invoice and a delivery note without any data-API call, as a live read gives them', async () => {
    const invoiceId = await idOf('invoices');
    const page = door();
    const invoice = await loadInvoicePage(page.door, invoiceId);
    expect(page.calls()).toEqual([]);
    expect(invoice).toEqual({ ok: true, value: await loadInvoiceDetail(live(), invoiceId) });
    expect(invoice.ok && invoice.value.items?.length).toBeGreaterThan(0);

    const noteId = await idOf('deliveryNotes');
    const note = await loadDeliveryNotePage(page.door, noteId);
    expect(page.calls()).toEqual([]);
    expect(note).toEqual({ ok: true, value: await live().deliveryNotes.get(noteId) });
  });

  it('opens an expense with its journal from the mirror, its attachments from the service', async () => {
    const id = await idOf('expenses');
    const page = door();
    const loaded = await loadExpensePage(page.door, id);
    expect(page.calls()).toEqual([`/api/attachments/expenses/${id}`]);
    const expense = await live().expenses.get(id);
    expect(expense.journalItems?.length).toBeGreaterThan(0);
    expect(loaded).toEqual({
      ok: true,
      value: { expense, attachments: { ok: true, value: await live().attachments.list(id) } },
    });
  });

  it('reads live a document the mirror does not hold (created since its sync), and the service’s 404 stays one', async () => {
    const created = api.sandbox.dataApi.changeRecords(TENANT, { invoices: { created: 1 } }).invoices.created[0]!;
    const page = door();
    const loaded = await loadInvoicePage(page.door, String(created));
    expect(loaded).toMatchObject({ ok: true, value: { id: created } });
    expect(page.calls()).toEqual([`${sandboxPaths.invoices}/${created}`]);

    const unknown = door();
    await expect(loadDeliveryNotePage(unknown.door, '999999999')).rejects.toMatchObject({
      digest: expect.stringContaining('404'),
    });
    expect(unknown.calls()).toEqual([`${sandboxPaths.deliveryNotes}/999999999`]);
  });

  it('reads live while the mirror is not ready: before its kind was read whole, or stopped by a refused token', async () => {
    const id = await idOf('invoices');
    // During the first full sync, the invoices not yet read to their last page (the other kinds are).
    const reading = { read: 100, skip: 100, done: false };
    const done = { read: 5, skip: 5, done: true };
    await setCompany({ fullSyncedAt: null, progress: { invoices: reading, expenses: done, deliveryNotes: done } });
    const beforeFull = door();
    expect(await loadInvoicePage(beforeFull.door, id)).toMatchObject({ ok: true });
    expect(beforeFull.calls()).toEqual([`${sandboxPaths.invoices}/${id}`]);

    await setCompany({ fullSyncedAt: new Date(), status: 'stopped' });
    const stopped = door();
    expect(await loadInvoicePage(stopped.door, id)).toMatchObject({ ok: true });
    expect(stopped.calls()).toEqual([`${sandboxPaths.invoices}/${id}`]);

    // A paused mirror (402) is still served, as the lists serve it.
    await setCompany({ status: 'paused' });
    const paused = door();
    expect(await loadInvoicePage(paused.door, id)).toMatchObject({ ok: true });
    expect(paused.calls()).toEqual([]);
  });

  it('reads live for a user whose own token the service refused, though the copy is ready', async () => {
    const id = await idOf('invoices');
    const refused = door('invalid');
    expect(await loadInvoicePage(refused.door, id)).toMatchObject({ ok: true });
    expect(refused.calls()).toEqual([`${sandboxPaths.invoices}/${id}`]);
  });

  it('reads live with MIRROR_SYNC off', async () => {
    process.env.MIRROR_SYNC = 'off';
    resetEnvForTests();
    try {
      const id = await idOf('deliveryNotes');
      const page = door();
      expect(await loadDeliveryNotePage(page.door, id)).toMatchObject({ ok: true });
      expect(page.calls()).toEqual([`${sandboxPaths.deliveryNotes}/${id}`]);
    } finally {
      process.env.MIRROR_SYNC = 'on';
      resetEnvForTests();
    }
  });

  it('reads an expense live while its journal is not read yet (the mirror would show it without one)', async () => {
    const id = await idOf('expenses');
    await database.db
      .update(mirrorDocuments)
      .set({ detailReadAt: null })
      .where(and(eq(mirrorDocuments.tenantId, TENANT), eq(mirrorDocuments.id, id)));
    const page = door();
    const loaded = await loadExpensePage(page.door, id);
    expect(page.calls().sort()).toEqual([`/api/attachments/expenses/${id}`, `${sandboxPaths.expenses}/${id}`]);
    expect(loaded.ok && loaded.value.expense.journalItems?.length).toBeGreaterThan(0);
  });
});
