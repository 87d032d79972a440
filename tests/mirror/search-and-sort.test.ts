import { beforeAll, describe, expect, it } from 'vitest';

import { listMirrored, type MirrorView } from '@/lib/features/documents/queries';
import { expenseSchema } from '@/lib/service/schemas/expense';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { idsOf, invoice, mirrorRecords } from './query-fixture';

/**
 * Search and sort of a company's mirrored invoices, on each database, over a few invoices written for the purpose:
 * one box finds a document by any part of its number, its partner's name (letter case and diacritics ignored) or
 * ids, or its items; every word must match; the document whose number is the search comes first; every column
 * sorts both ways with rows lacking the value last, and ties always fall the same way.
 */
const company = { pluginId: PLUGIN_ID, tenantId: 'search-sort' };
const other = { pluginId: PLUGIN_ID, tenantId: 'someone-else' };

const invoices = [
  invoice({
    id: 101,
    number: 'OF2026000010',
    partner: 'Obchod Hruška s.r.o.',
    ico: '36123456',
    dic: '2021234567',
    icDph: 'SK2021234567',
    variableSymbol: '2026000010',
    orderNumber: 'OBJ-77',
    issue: '2026-03-01',
    due: '2026-03-15',
    totals: ['100.00', '120.00'],
    items: ['Jablká červené', 'Hrušky Williams'],
  }),
  invoice({
    id: 102,
    number: 'OF2026000100',
    partner: 'Pekáreň Žitná a.s.',
    ico: '44556677',
    issue: '2026-03-01',
    due: '2026-04-01',
    paid: 1,
    currency: 'CZK',
    totals: ['200.00', '242.00', '6050.00'],
    items: ['Chlieb ražný'],
  }),
  invoice({ id: 103, number: 'OF20260001', partner: 'hruškový sad', issue: '2025-12-31', totals: ['10', '12'] }),
  invoice({
    id: 104,
    number: 'ZF2026000005',
    partner: 'Ďatelina',
    orderNumber: 'R-OF20260001',
    issue: '2026-05-05',
    due: '2026-05-20',
    paid: 3,
    totals: ['-50.00', '-60.00'],
  }),
  invoice({ id: 105, number: null, issue: '2026-02-01', totals: null }),
  invoice({
    id: 106,
    number: 'OF2026000011',
    partner: 'Obchod Hruska',
    issue: '2026-03-01',
    due: '2026-03-15',
    totals: ['100.00', '120.00'],
  }),
];

