import { beforeAll, describe, expect, it } from 'vitest';

import type { SearchParams } from '@/lib/base/http/search-params';
import { type MirrorView, totalsOfMirrored } from '@/lib/features/documents/queries';
import { documentRow, type MirroredRecord } from '@/lib/owners/mirror/document-row';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { searchWordsOf } from '@/lib/owners/mirror/search-text';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { type ListKind, parseListView } from '@/lib/service/records/list-view';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { TODAY } from '../support/sandbox';
import { decimalUnits, exactSum } from './decimal';
import { mirrorSandboxDuringTests } from './mirror-fixture';
import { everyMirrored, idsOf } from './query-fixture';

/**
 * The list filters answered from a company's mirror, synced from the sandbox, on each database: every filter a list
 * page has finds exactly the documents the service's own list finds for it, in the same order; a search narrows
 * any filter; and the totals of a view are the sums of exactly the records it covers, to the cent.
 */
const TENANT = '10001';

/** The filters of a list page's URL as the page passes them on (parsed, document numbers completed). */
function filtersOf(kind: ListKind, params: SearchParams) {
  const view = parseListView(kind, params);
  if (!view.ok) throw new Error(`invalid test view: ${view.invalid.join(', ')}`);
  return view.query;
}

/** The same filters as a list call's query string (what the page would send the service). */
const liveQuery = (filters: Record<string, string>) =>
  '&' + new URLSearchParams(Object.entries(filters).filter(([name]) => name !== 'Top' && name !== 'Skip')).toString();

