import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { DOCUMENT_KINDS, type DocumentKind, type SyncedKind } from '@/lib/owners/mirror/kinds';
import { foldForSearch } from '@/lib/owners/mirror/search-text';
import { mirroredCounts, mirrorStatus } from '@/lib/owners/mirror/status';
import { syncCompany, type SyncResult } from '@/lib/owners/mirror/sync';
import { overlapStart } from '@/lib/owners/mirror/timestamps';
import {
  mirrorCatalogItems,
  mirrorCompanies,
  mirrorDocuments,
  mirrorPayments,
  mirrorReference,
} from '@/lib/platform/db/schema';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { mirrorSandboxDuringTests, paramsOf, sandboxPaths } from './mirror-fixture';

/**
 * The sync of one company's mirror against the sandbox, on each database: the first full sync stores every document
 * the service lists, an incremental sync reads only what changed, a reconciliation removes what the service no longer
 * lists, and 'auto' chooses between them.
 */
const TENANT = '10001';

describe.each(databaseKinds)('the mirror’s sync on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);
  let first: SyncResult;
  let firstToken: string;

  const rowsOf = (documentKind: DocumentKind) =>
    database.db
      .select()
      .from(mirrorDocuments)
      .where(and(eq(mirrorDocuments.tenantId, TENANT), eq(mirrorDocuments.kind, documentKind)));
  const rowOf = async (documentKind: DocumentKind, id: number | string) =>
    (await rowsOf(documentKind)).find((row) => row.id === String(id));
  const stateRow = async () =>
    (await database.db.select().from(mirrorCompanies).where(eq(mirrorCompanies.tenantId, TENANT)))[0]!;

  beforeAll(async () => {
    await api.connect(database.db, TENANT);
    const { client, token } = api.client(TENANT);
    firstToken = token;
    first = await syncCompany(database.db, company(), client, 'auto');
  }, 120_000);

  it('runs a full sync first and stores every invoice, expense, delivery note, payment and item the service lists', async () => {
    expect(first).toMatchObject({ status: 'ready', steps: ['full'], deleted: 0 });
    let total = 0;
    for (const documentKind of DOCUMENT_KINDS) {
      const listed = await api.listed(TENANT, documentKind);
      expect(listed.length).toBeGreaterThan(0);
      const rows = await rowsOf(documentKind);
      expect(rows.map((row) => row.id).sort()).toEqual(listed.map((record) => String(record.id)).sort());
      total += listed.length;
    }
    const payments = await api.listed(TENANT, 'payments');
    const items = await api.listed(TENANT, 'catalogItems');
    expect(payments.length).toBeGreaterThan(0);
    expect(items.length).toBeGreaterThan(0);
    const paymentRows = await database.db.select().from(mirrorPayments).where(eq(mirrorPayments.tenantId, TENANT));
    expect(paymentRows.map((row) => row.id).sort()).toEqual(payments.map((record) => String(record.id)).sort());
    const itemRows = await database.db.select().from(mirrorCatalogItems).where(eq(mirrorCatalogItems.tenantId, TENANT));
    expect(itemRows.map((row) => row.itemCode).sort()).toEqual(items.map((record) => record.itemCode).sort());
    expect(first.read).toBe(total + payments.length + items.length);

    const status = await mirrorStatus(database.db, company());
    expect(status).toMatchObject({ status: 'ready', lastError: null, nextTryAt: null });
    expect(status.fullSyncedAt).toBeInstanceOf(Date);
    expect(status.lastSyncedAt).toBeInstanceOf(Date);
    const counts = await mirroredCounts(database.db, company());
    for (const documentKind of DOCUMENT_KINDS) {
      expect(status.progress[documentKind]).toEqual({ read: counts[documentKind], done: true, whole: true });
    }
    expect(status.progress.payments).toEqual({ read: payments.length, done: true, whole: true });
    expect(status.progress.catalogItems).toEqual({ read: items.length, done: true, whole: true });
  });

  it('copies what payment and stock lists filter, sort, sum and search on, and keeps each record whole', async () => {
    const [payment] = await api.listed(TENANT, 'payments');
    const [row] = await database.db
      .select()
      .from(mirrorPayments)
      .where(and(eq(mirrorPayments.tenantId, TENANT), eq(mirrorPayments.id, String(payment!.id))));
    expect(row).toMatchObject({
      accountId: String(payment!.accountId),
      paymentDate: String(payment!.dateOfPayment).slice(0, 10),
      amount: String(payment!.sumOfPayment),
      variableSymbol: payment!.variableSymbol ?? null,
      partnerName: payment!.partnerName ?? null,
      documentNumbers: payment!.documentNumber ?? null,
      record: payment,
    });
    expect(row!.searchText).toContain(payment!.variableSymbol as string);

    const [item] = await api.listed(TENANT, 'catalogItems');
    const stocked = item!.warehouses as { code: string; quantityOnHand: number }[];
    const [itemRow] = await database.db
      .select()
      .from(mirrorCatalogItems)
      .where(and(eq(mirrorCatalogItems.tenantId, TENANT), eq(mirrorCatalogItems.itemCode, item!.itemCode!)));
    expect(itemRow!.quantities).toEqual(
      Object.fromEntries(stocked.map((each) => [each.code, String(each.quantityOnHand)])),
    );
    expect(Number(itemRow!.quantity)).toBe(stocked.reduce((sum, each) => sum + each.quantityOnHand, 0));
    expect(itemRow!.searchText).toContain(foldForSearch(item!.itemCode!));
  });

  it('pages with Top=100 and Skip, asking for full records (extended fields) in every call', async () => {
    const lists = api.requestsOf(firstToken).filter((request) => request.path === sandboxPaths.invoices);
    expect(lists.map((request) => paramsOf(request).get('Skip'))).toEqual(lists.map((_, index) => String(index * 100)));
    for (const request of lists) {
      expect(paramsOf(request).get('Top')).toBe('100');
      expect(paramsOf(request).get('ExtendedFields')).toBe('Items,VatBreakdowns,Payments,LinkedDocuments');
    }
    const notes = api.requestsOf(firstToken).filter((request) => request.path === sandboxPaths.deliveryNotes);
    expect(notes.every((request) => paramsOf(request).get('ExtendedFields') === 'Items')).toBe(true);
  });

  it('copies the fields pages filter, sort and sum on out of each record, and keeps the record', async () => {
    const invoices = await api.listed(TENANT, 'invoices', '&ExtendedFields=Items');
    const foreign = invoices.find((record) => (record.prices as { currency: string }).currency !== 'EUR')!;
    expect(foreign).toBeDefined();
    const row = (await rowOf('invoices', foreign.id))!;
    const prices = foreign.prices as Record<string, Record<string, number>> & { currency: string };
    const partner = foreign.partner as { address: { businessName: string }; registrationId: string | null };
    expect(row).toMatchObject({
      documentNumber: foreign.documentNumber,
      issueDate: String(foreign.issueDate).slice(0, 10),
      dueDate: String(foreign.dueDate).slice(0, 10),
      partnerName: partner.address.businessName,
      currency: prices.currency,
      paymentStatus: foreign.paymentStatus,
      lastModified: foreign.lastModifiedTimestamp,
    });
    expect(Number(row.totalExclVat)).toBe(prices.legislativePrices!.totalPrice);
    expect(Number(row.totalInclVat)).toBe(prices.legislativePrices!.totalPriceInclVat);
    expect(Number(row.totalInclVatCurrency)).toBe(prices.documentPrices!.totalPriceInclVat);
    if (partner.registrationId) expect(row.partnerIds).toContain(partner.registrationId);
    expect(row.searchText).toContain(foldForSearch(partner.address.businessName));
    expect(row.searchText).toContain(foldForSearch(String(foreign.documentNumber)));
    expect(row.searchText).toBe(foldForSearch(row.searchText));
    const record = row.record as { id: number; items: unknown[]; vatBreakdowns: unknown[] };
    expect(record.id).toBe(foreign.id);
    expect(record.items.length).toBe((foreign.items as unknown[]).length);
    expect(record.vatBreakdowns.length).toBeGreaterThan(0);

    const [expense] = await api.listed(TENANT, 'expenses');
    expect((await rowOf('expenses', expense!.id))?.documentNumber).toBe(expense!.documentNumber);
  });

  it('replaces the reference data: numbering sequences, warehouses, payment accounts', async () => {
    const lists = await database.db.select().from(mirrorReference).where(eq(mirrorReference.tenantId, TENANT));
    expect(lists.map((list) => list.kind).sort()).toEqual(['numberingSequences', 'paymentAccounts', 'warehouses']);
    for (const list of lists) expect((list.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('then reads only what changed since the cursor (minus 5 minutes): a changed and a new invoice', async () => {
    const [existing] = await api.listed(TENANT, 'invoices');
    const { client, token } = api.client(TENANT);
    const lines = [{ name: 'Žemľa hrušková', amount: 3, measureUnit: 'ks', vatRate: 19, totalPriceInclVat: 1.43 }];
    await client.invoices.upload({
      documentNumber: String(existing!.documentNumber),
      numberingSequence: String(existing!.numberingSequence),
      partner: { address: { businessName: 'Hruška a syn s.r.o.' } },
      items: lines,
    });
    await client.invoices.upload({ partner: { address: { businessName: 'Nová Firma s.r.o.' } }, items: lines });
    const cursors = (await stateRow()).cursors as Record<SyncedKind, string>;
    const before = api.requestsOf(token).length;

    const result = await syncCompany(database.db, company(), client, 'incremental');

    expect(result).toMatchObject({ status: 'ready', steps: ['incremental'] });
    const calls = api.requestsOf(token).slice(before);
    for (const documentKind of DOCUMENT_KINDS) {
      const lists = calls.filter((request) => request.path === sandboxPaths[documentKind]);
      expect(lists).toHaveLength(1);
      expect(paramsOf(lists[0]!).get('LastModifiedTimestamp')).toBe(overlapStart(cursors[documentKind]));
    }
    // Payments by the same name; catalog items by their own (service-facts.md).
    const payments = calls.filter((request) => request.path === sandboxPaths.payments);
    expect(payments.map((request) => paramsOf(request).get('LastModifiedTimestamp'))).toEqual([
      overlapStart(cursors.payments),
    ]);
    const items = calls.filter((request) => request.path === sandboxPaths.catalogItems);
    expect(items.map((request) => paramsOf(request).get('CatalogItemChangedTimestamp'))).toEqual([
      overlapStart(cursors.catalogItems),
    ]);
    const changed = await rowOf('invoices', existing!.id);
    expect(changed?.partnerName).toBe('Hruška a syn s.r.o.');
    expect(changed?.searchText).toContain('hruska a syn');
    const stored = await rowsOf('invoices');
    const added = stored.find((row) => row.partnerName === 'Nová Firma s.r.o.');
    expect(added).toBeDefined();
    expect(stored).toHaveLength((await api.listed(TENANT, 'invoices')).length);
    // The unchanged records were not read again: only those changed within the overlap came back.
    expect(result.read).toBeLessThan(20);
    // The cursor moved on to the newest change: the invoice uploaded last.
    expect(((await stateRow()).cursors as Record<DocumentKind, string>).invoices).toBe(added!.lastModified);
  });

  it('a reconciliation removes the records the service no longer lists, and nothing else', async () => {
    const { invoices, expenses } = api.sandbox.dataApi.changeRecords(TENANT, {
      invoices: { deleted: 1 },
      expenses: { deleted: 1 },
    });
    const [invoiceId, expenseId] = [invoices.deleted[0]!, expenses.deleted[0]!];
    expect(await rowOf('invoices', invoiceId)).toBeDefined();
    expect(await rowOf('expenses', expenseId)).toBeDefined();
    const { client, token } = api.client(TENANT);

    const result = await syncCompany(database.db, company(), client, 'reconcile');

    expect(result).toMatchObject({ status: 'ready', steps: ['reconcile'], deleted: 2 });
    expect(await rowOf('invoices', invoiceId)).toBeUndefined();
    expect(await rowOf('expenses', expenseId)).toBeUndefined();
    for (const documentKind of DOCUMENT_KINDS) {
      expect(await rowsOf(documentKind)).toHaveLength((await api.listed(TENANT, documentKind)).length);
    }
    // Ids only: lists without extended parts.
    const lists = api.requestsOf(token).filter((request) => request.path.startsWith('/api/invoices'));
    expect(lists.every((request) => !paramsOf(request).has('ExtendedFields'))).toBe(true);
  });

  it('‘auto’ syncs incrementally, and reconciles too once the last reconciliation is a day old', async () => {
    const { client } = api.client(TENANT);
    expect((await syncCompany(database.db, company(), client, 'auto')).steps).toEqual(['incremental']);
    await database.db
      .update(mirrorCompanies)
      .set({ reconciledAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(mirrorCompanies.tenantId, TENANT));
    expect((await syncCompany(database.db, company(), client, 'auto')).steps).toEqual(['incremental', 'reconcile']);
    expect((await stateRow()).reconciledAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
