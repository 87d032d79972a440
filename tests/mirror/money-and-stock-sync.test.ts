import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { catalogItemRow } from '@/lib/owners/mirror/catalog-item-row';
import { upsertCatalogItems } from '@/lib/owners/mirror/catalog-items';
import { paymentRow } from '@/lib/owners/mirror/payment-row';
import { upsertPayments } from '@/lib/owners/mirror/payments';
import { mirrorStatus, readinessOf } from '@/lib/owners/mirror/status';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { mirrorCatalogItems, mirrorCompanies, mirrorPayments } from '@/lib/platform/db/schema';
import { paymentSchema } from '@/lib/service/schemas/reference';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { mirrorSandboxDuringTests, paramsOf, sandboxPaths } from './mirror-fixture';

/**
 * Payments and catalog items in a company's mirror: kept by the same sync as its documents, served once read whole
 * (also by a mirror whose full sync ended before they were kept), and pruned only of what the service surely no
 * longer lists.
 */
const TENANT = '10001';

describe.each(databaseKinds)('payments and catalog items in the mirror, on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);
  const companyRow = and(eq(mirrorCompanies.pluginId, company().pluginId), eq(mirrorCompanies.tenantId, TENANT));
  const paymentIds = async () =>
    (
      await database.db
        .select({ id: mirrorPayments.id })
        .from(mirrorPayments)
        .where(eq(mirrorPayments.tenantId, TENANT))
    )
      .map((row) => row.id)
      .sort();
  const itemCodes = async () =>
    (
      await database.db
        .select({ itemCode: mirrorCatalogItems.itemCode })
        .from(mirrorCatalogItems)
        .where(eq(mirrorCatalogItems.tenantId, TENANT))
    )
      .map((row) => row.itemCode)
      .sort();

  it('a mirror whose full sync ended before they were kept serves them only once its next sync read them whole', async () => {
    await api.connect(database.db, TENANT);
    await syncCompany(database.db, company(), api.client(TENANT).client, 'auto');
    // As a company synced before this version left it: documents whole, no payments nor items, nor their marks.
    const [state] = await database.db.select().from(mirrorCompanies).where(companyRow);
    const { payments: _p, catalogItems: _c, ...documentsOnly } = state!.progress as Record<string, unknown>;
    const { payments: _pc, catalogItems: _cc, ...documentCursors } = state!.cursors as Record<string, unknown>;
    await database.db
      .update(mirrorCompanies)
      .set({ progress: documentsOnly, cursors: documentCursors })
      .where(companyRow);
    await database.db.delete(mirrorPayments).where(eq(mirrorPayments.tenantId, TENANT));
    await database.db.delete(mirrorCatalogItems).where(eq(mirrorCatalogItems.tenantId, TENANT));

    const before = await mirrorStatus(database.db, company());
    expect(readinessOf(before)).toBe('ready');
    expect(readinessOf(before, ['payments'])).toBe('preparing');
    expect(readinessOf(before, ['catalogItems'])).toBe('preparing');

    const { client, token } = api.client(TENANT);
    const result = await syncCompany(database.db, company(), client, 'auto');

    expect(result).toMatchObject({ status: 'ready', steps: ['incremental'] });
    // Read whole: no change filter on their first read.
    const calls = api.requestsOf(token);
    const firstPayments = calls.find((request) => request.path === sandboxPaths.payments)!;
    expect(paramsOf(firstPayments).get('LastModifiedTimestamp')).toBeNull();
    const firstItems = calls.find((request) => request.path === sandboxPaths.catalogItems)!;
    expect(paramsOf(firstItems).get('CatalogItemChangedTimestamp')).toBeNull();

    expect(await paymentIds()).toEqual((await api.listed(TENANT, 'payments')).map((p) => String(p.id)).sort());
    expect(await itemCodes()).toEqual((await api.listed(TENANT, 'catalogItems')).map((i) => i.itemCode).sort());
    const after = await mirrorStatus(database.db, company());
    expect(readinessOf(after, ['payments', 'catalogItems'])).toBe('ready');
    expect(after.progress.payments).toMatchObject({ done: true, whole: true });
  }, 120_000);

  it('a reconciliation removes a payment the service no longer lists, and nothing else', async () => {
    const listed = await paymentIds();
    const gone = paymentRow(
      paymentSchema.parse({ id: 'gone-1', accountId: 1, dateOfPayment: '2026-01-02T00:00:00', sumOfPayment: 5 }),
      'gone-1',
    );
    await database.db.transaction((tx) => upsertPayments(tx, company(), [gone]));
    expect(await paymentIds()).toContain('gone-1');

    const result = await syncCompany(database.db, company(), api.client(TENANT).client, 'reconcile');

    expect(result.deleted).toBe(1);
    expect(await paymentIds()).toEqual(listed);
  }, 120_000);

  it('an item missing from the whole listing goes only once the service, asked for its code, lists it no more', async () => {
    const listed = await itemCodes();
    const gone = catalogItemRow({ itemCode: 'GONE-1', name: 'Vyradený tovar', warehouses: [] }, 'GONE-1');
    await database.db.transaction((tx) => upsertCatalogItems(tx, company(), [gone]));
    const { client, token } = api.client(TENANT);

    const result = await syncCompany(database.db, company(), client, 'reconcile');

    expect(result.deleted).toBe(1);
    expect(await itemCodes()).toEqual(listed);
    const asked = api
      .requestsOf(token)
      .filter((request) => request.path === sandboxPaths.catalogItems && paramsOf(request).has('ItemCode'));
    expect(asked.map((request) => paramsOf(request).get('ItemCode'))).toEqual(['GONE-1']);
  }, 120_000);

  it('a reconciliation rewrites every item’s quantities, whether or not its change timestamp moved', async () => {
    const [first] = await api.listed(TENANT, 'catalogItems');
    const stale = and(eq(mirrorCatalogItems.tenantId, TENANT), eq(mirrorCatalogItems.itemCode, first!.itemCode!));
    await database.db
      .update(mirrorCatalogItems)
      .set({ quantity: '-999', quantities: { XX: '-999' } })
      .where(stale);

    await syncCompany(database.db, company(), api.client(TENANT).client, 'reconcile');

    const [row] = await database.db.select().from(mirrorCatalogItems).where(stale);
    const stocked = first!.warehouses as { code: string; quantityOnHand: number }[];
    expect(row!.quantities).toEqual(
      Object.fromEntries(stocked.map((each) => [each.code, String(each.quantityOnHand)])),
    );
  }, 120_000);
});
