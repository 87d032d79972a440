import { beforeAll, describe, expect, it } from 'vitest';

import { pairStatement } from '@/lib/features/imports/pairing';
import { openInvoicesOf, searchInvoicesToPair } from '@/lib/features/imports/queries/open-invoices';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import { paymentRow } from '@/lib/owners/mirror/payment-row';
import { upsertPayments } from '@/lib/owners/mirror/payments';
import { invoiceSchema } from '@/lib/service/schemas/invoice';
import { paymentSchema } from '@/lib/service/schemas/reference';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { line } from './pairing-fixture';

/**
 * The open invoices a statement is paired with, read from a company's mirror as a sync wrote it (the mirror's own row
 * builders and writers), on each database: unpaid and partly paid regular and advance invoices, never credit notes,
 * paid ones or another company's; each with its symbol, what is left to pay, its kind and the accounts its partner
 * paid from before. And the search of the "pair with another invoice" control.
 */
const company: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: 'open-invoices' };
const other: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: 'someone-else' };
const HRUSKA_IBAN = 'SK3112000000198742637541';

type Spec = {
  id: number;
  number: string;
  vs?: string | null;
  type?: number;
  issue: string;
  total: number;
  /** The record's sumForPayment; left out, the sync derives it from the status. */
  due?: number;
  status: number;
  partner?: string;
  ico?: string;
  currency?: string;
};

const invoiceRow = (spec: Spec) =>
  documentRow(
    'invoices',
    invoiceSchema.parse({
      id: spec.id,
      documentNumber: spec.number,
      variableSymbol: spec.vs === undefined ? spec.number.replace(/\D/g, '') : spec.vs,
      invoiceType: spec.type ?? 0,
      partner: {
        address: { businessName: spec.partner ?? 'Obchod Hruška s.r.o.' },
        registrationId: spec.ico ?? '36123456',
      },
      issueDate: `${spec.issue}T00:00:00`,
      dueDate: `${spec.issue}T00:00:00`,
      lastModifiedTimestamp: `${spec.issue}T08:00:00`,
      paymentStatus: spec.status,
      prices: {
        currency: spec.currency ?? 'EUR',
        documentPrices: { totalPriceInclVat: spec.total },
        legislativePrices: { totalPrice: spec.total, totalPriceInclVat: spec.total },
      },
      ...(spec.due === undefined ? {} : { sumForPayment: spec.due }),
    }),
  );

const invoices = [
  invoiceRow({ id: 1, number: 'OF2026000001', issue: '2026-03-01', total: 120.5, due: 120.5, status: 0 }),
  invoiceRow({ id: 2, number: 'OF2026000002', issue: '2026-02-01', total: 300, due: 100, status: 3 }),
  invoiceRow({ id: 3, number: 'ZF2026000001', type: 2, issue: '2026-04-01', total: 500, due: 500, status: 0 }),
  invoiceRow({ id: 4, number: 'OF2026000004', issue: '2026-01-15', total: 80, due: 0, status: 1 }),
  invoiceRow({ id: 5, number: 'DB2026000001', type: 1, issue: '2026-04-02', total: -40, due: -40, status: 0 }),
  invoiceRow({ id: 6, number: 'OF2026000006', vs: null, issue: '2026-04-03', total: 60, status: 0 }),
  invoiceRow({
    id: 7,
    number: 'OF2026000007',
    issue: '2026-04-04',
    total: 2500,
    due: 2500,
    status: 0,
    currency: 'CZK',
    partner: 'Pekáreň Žitná a.s.',
    ico: '44556677',
  }),
];

const payment = (id: number, iban: string | null, number: string) =>
  paymentRow(
    paymentSchema.parse({
      id,
      accountId: 1,
      dateOfPayment: '2026-01-20T00:00:00',
      sumOfPayment: 80,
      currency: 'EUR',
      iban,
      documentNumber: number,
    }),
    String(id),
  );

describe.each(databaseKinds)('the open invoices of a company’s mirror on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  beforeAll(async () => {
    await upsertDocuments(database.db, company, invoices);
    // The partner Hruška paid invoice 4 from its account (spaces as the service may write them): known from then on.
    await upsertPayments(database.db, company, [payment(11, 'SK31 1200 0000 1987 4263 7541', 'OF2026000004')]);
    await upsertDocuments(database.db, other, [
      invoiceRow({ id: 1, number: 'OF2026000001', issue: '2026-03-01', total: 999, due: 999, status: 0 }),
    ]);
  });

  it('lists the unpaid and partly paid regular and advance invoices, oldest first, with what pairing needs', async () => {
    const open = await openInvoicesOf(database.db, company);
    expect(open.map((invoice) => invoice.id)).toEqual(['2', '1', '3', '6', '7']);
    expect(open[0]).toEqual({
      id: '2',
      documentNumber: 'OF2026000002',
      variableSymbol: '2026000002',
      issueDate: '2026-02-01',
      total: '300',
      amountDue: '100',
      currency: 'EUR',
      kind: 'regular',
      partnerName: 'Obchod Hruška s.r.o.',
      partnerKey: 'ico:36123456',
      partnerIbans: [],
    });
    expect(open.find((invoice) => invoice.id === '3')).toMatchObject({ kind: 'advance', amountDue: '500' });
    // Without sumForPayment the sync derives what is left; without a symbol the record has none.
    expect(open.find((invoice) => invoice.id === '6')).toMatchObject({ variableSymbol: null, amountDue: '60.00' });
    expect(open.find((invoice) => invoice.id === '7')).toMatchObject({ currency: 'CZK', partnerKey: 'ico:44556677' });
  });

  it('names the accounts a partner paid from before, for the payers the statement names', async () => {
    const open = await openInvoicesOf(database.db, company, [HRUSKA_IBAN, 'SK0000000000000000000000']);
    expect(open.find((invoice) => invoice.id === '1')?.partnerIbans).toEqual([HRUSKA_IBAN]);
    expect(open.find((invoice) => invoice.id === '7')?.partnerIbans).toEqual([]);
  });

  it('pairs a statement against them: by symbol, and by the payer’s account as a suggestion', async () => {
    const open = await openInvoicesOf(database.db, company, [HRUSKA_IBAN]);
    const [bySymbol, suggested] = pairStatement(
      [line({ index: 0, vs: '2026000002', amount: '100' }), line({ index: 1, amount: '120.50', iban: HRUSKA_IBAN })],
      open,
    );
    expect(bySymbol).toMatchObject({ state: 'ready', document: { id: '2' }, match: 'exact' });
    expect(suggested).toMatchObject({ state: 'unmatched', suggestion: { document: { id: '1' }, by: 'iban' } });
  });

  it('searches by number, partner or amount, open invoices first, never credit notes', async () => {
    const ids = async (q: string) => (await searchInvoicesToPair(database.db, company, q)).map((found) => found.id);
    expect(await ids('OF2026000004')).toEqual(['4']);
    expect((await searchInvoicesToPair(database.db, company, 'OF2026000004'))[0]?.open).toBe(false);
    expect(await ids('pekaren zitna')).toEqual(['7']);
    expect(await ids('120,50')).toEqual(['1']);
    expect(await ids('300')).toEqual(['2']);
    expect(await ids('hruska')).toEqual(['6', '3', '1', '2', '4']);
    expect(await ids('DB2026000001')).toEqual([]);
    expect(await ids('   ')).toEqual([]);
    expect(await searchInvoicesToPair(database.db, company, 'hruska', 2)).toHaveLength(2);
  });
});
