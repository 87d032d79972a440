import { beforeAll, describe, expect, it } from 'vitest';

import { parseMinimum } from '@/lib/owners/stock/minimum-value';
import { hasMinimums, minimumsOf, removeMinimum, setMinimum } from '@/lib/owners/stock/minimums';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { item, ITEMS, mirrorStock, ONE, OTHER, WAREHOUSES } from './stock-fixture';

/**
 * The minimum quantities a company's users set (lib/owners/stock/): ours to keep, since the service has none. Per
 * item and warehouse, or for all warehouses together; a number of at least zero with at most four decimals; only for
 * an item and a warehouse the company's mirror lists; one company's never seen by another.
 */

describe('a minimum as typed', () => {
  it('is an exact decimal of at least zero with at most four places, as a person writes it', () => {
    expect(parseMinimum('12')).toBe('12');
    expect(parseMinimum(' 12,5 ')).toBe('12.5');
    expect(parseMinimum('0.2500')).toBe('0.25');
    expect(parseMinimum('007')).toBe('7');
    expect(parseMinimum('0')).toBe('0');
    expect(parseMinimum('1 000')).toBe('1000');
    expect(parseMinimum('12\u00a0500,75')).toBe('12500.75');
    expect(parseMinimum('0.0001')).toBe('0.0001');
  });

  it('is nothing when empty: the minimum is then removed', () => {
    expect(parseMinimum('')).toBeNull();
    expect(parseMinimum('   ')).toBeNull();
  });

  it('is refused when negative, not a number, too precise, or written any other way', () => {
    for (const typed of [
      '-1',
      'abc',
      '1.23456',
      '1e3',
      '0x10',
      '12 5',
      '1,2,3',
      '.5',
      '5.',
      'Infinity',
      'NaN',
      '1234567890123',
      '٣',
      '1'.repeat(30),
    ]) {
      expect(parseMinimum(typed), typed).toBe(false);
    }
  });
});

