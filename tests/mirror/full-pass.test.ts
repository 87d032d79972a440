import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { DOCUMENT_KINDS, type DocumentKind, type SyncedKind } from '@/lib/owners/mirror/kinds';
import { PAGE_SIZE } from '@/lib/owners/mirror/service-pages';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { mirrorDocuments } from '@/lib/platform/db/schema';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { mirrorSandboxDuringTests } from './mirror-fixture';

/**
 * A "full" resync leaves the copy as the service lists it: after reading everything again it removes the documents the
 * service no longer lists (by the service's own list of ids, never because a pass merely did not write a row), without
 * waiting for the daily reconciliation; also when the pass was cut short and resumed by another run; and a pass cut
 * short removes nothing.
 */
describe.each(databaseKinds)('a full pass on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();

  const idsOf = async (tenantId: string, documentKind: DocumentKind) =>
    (
      await database.db
        .select({ id: mirrorDocuments.id })
        .from(mirrorDocuments)
        .where(and(eq(mirrorDocuments.tenantId, tenantId), eq(mirrorDocuments.kind, documentKind)))
    )
      .map((row) => row.id)
      .sort();
  const listedIds = async (tenantId: string, documentKind: SyncedKind) =>
    (await api.listed(tenantId, documentKind)).map((record) => String(record.id)).sort();

  it('removes the documents the service no longer lists', async () => {
    const tenantId = '10001';
    await api.connect(database.db, tenantId);
    const company = api.company(tenantId);
    await syncCompany(database.db, company, api.client(tenantId).client, 'auto');
    const { invoices, expenses, deliveryNotes } = api.sandbox.dataApi.changeRecords(tenantId, {
      invoices: { deleted: 2 },
      expenses: { deleted: 1 },
      deliveryNotes: { deleted: 1 },
    });

    const result = await syncCompany(database.db, company, api.client(tenantId).client, 'full');

    expect(result).toMatchObject({ status: 'ready', steps: ['full', 'reconcile'], deleted: 4 });
    const gone = { invoices: invoices.deleted, expenses: expenses.deleted, deliveryNotes: deliveryNotes.deleted };
    for (const documentKind of DOCUMENT_KINDS) {
      const ids = await idsOf(tenantId, documentKind);
      expect(ids, documentKind).toEqual(await listedIds(tenantId, documentKind));
      for (const id of gone[documentKind]) expect(ids).not.toContain(String(id));
    }
  }, 60_000);

  it('removes them also when the pass failed half-way and was resumed, and nothing before the pass is whole', async () => {
    const tenantId = '10002';
    await api.connect(database.db, tenantId);
    const company = api.company(tenantId);
    await syncCompany(database.db, company, api.client(tenantId).client, 'auto');
    const { invoices, expenses } = api.sandbox.dataApi.changeRecords(tenantId, {
      invoices: { deleted: 2 },
      expenses: { deleted: 2 },
    });
    const listed = {
      invoices: await listedIds(tenantId, 'invoices'),
      expenses: await listedIds(tenantId, 'expenses'),
    };
    // The three reference lists, every page of invoices and the first of expenses come back; then the service fails.
    const invoicePages = Math.floor(listed.invoices.length / PAGE_SIZE) + 1;
    api.sandbox.dataApi.setFault(tenantId, { mode: 'server-error', after: 3 + invoicePages + 1 });

    await expect(syncCompany(database.db, company, api.client(tenantId).client, 'full')).rejects.toMatchObject({
      kind: 'unavailable',
    });

    // The pass is not whole: every row stays, the deleted ones too.
    const invoiceIds = await idsOf(tenantId, 'invoices');
    for (const id of invoices.deleted) expect(invoiceIds).toContain(String(id));
    expect(invoiceIds).toHaveLength(listed.invoices.length + 2);
    const expenseIds = await idsOf(tenantId, 'expenses');
    for (const id of expenses.deleted) expect(expenseIds).toContain(String(id));
    expect(expenseIds).toHaveLength(listed.expenses.length + 2);

    // Another run resumes the pass (at the saved Skip) and removes what the whole pass did not see, nothing more.
    api.sandbox.dataApi.clearFault(tenantId);
    const result = await syncCompany(database.db, company, api.client(tenantId).client, 'full');

    expect(result).toMatchObject({ status: 'ready', steps: ['full', 'reconcile'], deleted: 4 });
    // Resumed at the expenses' second page: their first page and the invoices are not read again.
    expect(result.read).toBeLessThanOrEqual(
      listed.expenses.length -
        PAGE_SIZE +
        (await listedIds(tenantId, 'deliveryNotes')).length +
        (await listedIds(tenantId, 'payments')).length +
        (await listedIds(tenantId, 'catalogItems')).length,
    );
    for (const documentKind of DOCUMENT_KINDS) {
      expect(await idsOf(tenantId, documentKind), documentKind).toEqual(await listedIds(tenantId, documentKind));
    }
    for (const id of invoices.deleted) expect(await idsOf(tenantId, 'invoices')).not.toContain(String(id));
  }, 60_000);
});
