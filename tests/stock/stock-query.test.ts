import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CompanyScope } from '@/lib/base/company-scope';
import { stockMinimumCard } from '@/lib/features/stock/overview-card';
import {
  itemsUnderMinimum,
  iterateStock,
  listStock,
  mirroredWarehouses,
  parseStockSort,
  type StockQuery,
  stockTotals,
} from '@/lib/features/stock/queries/stock';
import { minimumsOf, setMinimum } from '@/lib/owners/stock/minimums';
import type { Db } from '@/lib/platform/db/client';
import { mirrorCompanies } from '@/lib/platform/db/schema';
import { resetEnvForTests } from '@/lib/platform/env';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { item, ITEMS, mirrorStock, ONE, OTHER, WAREHOUSES } from './stock-fixture';

/**
 * The stock page's reads of the company's mirrored catalog items (lib/features/stock/queries/stock.ts): every item with
 * its quantity in each warehouse and in all, one warehouse's view, the search by code, name or EAN, the sorts, the
 * paging, and the minimums the stock owner hands over: each row marked under them, `below=1` only those, and the
 * overview's count.
 *
 * The stock (fixture): CHL001 HL 40, PRED 2.5 (all 42.5) · CHL002 HL 3, PRED 0 (3) · ROZ010 HL 120, EXP -2 (118) ·
 * KOL100 PRED 1.25 · MUK500 HL 0.5 · OBA001 (no name) HL 1000.
 */