describe.each(databaseKinds)('the company’s minimums on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const db = () => database.db;
  const jana = 'jana.novakova@example.sk';

  beforeAll(async () => {
    await mirrorStock(db(), ONE, ITEMS, WAREHOUSES);
    await mirrorStock(db(), OTHER, [item({ code: 'CHL001', name: 'Iný chlieb', stock: { HL: 1 } })], [['HL', 'Sklad']]);
  });

  it('sets, replaces and removes a minimum per item and warehouse, or for all warehouses together', async () => {
    expect(await hasMinimums(db(), ONE)).toBe(false);
    const set = await setMinimum(db(), ONE, { itemCode: 'CHL001', warehouse: 'HL', minimum: '10', setBy: jana });
    expect(set).toMatchObject({ ok: true, minimum: { itemCode: 'CHL001', warehouse: 'HL', minimum: '10' } });
    expect(await setMinimum(db(), ONE, { itemCode: 'CHL001', minimum: '25,5', setBy: jana })).toMatchObject({
      ok: true,
    });
    expect(await hasMinimums(db(), ONE)).toBe(true);

    // Replaced by whoever sets it next.
    const replaced = await setMinimum(db(), ONE, {
      itemCode: ' CHL001 ',
      warehouse: ' HL ',
      minimum: '12.75',
      setBy: 'peter@example.sk',
    });
    expect(replaced.ok).toBe(true);
    const minimums = await minimumsOf(db(), ONE);
    expect(
      minimums.map(({ itemCode, warehouse, minimum, setBy }) => ({ itemCode, warehouse, minimum, setBy })),
    ).toEqual([
      { itemCode: 'CHL001', warehouse: '', minimum: '25.5', setBy: jana },
      { itemCode: 'CHL001', warehouse: 'HL', minimum: '12.75', setBy: 'peter@example.sk' },
    ]);
    expect(minimums[1]!.updatedAt).toBeInstanceOf(Date);

    expect(await removeMinimum(db(), ONE, { itemCode: 'CHL001', warehouse: 'HL' })).toBe(true);
    expect(await removeMinimum(db(), ONE, { itemCode: 'CHL001', warehouse: 'HL' })).toBe(false);
    expect((await minimumsOf(db(), ONE)).map((each) => each.warehouse)).toEqual(['']);
    expect(await removeMinimum(db(), ONE, { itemCode: 'CHL001' })).toBe(true);
    expect(await minimumsOf(db(), ONE)).toEqual([]);
    expect(await hasMinimums(db(), ONE)).toBe(false);
  });

  it('refuses an item or a warehouse the company’s mirror does not list, and stores nothing', async () => {
    const refused = async (change: { itemCode: string; warehouse?: string; minimum: string }) =>
      setMinimum(db(), ONE, { ...change, setBy: jana });
    expect(await refused({ itemCode: 'NEEXISTUJE', minimum: '1' })).toEqual({ ok: false, refused: 'item-unknown' });
    // Item codes are matched as the service wrote them: another letter case is another item.
    expect(await refused({ itemCode: 'chl001', minimum: '1' })).toEqual({ ok: false, refused: 'item-unknown' });
    expect(await refused({ itemCode: 'CHL001', warehouse: 'XYZ', minimum: '1' })).toEqual({
      ok: false,
      refused: 'warehouse-unknown',
    });
    expect(await refused({ itemCode: '', minimum: '1' })).toEqual({ ok: false, refused: 'item-missing' });
    // What the database could not even look for (a NUL, a broken surrogate) is no item of the service either.
    expect(await refused({ itemCode: 'CHL\u0000001', minimum: '1' })).toEqual({ ok: false, refused: 'item-unknown' });
    expect(await refused({ itemCode: 'CHL001', warehouse: 'H\ud800', minimum: '1' })).toEqual({
      ok: false,
      refused: 'warehouse-unknown',
    });
    expect(await refused({ itemCode: 'X'.repeat(101), minimum: '1' })).toEqual({ ok: false, refused: 'item-unknown' });
    expect(await minimumsOf(db(), ONE)).toEqual([]);
  });

  it('refuses a minimum that is no number of at least zero with at most four decimals, and stores nothing', async () => {
    for (const minimum of ['-1', 'abc', '1.23456', '1e3', '', ' ']) {
      expect(await setMinimum(db(), ONE, { itemCode: 'CHL001', minimum, setBy: jana }), minimum).toEqual({
        ok: false,
        refused: 'minimum-invalid',
      });
    }
    expect(await minimumsOf(db(), ONE)).toEqual([]);
  });

  it('keeps every decimal exactly as typed, through numeric', async () => {
    await setMinimum(db(), ONE, { itemCode: 'MUK500', minimum: '123456789012.3456', setBy: jana });
    await setMinimum(db(), ONE, { itemCode: 'MUK500', warehouse: 'HL', minimum: '0,1', setBy: jana });
    expect((await minimumsOf(db(), ONE)).map((each) => each.minimum)).toEqual(['123456789012.3456', '0.1']);
    await removeMinimum(db(), ONE, { itemCode: 'MUK500' });
    await removeMinimum(db(), ONE, { itemCode: 'MUK500', warehouse: 'HL' });
  });

  it('never shows one company’s minimums to another, nor lets it remove them', async () => {
    await setMinimum(db(), ONE, { itemCode: 'CHL001', warehouse: 'HL', minimum: '5', setBy: jana });
    await setMinimum(db(), OTHER, { itemCode: 'CHL001', warehouse: 'HL', minimum: '7', setBy: jana });
    expect((await minimumsOf(db(), ONE)).map((each) => each.minimum)).toEqual(['5']);
    expect((await minimumsOf(db(), OTHER)).map((each) => each.minimum)).toEqual(['7']);
    // ONE's warehouse PRED is not OTHER's: refused there.
    expect(await setMinimum(db(), OTHER, { itemCode: 'CHL001', warehouse: 'PRED', minimum: '1', setBy: jana })).toEqual(
      { ok: false, refused: 'warehouse-unknown' },
    );
    // ONE's item ROZ010 is not OTHER's: refused there.
    expect(await setMinimum(db(), OTHER, { itemCode: 'ROZ010', minimum: '1', setBy: jana })).toEqual({
      ok: false,
      refused: 'item-unknown',
    });
    expect(await removeMinimum(db(), OTHER, { itemCode: 'CHL001', warehouse: 'HL' })).toBe(true);
    expect((await minimumsOf(db(), ONE)).map((each) => each.minimum)).toEqual(['5']);
    await removeMinimum(db(), ONE, { itemCode: 'CHL001', warehouse: 'HL' });
  });
});