describe.each(databaseKinds)('list filters and totals over a synced mirror on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);
  const mirrored: { [K in DocumentKind]?: MirroredRecord[K][] } = {};

  beforeAll(async () => {
    await api.connect(database.db, TENANT);
    await syncCompany(database.db, company(), api.client(TENANT).client, 'full');
    mirrored.invoices = await everyMirrored(database.db, company(), 'invoices', {});
    mirrored.expenses = await everyMirrored(database.db, company(), 'expenses', {});
    mirrored.deliveryNotes = await everyMirrored(database.db, company(), 'deliveryNotes', {});
  }, 120_000);

  const some = <K extends DocumentKind>(documentKind: K, index = 0.5) => {
    const records = mirrored[documentKind] as MirroredRecord[K][];
    return records[Math.floor(records.length * index)]!;
  };

  /** Each filter a page offers, with a value that matches some documents and not others. */
  const cases = (): [ListKind, SearchParams][] => {
    const invoice = some('invoices');
    const expense = some('expenses', 0.3);
    const note = some('deliveryNotes');
    const withOrder = mirrored.invoices!.find((record) => record.orderNumber)!;
    return [
      ['invoices', { PaymentStatus: '0' }],
      ['invoices', { PaymentStatus: '1' }],
      ['invoices', { DueDateStatus: '1' }],
      ['invoices', { DueDateStatus: '2' }],
      ['invoices', { DueDateStatus: '2', PaymentStatus: '0', IssueDateFrom: '2026-06-01' }],
      ['invoices', { IssueDateFrom: '2026-03-01', IssueDateTo: '2026-08-31' }],
      ['invoices', { DeliveryDateFrom: '2026-05-01', DeliveryDateTo: '2026-10-15' }],
      ['invoices', { NumberingSequence: invoice.numberingSequence!.toLowerCase() }],
      ['invoices', { DocumentNumberFrom: invoice.documentNumber!.toLowerCase() }],
      ['invoices', { DocumentNumberTo: invoice.documentNumber! }],
      ['invoices', { OrderNumber: withOrder.orderNumber! }],
      ['invoices', { LastModifiedTimestamp: invoice.lastModifiedTimestamp!.slice(0, 19) }],
      ['expenses', { DocumentType: String(expense.documentType) }],
      ['expenses', { PaymentStatus: '0', DueDateFrom: '2026-09-01', DueDateTo: '2026-12-31' }],
      ['expenses', { ReceivedDateFrom: '2026-04-01', ReceivedDateTo: '2026-09-30' }],
      ['expenses', { DeliveryDateFrom: '2026-04-01' }],
      ['expenses', { TotalPriceInclVatFrom: '100', TotalPriceInclVatTo: '1500.5' }],
      ['expenses', { IssueDateTo: '2026-06-30', NumberingSequence: expense.numberingSequence! }],
      ['deliveryNotes', { IssueDateFrom: '2026-07-01' }],
      ['deliveryNotes', { NumberingSequence: note.numberingSequence! }],
      ['deliveryNotes', { DocumentNumberFrom: note.documentNumber!, DocumentNumberTo: note.documentNumber! }],
    ];
  };

  it('finds for every filter exactly what the service lists for it, in the same order', async () => {
    for (const [documentKind, params] of cases()) {
      const filters = filtersOf(documentKind, params);
      const live = await api.listed(TENANT, documentKind, liveQuery(filters));
      const fromMirror = await everyMirrored(database.db, company(), documentKind, { filters, today: TODAY });
      expect({ params, ids: idsOf(fromMirror) }).toEqual({ params, ids: live.map((record) => String(record.id)) });
      expect(live.length, `${JSON.stringify(params)} matches some but not all`).toBeGreaterThan(0);
      expect(live.length).toBeLessThan(mirrored[documentKind]!.length);
    }
  });

  it('narrows a filter by a search: the records of the filter whose search text holds every word', async () => {
    const partner = some('invoices', 0.2).partner!.address!.businessName!;
    const firstWord = partner.split(/\s+/)[0]!;
    for (const q of [partner.toUpperCase(), firstWord, `${firstWord} 2026`]) {
      const filters = filtersOf('invoices', { PaymentStatus: '0' });
      const live = await api.listed(TENANT, 'invoices', `${liveQuery(filters)}&ExtendedFields=Items`);
      const words = searchWordsOf(q);
      const expected = live.filter((record) => {
        const text = documentRow('invoices', invoiceSchema.parse(record)).searchText!;
        return words.every((word) => text.includes(word));
      });
      const found = await everyMirrored(database.db, company(), 'invoices', { q, filters, sort: '-issueDate' });
      expect(expected.length).toBeGreaterThan(0);
      expect(idsOf(found).sort()).toEqual(idsOf(expected as { id: number }[]).sort());
    }
  });

  it('sums the whole view (not one page): count, EUR totals and each currency, exactly as its records add up', async () => {
    const views: [DocumentKind, MirrorView][] = [
      ['invoices', {}],
      ['invoices', { filters: filtersOf('invoices', { DueDateStatus: '2' }), today: TODAY }],
      ['invoices', { q: some('invoices', 0.7).partner!.address!.businessName!, top: 1 }],
      ['expenses', { filters: filtersOf('expenses', { PaymentStatus: '0' }) }],
      ['deliveryNotes', { q: '2026' }],
    ];
    for (const [documentKind, view] of views) {
      const records = await everyMirrored(database.db, company(), documentKind, view);
      const totals = await totalsOfMirrored(database.db, company(), documentKind, view);
      expect(totals.count).toBe(records.length);
      expect(records.length).toBeGreaterThan(1);
      const legislative = records.map((record) => record.prices?.legislativePrices);
      expect(decimalUnits(totals.totalExclVatEur)).toBe(exactSum(legislative.map((prices) => prices?.totalPrice)));
      expect(decimalUnits(totals.totalInclVatEur)).toBe(
        exactSum(legislative.map((prices) => prices?.totalPriceInclVat)),
      );
      const currencies = [...new Set(records.map((record) => record.prices?.currency ?? null))];
      expect(totals.byCurrency.map((group) => group.currency).sort()).toEqual(currencies.sort());
      for (const group of totals.byCurrency) {
        const inCurrency = records.filter((record) => (record.prices?.currency ?? null) === group.currency);
        expect(group.count).toBe(inCurrency.length);
        expect(decimalUnits(group.totalInclVat)).toBe(
          exactSum(inCurrency.map((record) => record.prices?.documentPrices?.totalPriceInclVat)),
        );
      }
    }
  });

  it('answers zeros for a view nothing matches', async () => {
    expect(await totalsOfMirrored(database.db, company(), 'invoices', { q: 'no such document anywhere' })).toEqual({
      count: 0,
      totalExclVatEur: '0',
      totalInclVatEur: '0',
      byCurrency: [],
    });
  });
});
