import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { documentSorts, iterateMirrored, type MirrorView } from '@/lib/features/documents/queries';
import { mirrorDocuments } from '@/lib/platform/db/schema';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { everyMirrored, idsOf, invoice, mirrorRecords } from './query-fixture';

/**
 * The export's reader (iterateMirrored) walks a view batch by batch and answers exactly what the list answers page by
 * page: every matching row once, in the list's order, whatever the sort or the search, with batches that end in the
 * middle of ties, of rows without a value, and of equal search ranks.
 */
const company = { pluginId: PLUGIN_ID, tenantId: 'iterate' };
const other = { pluginId: PLUGIN_ID, tenantId: 'iterate-other' };

/** 240 invoices made of few distinct values: many ties on every key, some without partner, due day or totals. */
const invoices = Array.from({ length: 240 }, (_, index) =>
  invoice({
    id: index < 120 ? 9 + index : 1000 + index,
    number: index % 17 === 0 ? null : `${['OF', 'ZF', 'of'][index % 3]}2026${String(index % 40).padStart(4, '0')}`,
    partner: index % 11 === 0 ? undefined : ['Hruška s.r.o.', 'hruska', 'Žitná a.s.', 'Obchod Hruška'][index % 4],
    ico: index % 5 === 0 ? '36123456' : undefined,
    issue: `2026-0${1 + (index % 3)}-1${index % 2}`,
    due: index % 7 === 0 ? null : `2026-0${4 + (index % 4)}-01`,
    paid: index % 4 === 0 ? 1 : 0,
    totals: index % 13 === 0 ? null : [String(10 * (index % 6)), String(12 * (index % 6))],
    items: index % 9 === 0 ? ['hruška'] : [],
  }),
);

const views: Omit<MirrorView<'invoices'>, 'top' | 'skip'>[] = [
  {},
  ...documentSorts.keys.flatMap((key) => [{ sort: key }, { sort: `-${key}` }]),
  { q: 'hruska' },
  { q: 'hruska', sort: '-total' },
  { q: 'of2026' },
  { q: 'of20260001' },
  { q: '36123456', sort: 'partner' },
  { q: 'h' },
  { q: 'nothing-matches' },
  { filters: { PaymentStatus: '0' }, sort: 'dueDate' },
  { q: 'zitna', filters: { PaymentStatus: '0', IssueDateFrom: '2026-02-01' } },
];

describe.each(databaseKinds)('reading a whole view in batches on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  beforeAll(async () => {
    await mirrorRecords(database.db, company, 'invoices', invoices);
    await mirrorRecords(database.db, other, 'invoices', invoices.slice(0, 50));
  });

  const read = async (view: Omit<MirrorView<'invoices'>, 'top' | 'skip'>, batchSize: number) => {
    const ids: string[] = [];
    const sizes: number[] = [];
    const fields = { id: mirrorDocuments.id, number: sql<string | null>`${mirrorDocuments.documentNumber}` };
    for await (const batch of iterateMirrored(database.db, company, 'invoices', view, fields, batchSize)) {
      sizes.push(batch.length);
      ids.push(...batch.map((row) => row.id));
    }
    return { ids, sizes };
  };

  it('answers every view exactly as the list pages do, in the same order, at any batch size', async () => {
    for (const view of views) {
      const listed = idsOf(await everyMirrored(database.db, company, 'invoices', view));
      for (const batchSize of [1, 7, 100, 1000]) {
        const { ids } = await read(view, batchSize);
        expect(ids, `${JSON.stringify(view)} in batches of ${batchSize}`).toEqual(listed);
      }
    }
    // Dozens of whole reads, hundreds of batches of 1: long on a machine the rest of the suite loads.
  }, 120_000);

  it('reads no more than a batch at a time, and nothing of another company', async () => {
    const { ids, sizes } = await read({}, 50);
    expect(sizes).toEqual([50, 50, 50, 50, 40]);
    expect(new Set(ids).size).toBe(invoices.length);
  });
});