describe.each(databaseKinds)('search and sort of mirrored invoices on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  beforeAll(async () => {
    await mirrorRecords(database.db, company, 'invoices', invoices);
    // Another company's invoice matching every search below: never part of this company's answers.
    await mirrorRecords(database.db, other, 'invoices', [
      invoice({ id: 101, number: 'OF2026000010', partner: 'Obchod Hruška', issue: '2026-03-01' }),
    ]);
  });

  const found = async (view: MirrorView<'invoices'>) =>
    idsOf((await listMirrored(database.db, company, 'invoices', { top: 100, ...view })).records);

  describe('search (q)', () => {
    it('finds a document by any part of its number, in another letter case', async () => {
      expect(await found({ q: 'f2026000010' })).toEqual(['101']);
      expect(await found({ q: 'ZF20260' })).toEqual(['104']);
    });

    it('finds a partner by its name written without diacritics, or with them, in any case', async () => {
      expect(await found({ q: 'hruska' })).toEqual(['106', '101']);
      expect(await found({ q: 'HRUŠKA' })).toEqual(['106', '101']);
      expect(await found({ q: 'zitna' })).toEqual(['102']);
    });

    it('finds a partner by its IČO, DIČ or IČ DPH', async () => {
      expect(await found({ q: '36123456' })).toEqual(['101']);
      expect(await found({ q: '2021234567' })).toEqual(['101']);
      expect(await found({ q: 'sk2021234567' })).toEqual(['101']);
    });

    it('finds a document by its variable symbol, order number or an item’s text', async () => {
      expect(await found({ q: 'obj-77' })).toEqual(['101']);
      expect(await found({ q: 'r-of2026' })).toEqual(['104']);
      expect(await found({ q: 'chlieb' })).toEqual(['102']);
    });

    it('needs every word to match (AND), each anywhere in the document', async () => {
      expect(await found({ q: 'obchod hruska' })).toEqual(['106', '101']);
      expect(await found({ q: '  Obchod   HRUSKA jablka ' })).toEqual(['101']);
      expect(await found({ q: 'obchod žitná' })).toEqual([]);
    });

    it('finds a document by the service’s id', async () => {
      expect(await found({ q: '104' })).toEqual(['104']);
    });

    it('finds an expense by its uuid typed in either letter case, stored in either', async () => {
      const lower = 'b5b2c2c6-7e1f-4c57-9a0b-4a5f0d0c1a11';
      const upper = '0C7A4D1E-93B2-4F6A-8E5D-2B1C9F0A7E33';
      await mirrorRecords(database.db, company, 'expenses', [
        expenseSchema.parse({ id: lower, documentNumber: 'PD-1' }),
        expenseSchema.parse({ id: upper, documentNumber: 'PD-2' }),
      ]);
      const expenses = async (q: string) =>
        idsOf((await listMirrored(database.db, company, 'expenses', { q })).records);
      for (const q of [lower, lower.toUpperCase()]) expect(await expenses(q)).toEqual([lower]);
      for (const q of [upper, upper.toLowerCase()]) expect(await expenses(q)).toEqual([upper]);
    });

    it('takes %, _ and \\ as the characters they are, not as patterns', async () => {
      for (const q of ['%', '_', 'of%10', 'of2026_00010', '\\']) expect(await found({ q })).toEqual([]);
    });

    it('searches nothing when the box is blank', async () => {
      expect(await found({ q: '   ' })).toHaveLength(invoices.length);
    });

    it('ranks the document whose number is the search first, then numbers starting with it, then the rest', async () => {
      // By issue date alone the order would be 104 (May), 102 (March), 103 (December).
      expect(await found({ q: 'OF20260001' })).toEqual(['103', '102', '104']);
      // A chosen sort orders what follows the exact and the starting numbers.
      expect(await found({ q: 'of20260001', sort: '-issueDate' })).toEqual(['103', '102', '104']);
      expect(await found({ q: 'hrušk', sort: 'total' })).toEqual(['103', '106', '101']);
    });

    it('says where each record matched, as spans of the texts the page shows', async () => {
      const { records, highlights } = await listMirrored(database.db, company, 'invoices', { q: 'hrušk 77', top: 10 });
      expect(idsOf(records)).toEqual(['101']);
      expect(highlights['101']).toEqual([
        { field: 'orderNumber', text: 'OBJ-77', spans: [[4, 6]] },
        { field: 'partner.name', text: 'Obchod Hruška s.r.o.', spans: [[7, 12]] },
        { field: 'items[1].name', text: 'Hrušky Williams', spans: [[0, 5]] },
      ]);
      const byId = await listMirrored(database.db, company, 'invoices', { q: '104' });
      expect(byId.highlights['104']).toEqual([{ field: 'id', text: '104', spans: [[0, 3]] }]);
      expect((await listMirrored(database.db, company, 'invoices', {})).highlights).toEqual({});
    });

    it('combines with the list’s filters', async () => {
      expect(await found({ q: 'obchod', filters: { PaymentStatus: '0' } })).toEqual(['106', '101']);
      expect(await found({ q: 'hrusk', filters: { PaymentStatus: '1' } })).toEqual([]);
      expect(await found({ q: 'of2026', filters: { DueDateStatus: '2' }, today: '2026-04-15' })).toEqual([
        '106',
        '101',
      ]);
      expect(await found({ q: 'of2026', filters: { IssueDateFrom: '2026-03-01', IssueDateTo: '2026-03-31' } })).toEqual(
        ['106', '102', '101'],
      );
    });
  });

  describe('sort', () => {
    const orders: Record<string, string[]> = {
      documentNumber: ['101', '106', '103', '102', '104', '105'],
      '-documentNumber': ['104', '102', '103', '106', '101', '105'],
      issueDate: ['103', '105', '106', '102', '101', '104'],
      '-issueDate': ['104', '106', '102', '101', '105', '103'],
      dueDate: ['106', '101', '102', '104', '105', '103'],
      '-dueDate': ['104', '102', '106', '101', '105', '103'],
      partner: ['104', '103', '106', '101', '102', '105'],
      '-partner': ['102', '101', '106', '103', '104', '105'],
      total: ['104', '103', '106', '101', '102', '105'],
      '-total': ['102', '106', '101', '103', '104', '105'],
    };

    it.each(Object.entries(orders))(
      'sort=%s orders by the column, rows without it last, ties newest issue then highest id first',
      async (sort, expected) => {
        const first = await listMirrored(database.db, company, 'invoices', { sort, top: 100 });
        expect(idsOf(first.records)).toEqual(expected);
        expect(first.sort).toBe(sort);
        // The same view read again, and read page by page, is the same order.
        expect(await found({ sort })).toEqual(expected);
        const paged: string[] = [];
        for (let skip = 0; skip < invoices.length; skip += 2) paged.push(...(await found({ sort, top: 2, skip })));
        expect(paged).toEqual(expected);
      },
    );

    it('falls back to the newest issue first for a missing or unknown sort', async () => {
      for (const sort of [undefined, '', 'amount', '--total', '-', 'Total']) {
        const result = await listMirrored(database.db, company, 'invoices', { sort, top: 100 });
        expect(idsOf(result.records)).toEqual(orders['-issueDate']);
        expect(result.sort).toBe('-issueDate');
      }
    });

    it('pages with top and skip', async () => {
      expect(await found({ top: 2, skip: 2 })).toEqual(['102', '101']);
      expect(await found({ top: 0 })).toEqual([]);
    });
  });
});