describe.each(databaseKinds)('the company’s stock on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const db = () => database.db;
  const jana = 'jana.novakova@example.sk';
  const codes = async (query: Omit<StockQuery, 'minimums'>, company = ONE) =>
    (await listStock(db(), company, { ...query, minimums: await minimumsOf(db(), company) })).rows.map(
      (row) => row.itemCode,
    );

  beforeAll(async () => {
    await mirrorStock(db(), ONE, ITEMS, WAREHOUSES);
    await mirrorStock(
      db(),
      OTHER,
      [item({ code: 'CHL001', name: 'Chlieb inej firmy', stock: { HL: 0 } })],
      [['HL', 'Sklad']],
    );
  });

  it('lists every item by code with its quantity per warehouse and in all, exactly as decimals', async () => {
    const { rows, sort } = await listStock(db(), ONE, { minimums: [] });
    expect(sort).toEqual({ key: 'itemCode', descending: false });
    expect(rows.map((row) => row.itemCode)).toEqual(['CHL001', 'CHL002', 'KOL100', 'MUK500', 'OBA001', 'ROZ010']);
    expect(rows[0]).toEqual({
      itemCode: 'CHL001',
      name: 'Chlieb kváskový',
      ean: '8581234500011',
      unit: 'ks',
      quantity: '42.5',
      quantities: { HL: '40', PRED: '2.5' },
      shown: '42.5',
      minimums: [],
      below: false,
    });
    expect(rows.find((row) => row.itemCode === 'ROZ010')).toMatchObject({ quantity: '118', ean: '8581234500103' });
    expect(rows.find((row) => row.itemCode === 'OBA001')).toMatchObject({ name: null, ean: null });
  });

  it('shows one warehouse: its items only, its quantity shown and sorted by', async () => {
    const { rows } = await listStock(db(), ONE, {
      warehouse: 'PRED',
      sort: parseStockSort('-quantity').sort,
      minimums: [],
    });
    expect(rows.map((row) => [row.itemCode, row.shown])).toEqual([
      ['CHL001', '2.5'],
      ['KOL100', '1.25'],
      ['CHL002', '0'],
    ]);
    expect(await codes({ warehouse: 'EXP' })).toEqual(['ROZ010']);
    expect(await codes({ warehouse: 'NONE' })).toEqual([]);
  });

  it('finds items by code, name or EAN, whatever the letter case and diacritics, words in any order', async () => {
    expect(await codes({ q: 'rol010' })).toEqual([]);
    expect(await codes({ q: 'roz010' })).toEqual(['ROZ010']);
    expect(await codes({ q: 'CHLIEB' })).toEqual(['CHL001', 'CHL002']);
    expect(await codes({ q: 'kvaskovy' })).toEqual(['CHL001']);
    expect(await codes({ q: 'Múka 00' })).toEqual(['MUK500']);
    expect(await codes({ q: '00 muka' })).toEqual(['MUK500']);
    expect(await codes({ q: '8581234500103' })).toEqual(['ROZ010']);
    expect(await codes({ q: '858123450' })).toEqual(['CHL001', 'ROZ010', 'MUK500'].sort());
    // `like`'s own characters mean only themselves.
    expect(await codes({ q: '%' })).toEqual([]);
    expect(await codes({ q: 'CHL_01' })).toEqual([]);
    // The item whose code is the search comes first, then codes that start with it, then by the order.
    expect(await codes({ q: 'chl002' })).toEqual(['CHL002']);
    expect(await codes({ q: 'o', sort: parseStockSort('name').sort })).toEqual([
      'CHL001',
      'KOL100',
      'ROZ010',
      'OBA001',
    ]);
    // Searching in one warehouse.
    expect(await codes({ q: 'chlieb', warehouse: 'PRED' })).toEqual(['CHL001', 'CHL002']);
  });

  it('sorts by code, name and quantity either way, items without a name last, ties by code', async () => {
    const sorted = (sort: string, warehouse?: string) => codes({ sort: parseStockSort(sort).sort, warehouse });
    expect(await sorted('-itemCode')).toEqual(['ROZ010', 'OBA001', 'MUK500', 'KOL100', 'CHL002', 'CHL001']);
    expect(await sorted('name')).toEqual(['CHL001', 'CHL002', 'KOL100', 'MUK500', 'ROZ010', 'OBA001']);
    expect(await sorted('-name')).toEqual(['ROZ010', 'MUK500', 'KOL100', 'CHL002', 'CHL001', 'OBA001']);
    expect(await sorted('quantity')).toEqual(['MUK500', 'KOL100', 'CHL002', 'CHL001', 'ROZ010', 'OBA001']);
    expect(await sorted('-quantity')).toEqual(['OBA001', 'ROZ010', 'CHL001', 'CHL002', 'KOL100', 'MUK500']);
    // Items without stock in HL are not in its view; ties (none here) by code.
    expect(await sorted('quantity', 'HL')).toEqual(['MUK500', 'CHL002', 'CHL001', 'ROZ010', 'OBA001']);
    expect(parseStockSort('total')).toEqual({ sort: { key: 'itemCode', descending: false }, explicit: false });
    expect(parseStockSort('--name').explicit).toBe(false);
  });

  it('pages the view and counts all of it', async () => {
    const query = { sort: parseStockSort('itemCode').sort, minimums: [] };
    expect((await listStock(db(), ONE, { ...query, top: 4 })).rows.map((row) => row.itemCode)).toEqual([
      'CHL001',
      'CHL002',
      'KOL100',
      'MUK500',
    ]);
    expect((await listStock(db(), ONE, { ...query, top: 4, skip: 4 })).rows.map((row) => row.itemCode)).toEqual([
      'OBA001',
      'ROZ010',
    ]);
    expect(await stockTotals(db(), ONE, query)).toEqual({ count: 6, below: 0 });
    expect(await stockTotals(db(), ONE, { ...query, q: 'chlieb' })).toEqual({ count: 2, below: 0 });
  });

  describe('with minimums', () => {
    beforeAll(async () => {
      for (const [itemCode, warehouse, minimum] of [
        ['CHL001', '', '50'], // 42.5 in all: under
        ['CHL001', 'PRED', '2.5'], // 2.5 in PRED: not under (equal)
        ['CHL002', 'PRED', '1'], // 0 in PRED: under
        ['ROZ010', 'EXP', '0'], // -2 in EXP: under
        ['ROZ010', '', '100'], // 118 in all: not under
        ['KOL100', 'HL', '1'], // no stock in HL at all: 0, under
        ['OBA001', '', '1000'], // 1000: not under (equal)
      ] as const) {
        expect((await setMinimum(db(), ONE, { itemCode, warehouse, minimum, setBy: jana })).ok).toBe(true);
      }
      // Another company's minimum of an item of the same code never counts here.
      await setMinimum(db(), OTHER, { itemCode: 'CHL001', warehouse: 'HL', minimum: '5', setBy: jana });
    });

    it('marks each row and each of its minimums under which the quantity is', async () => {
      const { rows } = await listStock(db(), ONE, { minimums: await minimumsOf(db(), ONE) });
      const marks = Object.fromEntries(rows.map((row) => [row.itemCode, [row.below, row.minimums]]));
      expect(marks).toEqual({
        CHL001: [
          true,
          [
            { warehouse: '', minimum: '50', below: true },
            { warehouse: 'PRED', minimum: '2.5', below: false },
          ],
        ],
        CHL002: [true, [{ warehouse: 'PRED', minimum: '1', below: true }]],
        KOL100: [true, [{ warehouse: 'HL', minimum: '1', below: true }]],
        MUK500: [false, []],
        OBA001: [false, [{ warehouse: '', minimum: '1000', below: false }]],
        ROZ010: [
          true,
          [
            { warehouse: '', minimum: '100', below: false },
            { warehouse: 'EXP', minimum: '0', below: true },
          ],
        ],
      });
    });

    it('shows only the items under their minimum with below=1, in all warehouses or in one', async () => {
      expect(await codes({ below: true })).toEqual(['CHL001', 'CHL002', 'KOL100', 'ROZ010']);
      expect(await stockTotals(db(), ONE, { below: true, minimums: await minimumsOf(db(), ONE) })).toEqual({
        count: 4,
        below: 4,
      });
      expect(await stockTotals(db(), ONE, { minimums: await minimumsOf(db(), ONE) })).toEqual({ count: 6, below: 4 });
      // In one warehouse's view, its own minimum: PRED's of CHL002 (0 < 1), not CHL001's (2.5 = 2.5).
      expect(await codes({ below: true, warehouse: 'PRED' })).toEqual(['CHL002']);
      // An item with a minimum in a warehouse where it has no stock card is in that warehouse's view, at 0.
      const hl = await listStock(db(), ONE, { warehouse: 'HL', minimums: await minimumsOf(db(), ONE) });
      expect(hl.rows.find((row) => row.itemCode === 'KOL100')).toMatchObject({ shown: '0', below: true });
      expect(await codes({ below: true, warehouse: 'HL' })).toEqual(['KOL100']);
      expect(await codes({ below: true, q: 'chlieb' })).toEqual(['CHL001', 'CHL002']);
      expect(await codes({ below: true, sort: parseStockSort('-quantity').sort })).toEqual([
        'ROZ010',
        'CHL001',
        'CHL002',
        'KOL100',
      ]);
      // Another company sees its own minimum only: its CHL001 (0 in HL) is under its 5.
      expect(await codes({ below: true }, OTHER)).toEqual(['CHL001']);
    });

    it('counts the items under their minimum for the overview, and exports the view whole in its order', async () => {
      expect(await itemsUnderMinimum(db(), ONE, await minimumsOf(db(), ONE))).toBe(4);
      expect(await itemsUnderMinimum(db(), ONE, [])).toBe(0);
      expect(await itemsUnderMinimum(db(), OTHER, await minimumsOf(db(), OTHER))).toBe(1);

      const minimums = await minimumsOf(db(), ONE);
      for (const sort of ['itemCode', '-name', 'quantity', '-quantity']) {
        const query = { sort: parseStockSort(sort).sort, minimums };
        const batches: string[][] = [];
        for await (const batch of iterateStock(db(), ONE, query, 2)) batches.push(batch.map((row) => row.itemCode));
        expect(batches.flat(), sort).toEqual(
          (await listStock(db(), ONE, { ...query, top: 100 })).rows.map((r) => r.itemCode),
        );
        expect(batches.every((batch) => batch.length <= 2)).toBe(true);
      }
      const below: string[] = [];
      for await (const batch of iterateStock(db(), ONE, { below: true, warehouse: 'PRED', minimums }, 1))
        below.push(...batch.map((row) => row.itemCode));
      expect(below).toEqual(['CHL002']);
    });
  });

  it('reads the company’s warehouses as the last sync mirrored them, in the service’s order', async () => {
    expect(await mirroredWarehouses(db(), ONE)).toEqual([
      { code: 'HL', name: 'Hlavný sklad' },
      { code: 'PRED', name: 'Predajňa' },
      { code: 'EXP', name: 'Expedícia' },
    ]);
    expect(await mirroredWarehouses(db(), { ...ONE, tenantId: '29999' })).toBeNull();
  });
});

