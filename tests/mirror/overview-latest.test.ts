/**
 * The overview's latest documents from a company's mirror (lib/features/overview/queries/cards.ts): the newest five
 * issued in the last 60 days, every document of the newest days considered before they are ordered and cut as the
 * live overview orders them (newestFirst), so a day shared by more of them falls alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { overviewFromMirror } from '@/lib/features/overview/queries/cards';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import { LATEST_COUNT } from '@/lib/service/records/overview';
import { expenseSchema } from '@/lib/service/schemas/expense';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';

const busy: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: '7001' };
const quiet: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: '7002' };
const shop: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: '7003' };
const TODAY = '2026-11-27';

const invoice = (id: number, issueDate: string) =>
  documentRow(
    'invoices',
    invoiceSchema.parse({
      id,
      documentNumber: `F${id}`,
      issueDate,
      prices: { currency: 'EUR', legislativePrices: { totalPriceInclVat: 100 } },
    }),
  );

const expense = (id: string, issueDate: string) =>
  documentRow('expenses', expenseSchema.parse({ id, documentNumber: `N-${id.slice(0, 4)}`, issueDate }));
const uuid = (first: string) => `${first}0000000-0000-4000-8000-000000000000`;

describe.each(databaseKinds)('the overview’s latest invoices from the mirror on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  beforeAll(async () => {
    await upsertDocuments(database.db, busy, [
      // Four on the newest day, two the day before, one older, one outside the 60 days.
      ...[11, 14, 12, 13].map((id) => invoice(id, '2026-11-26')),
      invoice(21, '2026-11-25'),
      invoice(22, '2026-11-25'),
      invoice(31, '2026-11-01'),
      invoice(41, '2026-08-01'),
    ]);
    await upsertDocuments(database.db, quiet, [invoice(51, '2026-11-20'), invoice(61, '2026-06-01')]);
    // A shop's busy day: more than five on it, ids of one and three digits (ordered as numbers, 100 before 99), and
    // expenses whose ids are uuids.
    await upsertDocuments(database.db, shop, [
      ...[9, 100, 98, 99, 97, 8].map((id) => invoice(id, '2026-11-26')),
      ...['a', 'c', 'b', 'f', 'd', 'e', '9'].map((first) => expense(uuid(first), '2026-11-26')),
      expense(uuid('0'), '2026-11-27'),
    ]);
  });

  it('gives the newest five: the newest day’s, highest id first, then the day before’s', async () => {
    const overview = await overviewFromMirror(database.db, busy, new Date(`${TODAY}T12:00:00Z`), TODAY);
    expect(LATEST_COUNT).toBe(5);
    expect(overview.latestInvoices.map((each) => each.id)).toEqual([14, 13, 12, 11, 22]);
  });

  it('orders a busy day’s invoices by their ids as numbers and expenses by theirs as text, before the cut', async () => {
    const overview = await overviewFromMirror(database.db, shop, new Date(`${TODAY}T12:00:00Z`), TODAY);
    expect(overview.latestInvoices.map((each) => each.id)).toEqual([100, 99, 98, 97, 9]);
    expect(overview.latestExpenses.map((each) => each.id)).toEqual(['0', 'f', 'e', 'd', 'c'].map(uuid));
  });

  it('gives all there are when fewer than five were issued in the last 60 days', async () => {
    const overview = await overviewFromMirror(database.db, quiet, new Date(`${TODAY}T12:00:00Z`), TODAY);
    expect(overview.latestInvoices.map((each) => each.id)).toEqual([51]);
    expect(overview.latestExpenses).toEqual([]);
  });
});
