import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  accountPaymentsHref,
  loadAccountsPage,
  neighbourMonths,
  parsePeriod,
} from '@/lib/features/money/accounts-page';
import { receivedThisMonthCard } from '@/lib/features/money/overview-card';
import { parsePaymentView } from '@/lib/features/money/payment-view';
import { loadPaymentsPage } from '@/lib/features/money/payments-page';
import { syncCompany } from '@/lib/owners/mirror/sync';
import type { Db } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';

import { mirrorSandboxDuringTests, type PageDoor } from '../mirror/mirror-fixture';
import { testDatabaseDuringTests } from '../support/databases';

/**
 * The payments' and the accounts' pages as their loaders read them (lib/features/money/), over the sandbox's company
 * copied into the mirror: the view from the URL (an invalid filter is named by its field and no payment is read), the
 * copy's state in words before it is ready, the page of payments with the invoices they paid, each account with its
 * payments in a period (this month by default), and the overview's card of the month's received money.
 */
const TENANT = '10001';

/** The tables a database handle's selects read, as they are asked (drizzle's `select().from(table)`). */
function watched(db: Db): { db: Db; tables: string[] } {
  const tables: string[] = [];
  const spy = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'select' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const builder = (value as (...a: unknown[]) => { from: (table: PgTable) => unknown }).apply(target, args);
        const from = builder.from.bind(builder);
        builder.from = (table: PgTable) => {
          tables.push(getTableName(table));
          return from(table);
        };
        return builder;
      };
    },
  });
  return { db: spy, tables };
}

describe('the payments’ view from the URL', () => {
  it('takes the interface’s names, each day valid and From not after To, an account id of digits', () => {
    const view = parsePaymentView({
      PaymentDateFrom: '2026-11-01',
      PaymentDateTo: '2026-11-30',
      AccountId: '12',
      q: 'hruska',
      sort: '-amount',
      Top: '50',
      Skip: '50',
    });
    expect(view).toMatchObject({
      ok: true,
      filters: { PaymentDateFrom: '2026-11-01', PaymentDateTo: '2026-11-30', AccountId: '12' },
      q: 'hruska',
      sort: '-amount',
      top: 50,
      skip: 50,
      filtered: true,
      canonical: null,
    });
    expect(parsePaymentView({ sort: 'total' })).toMatchObject({ ok: true, sort: '', filters: {} });
  });

  it('names every invalid field, in the form’s order', () => {
    const invalid = (params: Record<string, string>) => {
      const view = parsePaymentView(params);
      return view.ok ? [] : view.invalid;
    };
    expect(invalid({ PaymentDateFrom: '1. 11. 2026' })).toEqual(['PaymentDateFrom']);
    expect(invalid({ PaymentDateTo: '2026-02-29' })).toEqual(['PaymentDateTo']);
    expect(invalid({ PaymentDateFrom: '2026-11-02', PaymentDateTo: '2026-11-01' })).toEqual(['PaymentDateTo']);
    expect(invalid({ AccountId: 'hlavny' })).toEqual(['AccountId']);
    expect(invalid({ AccountId: '007' })).toEqual(['AccountId']);
    expect(invalid({ AccountId: '1\u202e2' })).toEqual(['AccountId']);
    expect(invalid({ Top: '30', Skip: 'x', q: 'x'.repeat(101) })).toEqual(['q', 'Top', 'Skip']);
  });

  it('asks for the tidy address when a parameter is blank or repeated', () => {
    expect(parsePaymentView({ PaymentDateFrom: '', AccountId: '3' }).canonical).toBe('AccountId=3');
    expect(parsePaymentView({ AccountId: ['3', '4'] }).canonical).toBe('AccountId=3');
  });
});