describe('the overview’s card of the items under their minimum', () => {
  const database = testDatabaseDuringTests('pglite');
  const db = () => database.db;
  const scope = { userId: 'jana.novakova@example.sk', ...ONE };
  const page = (state: 'connected' | 'invalid' = 'connected') => ({
    scope,
    read: <T>(query: (db: Db, scope: CompanyScope) => Promise<T>) => query(db(), scope),
    connection: async () => ({
      tenantId: ONE.tenantId,
      name: null,
      state,
      source: 'consent' as const,
      webhookId: null,
      hasWebhookSecret: false,
    }),
  });
  const catalogItems = (progress: Record<string, unknown>) =>
    db()
      .insert(mirrorCompanies)
      .values({ ...ONE, status: 'ready', progress: { catalogItems: progress } })
      .onConflictDoUpdate({
        target: [mirrorCompanies.pluginId, mirrorCompanies.tenantId],
        set: { progress: { catalogItems: progress } },
      });

  beforeAll(async () => {
    process.env.MIRROR_SYNC = 'on';
    resetEnvForTests();
    await mirrorStock(db(), ONE, ITEMS, WAREHOUSES);
  });
  afterAll(() => {
    delete process.env.MIRROR_SYNC;
    resetEnvForTests();
  });

  it('is there only once the copy shows the stock, and counts the items under their minimum', async () => {
    await catalogItems({ read: 3, skip: 3, done: false });
    expect(await stockMinimumCard(page())).toBeNull();
    await catalogItems({ read: 6, skip: 6, done: true, whole: true });
    expect(await stockMinimumCard(page())).toEqual({
      hasMinimums: false,
      below: 0,
      href: '/companies/20001/stock?below=1',
    });
    await setMinimum(db(), ONE, { itemCode: 'CHL002', minimum: '5', setBy: scope.userId });
    await setMinimum(db(), ONE, { itemCode: 'OBA001', warehouse: 'HL', minimum: '1', setBy: scope.userId });
    expect(await stockMinimumCard(page())).toMatchObject({ hasMinimums: true, below: 1 });
    // The user's own connection refused: as on the stock page, nothing of the copy.
    expect(await stockMinimumCard(page('invalid'))).toBeNull();
    await catalogItems({ read: 0, skip: 0, done: false, refused: 'not-found' });
    expect(await stockMinimumCard(page())).toBeNull();
  });
});
