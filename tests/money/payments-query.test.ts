import { beforeAll, describe, expect, it } from 'vitest';

import { accountKindOf, accountsWithPayments } from '@/lib/features/money/queries/accounts';
import {
  invoiceIdsByNumber,
  iteratePayments,
  listPayments,
  monthOf,
  type PaymentView,
  receivedThisMonth,
  totalsOfPayments,
} from '@/lib/features/money/queries/payments';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { paymentRow } from '@/lib/owners/mirror/payment-row';
import { upsertPayments } from '@/lib/owners/mirror/payments';
import type { Db } from '@/lib/platform/db/client';
import { mirrorReference } from '@/lib/platform/db/schema';
import { paymentSchema } from '@/lib/service/schemas/reference';

import { invoice, mirrorRecords } from '../mirror/query-fixture';
import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';

/**
 * The payments' queries over a company's mirror (lib/features/money/queries/: payments, accounts), on each database,
 * over payments written for the purpose: filters by day and account, the search box (partner without diacritics,
 * variable symbol, reference, IBAN, amount with a decimal comma), every sort both ways with a total order, paging,
 * totals per currency summed exactly, every row for an export in the list's order, the month's received money, each
 * account's payments in a period, and never another company's payments.
 */
const company: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: 'payments-query' };
const other: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: 'someone-else' };

type Spec = {
  id: number;
  account?: number | null;
  date: string;
  amount: number;
  currency?: string;
  vs?: string;
  partner?: string;
  iban?: string;
  reference?: string;
  message?: string;
  number?: string;
};

const payment = (spec: Spec) =>
  paymentRow(
    paymentSchema.parse({
      id: spec.id,
      accountId: spec.account === undefined ? 1 : spec.account,
      dateOfPayment: `${spec.date}T00:00:00`,
      sumOfPayment: spec.amount,
      currency: spec.currency ?? 'EUR',
      variableSymbol: spec.vs ?? null,
      partnerName: spec.partner ?? null,
      iban: spec.iban ?? null,
      paymentReference: spec.reference ?? null,
      remittanceInformation: spec.message ?? null,
      documentNumber: spec.number ?? null,
    }),
    String(spec.id),
  );

const payments = [
  payment({
    id: 11,
    date: '2026-11-03',
    amount: 120.5,
    vs: '2026000010',
    partner: 'Obchod Hruška s.r.o.',
    iban: 'SK31 1200 0000 1987 4263 7541',
    message: 'Úhrada OF2026000010',
    number: 'OF2026000010',
  }),
  payment({ id: 12, date: '2026-11-03', amount: 0.1, vs: '2026000011', partner: 'Pekáreň Žitná a.s.' }),
  payment({ id: 13, account: 2, date: '2026-11-20', amount: 0.2, vs: '2026000012', partner: 'Ďatelina' }),
  payment({
    id: 9,
    account: 2,
    date: '2026-10-31',
    amount: 1000,
    currency: 'CZK',
    vs: '2026000010',
    partner: 'Zámočníctvo',
    reference: '/VS2026000010/SS/KS0308',
  }),
  payment({
    id: 10,
    account: 3,
    date: '2026-12-01',
    amount: -50,
    partner: 'obchod hruska',
    message: 'Vratka k 2026000011',
  }),
  payment({ id: 14, account: null, date: '2026-11-05', amount: 7, currency: 'CZK' }),
  payment({ id: 15, date: '2026-11-05', amount: 33.33 }),
];

const ids = (list: { id: string }[]) => list.map((each) => each.id);

async function mirrorAccounts(db: Db, target: MirrorCompany, data: unknown[]) {
  await db.insert(mirrorReference).values({ ...target, kind: 'paymentAccounts', data });
}