describe('the accounts’ period', () => {
  it('is the company’s current month by default; one end alone completes its own month', () => {
    expect(parsePeriod({}, '2026-11-24')).toEqual({
      values: { from: '', to: '' },
      ok: true,
      period: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(parsePeriod({ from: '2026-02-10' }, '2026-11-24')).toMatchObject({
      period: { from: '2026-02-10', to: '2026-02-28' },
    });
    expect(parsePeriod({ to: '2026-03-15' }, '2026-11-24')).toMatchObject({
      period: { from: '2026-03-01', to: '2026-03-15' },
    });
  });

  it('explains an invalid day or a period that starts after it ends', () => {
    expect(parsePeriod({ from: 'včera' }, '2026-11-24')).toMatchObject({ ok: false, invalid: ['from'] });
    expect(parsePeriod({ from: '2026-13-01', to: '2026-02-30' }, '2026-11-24')).toMatchObject({
      ok: false,
      invalid: ['from', 'to'],
    });
    expect(parsePeriod({ from: '2026-11-02', to: '2026-11-01' }, '2026-11-24')).toMatchObject({
      ok: false,
      invalid: ['to'],
    });
  });

  it('links to the months around it and to each account’s payments in it', () => {
    expect(neighbourMonths({ from: '2026-01-15', to: '2026-01-20' }, '2026-11-24')).toEqual({
      previous: { from: '2025-12-01', to: '2025-12-31' },
      next: { from: '2026-02-01', to: '2026-02-28' },
      current: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(accountPaymentsHref('10001', '7', { from: '2026-11-01', to: '2026-11-30' })).toBe(
      '/companies/10001/payments?AccountId=7&PaymentDateFrom=2026-11-01&PaymentDateTo=2026-11-30',
    );
  });
});

describe('the pages’ loaders over the company’s copy', () => {
  const database = testDatabaseDuringTests('pglite');
  const api = mirrorSandboxDuringTests();
  let door: PageDoor;
  let tables: string[];

  beforeAll(async () => {
    process.env.MIRROR_SYNC = 'on';
    resetEnvForTests();
    await api.connect(database.db, TENANT);
    const spy = watched(database.db);
    tables = spy.tables;
    door = { ...api.pageDoor(spy.db, TENANT).door };
  });
  afterAll(() => {
    delete process.env.MIRROR_SYNC;
    resetEnvForTests();
  });

  it('before the payments are copied: says they are being prepared, reads none, and the overview has no card', async () => {
    const page = await loadPaymentsPage(door, {});
    expect(page.state).toEqual({ state: 'preparing', read: 0 });
    expect(page.list).toBeNull();
    expect(await receivedThisMonthCard(door)).toBeNull();
    const accounts = await loadAccountsPage(door, {});
    expect(accounts.sums).toBeNull();
    expect(tables).not.toContain('mirror_payments');
  });

  it('once copied: a page of payments with the invoices they paid, and the whole view’s totals', async () => {
    await syncCompany(database.db, api.company(TENANT), api.client(TENANT).client, 'full');
    const page = await loadPaymentsPage(door, { Top: '50' });
    expect(page.state).toEqual({ state: 'ready' });
    const list = page.list!;
    expect(list.payments).toHaveLength(50);
    expect(list.totals.count).toBeGreaterThan(50);
    expect(list.sort).toBe('-date');
    const days = list.payments.map((payment) => payment.paymentDate!);
    expect(days).toEqual([...days].sort().reverse());
    // The sandbox pairs its payments with its invoices: every number the payments name is an invoice of the copy.
    const numbers = list.payments.flatMap((payment) => payment.documentNumbers);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((number) => list.invoices[number] !== undefined)).toBe(true);
    expect(page.accounts!.length).toBeGreaterThan(0);
  });

  it('with an invalid filter: names it and reads no payment', async () => {
    tables.length = 0;
    const page = await loadPaymentsPage(door, { PaymentDateFrom: '2026-11-31', AccountId: 'x' });
    expect(page.view).toMatchObject({ ok: false, invalid: ['PaymentDateFrom', 'AccountId'] });
    expect(page.list).toBeNull();
    expect(tables).not.toContain('mirror_payments');
    expect(tables).not.toContain('mirror_documents');

    tables.length = 0;
    const accounts = await loadAccountsPage(door, { from: 'x' });
    expect(accounts.sums).toBeNull();
    expect(tables).not.toContain('mirror_payments');
  });

  it('gives each account its payments in the period, which the payments’ list of that account and period totals alike', async () => {
    const { list } = await loadPaymentsPage(door, {});
    const newest = list!.payments[0]!.paymentDate!;
    const month = { from: `${newest.slice(0, 7)}-01`, to: newest };
    const accounts = await loadAccountsPage(door, month);
    expect(accounts.view).toMatchObject({ ok: true, period: month });
    const busy = accounts.sums!.accounts!.find((account) => account.payments.length > 0)!;
    expect(busy).toBeDefined();
    const filtered = await loadPaymentsPage(door, {
      AccountId: busy.id,
      PaymentDateFrom: month.from,
      PaymentDateTo: month.to,
    });
    expect(filtered.list!.totals.byCurrency).toEqual(busy.payments);
    expect(filtered.list!.payments.every((payment) => payment.accountId === busy.id)).toBe(true);
  });

  it('answers the overview’s card of the month’s received money, with the list of exactly those payments', async () => {
    const { list } = await loadPaymentsPage(door, {});
    const newest = list!.payments[0]!.paymentDate!;
    const card = (await receivedThisMonthCard(door, new Date(`${newest}T12:00:00Z`)))!;
    const month = { from: `${newest.slice(0, 7)}-01` };
    expect(card.from).toBe(month.from);
    expect(card.href).toBe(`/companies/${TENANT}/payments?PaymentDateFrom=${card.from}&PaymentDateTo=${card.to}`);
    const same = await loadPaymentsPage(door, { PaymentDateFrom: card.from, PaymentDateTo: card.to });
    expect(card.count).toBe(same.list!.totals.count);
    expect(card.byCurrency).toEqual(same.list!.totals.byCurrency);
    expect(card.count).toBeGreaterThan(0);
  });

  it('says the connection is not active for a user whose own token was refused, and reads nothing of the copy', async () => {
    const spy = watched(database.db);
    const refused = api.pageDoor(spy.db, TENANT, { state: 'invalid' }).door;
    const page = await loadPaymentsPage(refused, {});
    expect(page.state).toEqual({ state: 'disconnected' });
    expect(page.list).toBeNull();
    expect(page.accounts).toBeNull();
    expect(spy.tables).toEqual(['mirror_companies']);
  });
});
