/**
 * The service's catalog order may not hold between calls (service-facts.md): the mirror reads catalog items in pages
 * of 100 that overlap by 10 (Skip 0, 90, 180, …) and de-duplicates them by item code
 * (lib/owners/mirror/kind-stores.ts). Here the sandbox's unstable-catalog fault lists the items of a company in an
 * order drawn afresh on every call, each item at most 5 places from its place in the stable order, and a first sync
 * still copies every item exactly once, with its quantities.
 *
 * Why 5 places is what an overlap of 10 guarantees: an item at stable place p, with 90k ≤ p < 90k + 90, is at a place
 * in [p − 5, p + 5] on every call. Page k (places 90k … 90k + 99) holds it unless it moved before 90k, i.e.
 * p < 90k + 5; then page k − 1 (places … 90k + 9) holds it, since p + 5 < 90k + 10. Moves of up to 10 places would
 * need an overlap of 20.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { mirrorStatus } from '@/lib/owners/mirror/status';
import { syncCompany, type SyncResult } from '@/lib/owners/mirror/sync';
import { mirrorCatalogItems } from '@/lib/platform/db/schema';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { rememberSecret } from '../support/log-capture';
import { mirrorSandboxDuringTests, paramsOf } from './mirror-fixture';

const TENANT = '10001';
const ITEMS = 2_000;
const SHIFT = 5;

type Item = { itemCode: string; eanCode: string | null; warehouses: { code: string; quantityOnHand: number }[] };

describe.each(databaseKinds)('a first sync of a catalog listed in an unstable order, on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);
  let stable: Item[];
  let plainPaging: string[];
  let result: SyncResult;
  let syncToken: string;

  /** Every page of 100 from Skip 0 on, `step` further each time, each call with a token of its own. */
  async function read(step: number): Promise<Item[]> {
    const items: Item[] = [];
    for (let skip = 0; ; skip += step) {
      const token = rememberSecret(api.sandbox.tokens.issue(TENANT, 'catalog-reader@example.sk'));
      const response = await fetch(`${api.sandbox.url}/api/catalog-items?Top=100&Skip=${skip}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const page = ((await response.json()) as { data: Item[] }).data;
      items.push(...page);
      if (page.length < 100) return items;
    }
  }

  const rows = () =>
    database.db
      .select()
      .from(mirrorCatalogItems)
      .where(and(eq(mirrorCatalogItems.pluginId, company().pluginId), eq(mirrorCatalogItems.tenantId, TENANT)));

  beforeAll(async () => {
    api.sandbox.dataApi.setVolume(TENANT, { catalogItems: ITEMS });
    stable = await read(100);
    api.sandbox.dataApi.setFault(TENANT, { mode: 'unstable-catalog', shift: SHIFT });
    plainPaging = (await read(100)).map((item) => item.itemCode);

    await api.connect(database.db, TENANT);
    const { client, token } = api.client(TENANT);
    syncToken = token;
    result = await syncCompany(database.db, company(), client, 'auto');
  }, 180_000);

  it('is a catalog plain Skip paging cannot read: it misses some items and repeats others', () => {
    expect(stable).toHaveLength(ITEMS);
    expect(api.sandbox.dataApi.faults()[TENANT]).toMatchObject({ mode: 'unstable-catalog', shift: SHIFT });
    const seen = new Set(plainPaging);
    const missed = stable.filter((item) => !seen.has(item.itemCode));
    expect(missed.length).toBeGreaterThan(0);
    expect(plainPaging.length - seen.size).toBe(missed.length);
  });

  it('copies every item exactly once', async () => {
    expect(result).toMatchObject({ status: 'ready', steps: ['full'] });
    const codes = (await rows()).map((row) => row.itemCode);
    expect(codes).toHaveLength(ITEMS);
    expect(new Set(codes).size).toBe(ITEMS);
    expect([...codes].sort()).toEqual(stable.map((item) => item.itemCode).sort());
  });

  it('keeps each item’s EAN and its quantity per warehouse and in all', async () => {
    const byCode = new Map((await rows()).map((row) => [row.itemCode, row]));
    for (const item of stable) {
      const row = byCode.get(item.itemCode)!;
      expect(row.ean).toBe(item.eanCode);
      expect(row.quantities).toEqual(
        Object.fromEntries(item.warehouses.map((w) => [w.code, String(w.quantityOnHand)])),
      );
      const cents = item.warehouses.reduce((sum, w) => sum + Math.round(w.quantityOnHand * 100), 0);
      expect(Math.round(Number(row.quantity) * 100)).toBe(cents);
    }
  });

  it('read the catalog in pages of 100 overlapping by 10, and counted each item once', async () => {
    const calls = api.requestsOf(syncToken).filter((request) => request.path === '/api/catalog-items');
    expect(calls.map((request) => paramsOf(request).get('Skip'))).toEqual(calls.map((_, i) => String(i * 90)));
    expect(calls.every((request) => paramsOf(request).get('Top') === '100')).toBe(true);
    expect(calls).toHaveLength(Math.floor(ITEMS / 90) + 1);
    const status = await mirrorStatus(database.db, company());
    expect(status.progress.catalogItems).toMatchObject({ read: ITEMS, done: true });
  });
});