describe.each(databaseKinds)('the payments of a company’s mirror on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  beforeAll(async () => {
    await upsertPayments(database.db, company, payments);
    // Another company's payments matching every view below: never part of this company's answers.
    await upsertPayments(database.db, other, [
      payment({ id: 11, date: '2026-11-03', amount: 999, vs: '2026000010', partner: 'Obchod Hruška' }),
      payment({ id: 99, account: 2, date: '2026-11-10', amount: 5, partner: 'Obchod Hruška' }),
    ]);
    await mirrorAccounts(database.db, company, [
      { id: 1, name: 'Hlavný účet', iban: 'SK89 1100 0000 0026 1234 5678', currency: 'EUR', type: 'bank' },
      { id: 2, name: 'Pokladňa', iban: null, currency: 'EUR', type: 'cash' },
      { id: 'nonsense', name: 'not an account' },
    ]);
    await mirrorAccounts(database.db, other, [{ id: 7, name: 'Cudzí účet', currency: 'EUR' }]);
    await mirrorRecords(database.db, company, 'invoices', [
      invoice({ id: 501, number: 'OF2026000010', issue: '2026-10-01' }),
    ]);
    await mirrorRecords(database.db, other, 'invoices', [
      invoice({ id: 777, number: 'OF2026000011', issue: '2026-10-01' }),
    ]);
  });

  const listed = async (view: PaymentView) =>
    ids((await listPayments(database.db, company, { top: 100, ...view })).payments);

  it('lists the company’s payments newest first (then the highest id), never another company’s', async () => {
    expect(await listed({})).toEqual(['10', '13', '15', '14', '12', '11', '9']);
    const [first] = (await listPayments(database.db, company, { q: 'OF2026000010' })).payments;
    expect(first).toEqual({
      id: '11',
      accountId: '1',
      paymentDate: '2026-11-03',
      amount: '120.5',
      currency: 'EUR',
      variableSymbol: '2026000010',
      partnerName: 'Obchod Hruška s.r.o.',
      iban: 'SK3112000000198742637541',
      reference: 'Úhrada OF2026000010',
      externalId: null,
      documentNumbers: ['OF2026000010'],
    });
  });

  it('filters by payment day (both ends inclusive) and by account', async () => {
    const november = { PaymentDateFrom: '2026-11-01', PaymentDateTo: '2026-11-30' };
    expect(await listed({ filters: november })).toEqual(['13', '15', '14', '12', '11']);
    expect(await listed({ filters: { PaymentDateFrom: '2026-11-20' } })).toEqual(['10', '13']);
    expect(await listed({ filters: { PaymentDateTo: '2026-11-03' } })).toEqual(['12', '11', '9']);
    expect(await listed({ filters: { AccountId: '2' } })).toEqual(['13', '9']);
    expect(await listed({ filters: { ...november, AccountId: '2' } })).toEqual(['13']);
    expect(await listed({ filters: { AccountId: '99' } })).toEqual([]);
  });

  it('finds by partner (any case, no diacritics), variable symbol, reference, IBAN and amount', async () => {
    expect(await listed({ q: 'hruska' })).toEqual(['10', '11']);
    expect(await listed({ q: 'ŽITNÁ' })).toEqual(['12']);
    // The payment whose variable symbol is the search comes first, then the rest in the list's order.
    expect(await listed({ q: '2026000010' })).toEqual(['11', '9']);
    expect(await listed({ q: '2026000011' })).toEqual(['12', '10']);
    expect(await listed({ q: '202600001' })).toEqual(['10', '13', '12', '11', '9']);
    expect(await listed({ q: 'ks0308' })).toEqual(['9']);
    expect(await listed({ q: 'uhrada of2026' })).toEqual(['11']);
    expect(await listed({ q: 'SK31 1200' })).toEqual(['11']);
    expect(await listed({ q: 'sk3112000000198742637541' })).toEqual(['11']);
    expect(await listed({ q: '120,50' })).toEqual(['11']);
    expect(await listed({ q: '120.5' })).toEqual(['11']);
    expect(await listed({ q: '33,33' })).toEqual(['15']);
    expect(await listed({ q: 'hruska zitna' })).toEqual([]);
    for (const q of ['%', '_', '\\']) expect(await listed({ q })).toEqual([]);
  });

  it('sorts by date, amount and partner both ways, rows without the value last, ties the same way', async () => {
    expect(await listed({ sort: 'date' })).toEqual(['9', '12', '11', '15', '14', '13', '10']);
    expect(await listed({ sort: 'amount' })).toEqual(['10', '12', '13', '14', '15', '11', '9']);
    expect(await listed({ sort: '-amount' })).toEqual(['9', '11', '15', '14', '13', '12', '10']);
    // Folded names: "datelina", "obchod hruska", "obchod hruska s.r.o.", "pekaren zitna", "zamocnictvo"; none last.
    expect(await listed({ sort: 'partner' })).toEqual(['13', '10', '11', '12', '9', '15', '14']);
    expect(await listed({ sort: '-partner' })).toEqual(['9', '12', '11', '10', '13', '15', '14']);
    const { sort } = await listPayments(database.db, company, { sort: 'nonsense' });
    expect(sort).toBe('-date');
  });

  it('pages with Top and Skip: every payment once, none repeated or skipped', async () => {
    for (const sort of ['-date', 'amount', 'partner']) {
      const pages: string[] = [];
      for (let skip = 0; skip < 7; skip += 2) pages.push(...(await listed({ sort, top: 2, skip })));
      expect(pages, sort).toEqual(await listed({ sort }));
    }
    expect(await listed({ top: 0 })).toEqual([]);
  });

  it('totals the whole view (not the page): count, and the sum per currency as an exact decimal', async () => {
    expect(await totalsOfPayments(database.db, company, { top: 1 })).toEqual({
      count: 7,
      byCurrency: [
        { currency: 'CZK', count: 2, sum: '1007' },
        { currency: 'EUR', count: 5, sum: '104.13' },
      ],
    });
    // 0.1 + 0.2 in floating point would be 0.30000000000000004.
    expect(
      await totalsOfPayments(database.db, company, {
        q: '20260000',
        filters: { PaymentDateFrom: '2026-11-03', PaymentDateTo: '2026-11-30' },
      }),
    ).toEqual({
      count: 3,
      byCurrency: [{ currency: 'EUR', count: 3, sum: '120.8' }],
    });
    expect(await totalsOfPayments(database.db, company, { q: 'nothing-like-this' })).toEqual({
      count: 0,
      byCurrency: [],
    });
  });

  it('reads every payment of a view for an export, in the list’s order, a batch at a time', async () => {
    for (const view of [{}, { sort: 'partner' }, { sort: '-amount', q: '2026' }, { filters: { AccountId: '1' } }]) {
      const batches: string[][] = [];
      for await (const batch of iteratePayments(database.db, company, view, 2)) batches.push(ids(batch));
      expect(batches.flat(), JSON.stringify(view)).toEqual(await listed(view));
      expect(batches.every((batch) => batch.length <= 2)).toBe(true);
    }
  });

  it('answers the money received in the company’s month of today, for the overview', async () => {
    expect(monthOf('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthOf('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(await receivedThisMonth(database.db, company, '2026-11-24')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      count: 5,
      byCurrency: [
        { currency: 'CZK', count: 1, sum: '7' },
        { currency: 'EUR', count: 4, sum: '154.13' },
      ],
    });
    expect(await receivedThisMonth(database.db, company, '2027-01-01')).toEqual({
      from: '2027-01-01',
      to: '2027-01-31',
      count: 0,
      byCurrency: [],
    });
  });

  it('gives each account its payments’ count and sum in a period, and says which payments name no listed account', async () => {
    const november = await accountsWithPayments(database.db, company, { from: '2026-11-01', to: '2026-11-30' });
    expect(november.accounts).toEqual([
      {
        id: '1',
        name: 'Hlavný účet',
        iban: 'SK8911000000002612345678',
        currency: 'EUR',
        kind: 'bank',
        payments: [{ currency: 'EUR', count: 3, sum: '153.93' }],
      },
      {
        id: '2',
        name: 'Pokladňa',
        iban: null,
        currency: 'EUR',
        kind: 'cash',
        payments: [{ currency: 'EUR', count: 1, sum: '0.2' }],
      },
    ]);
    expect(november.unlisted).toEqual([{ accountId: null, payments: [{ currency: 'CZK', count: 1, sum: '7' }] }]);
    expect(november.all).toEqual([
      { currency: 'CZK', count: 1, sum: '7' },
      { currency: 'EUR', count: 4, sum: '154.13' },
    ]);
    const december = await accountsWithPayments(database.db, company, { from: '2026-12-01', to: '2026-12-31' });
    expect(december.accounts!.map((account) => account.payments)).toEqual([[], []]);
    expect(december.unlisted).toEqual([{ accountId: '3', payments: [{ currency: 'EUR', count: 1, sum: '-50' }] }]);
    const never = await accountsWithPayments(
      database.db,
      { pluginId: PLUGIN_ID, tenantId: 'nobody' },
      {
        from: '2026-12-01',
        to: '2026-12-31',
      },
    );
    expect(never).toEqual({ accounts: null, unlisted: [], all: [] });
  });

  it('names the invoices a payment paid by their number, where the company’s copy has them', async () => {
    const found = await invoiceIdsByNumber(database.db, company, ['OF2026000010', 'OF2026000011', 'OF2026000010']);
    expect([...found]).toEqual([['OF2026000010', '501']]);
    expect(await invoiceIdsByNumber(database.db, company, [])).toEqual(new Map());
  });
});

describe('an account is a bank account or a cash desk as far as its record says', () => {
  it('reads the record’s type, else a bank account when it has an IBAN, else not known', () => {
    expect(accountKindOf('cash', 'SK89')).toBe('cash');
    expect(accountKindOf('Pokladňa', null)).toBe('cash');
    expect(accountKindOf('bank', null)).toBe('bank');
    expect(accountKindOf(undefined, 'SK89')).toBe('bank');
    expect(accountKindOf(3, null)).toBeNull();
  });
});
