import { beforeAll, describe, expect, it } from 'vitest';

import { companyScope } from '@/lib/base/company-scope';
import { overdueAcrossHref, overduePaging, readAcrossCompanies } from '@/lib/features/documents/across-companies';
import { chartsOfCompany } from '@/lib/features/overview/charts';
import { mirrorCompanies } from '@/lib/platform/db/schema';
import { pricesSchema } from '@/lib/service/schemas/common';

import { invoice, mirrorRecords } from '../mirror/query-fixture';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';

/**
 * What the company overview's charts and the home page read: a session's own companies only. Another company's
 * documents sit in the same tables (another tenant of the add-on, the same tenant under another add-on) with names
 * and amounts that would stand out; they never appear, whatever is searched. A copy not fully synced or stopped is
 * left out, and nothing is read with the mirror off.
 */
const TODAY = '2026-03-10';
const PLUGIN = 'plugin-home';
const session = { userId: 'jana', pluginId: PLUGIN, tenantIds: ['30001', '30002', '30003', '30004'] };
const STRANGER_NAME = 'Cudzia firma s.r.o.';

const overdueInvoice = (id: number, partner: string, eur: string) =>
  invoice({ id, number: `FA${id}`, partner, issue: '2026-01-05', due: '2026-01-20', paid: 0, totals: ['1', eur] });

describe.each(databaseKinds)('a session’s companies side by side on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const own = (tenantId: string) => ({ pluginId: PLUGIN, tenantId });

  beforeAll(async () => {
    const db = database.db;
    // With a credit note long past its due day and not settled: it lowers what is unpaid, it is never overdue.
    await mirrorRecords(db, own('30001'), 'invoices', [
      overdueInvoice(1, 'Hruška s.r.o.', '100.10'),
      {
        ...invoice({ id: 11, number: 'DOB11', partner: 'Hruška s.r.o.', issue: '2024-12-20', due: '2025-01-04' }),
        invoiceType: 1,
        prices: pricesSchema.parse({ currency: 'EUR', legislativePrices: { totalPriceInclVat: -1219.55 } }),
      },
    ]);
    await mirrorRecords(db, own('30002'), 'invoices', [overdueInvoice(2, 'Jablko a.s.', '200.20')]);
    // 30003: synced once, then its token was refused; 30004: still preparing.
    await mirrorRecords(db, own('30003'), 'invoices', [overdueInvoice(3, 'Zastavená s.r.o.', '300.30')]);
    await mirrorRecords(db, own('30004'), 'invoices', [overdueInvoice(4, 'Pripravovaná s.r.o.', '400.40')]);
    // Not the session's: another tenant, and one of its tenants under another add-on.
    await mirrorRecords(db, own('39999'), 'invoices', [overdueInvoice(9, STRANGER_NAME, '999999.99')]);
    await mirrorRecords(db, { pluginId: 'other-addon', tenantId: '30001' }, 'invoices', [
      overdueInvoice(8, STRANGER_NAME, '888888.88'),
    ]);
    const synced = new Date('2026-03-10T08:00:00Z');
    await db.insert(mirrorCompanies).values([
      { ...own('30001'), status: 'ready', fullSyncedAt: synced },
      { ...own('30002'), status: 'syncing', fullSyncedAt: synced },
      { ...own('30003'), status: 'stopped', fullSyncedAt: synced },
      { ...own('30004'), status: 'syncing' },
      { ...own('39999'), status: 'ready', fullSyncedAt: synced },
      { pluginId: 'other-addon', tenantId: '30001', status: 'ready', fullSyncedAt: synced },
    ]);
  });

  it('the home page: figures and overdue invoices of the session’s ready companies only', async () => {
    for (const q of [null, '', 'firma', 'cudzia', 'FA9', '9', 's.r.o.']) {
      const across = await readAcrossCompanies(database.db, session, { q, today: TODAY });
      expect(JSON.stringify(across)).not.toMatch(/Cudzia|39999|999999|888888|Zastaven|Pripravovan|300\.3|400\.4/);
      expect(across.overdue.invoices.every((row) => ['30001', '30002'].includes(row.tenantId))).toBe(true);
      expect(across.leftOut).toEqual([
        { tenantId: '30003', readiness: 'stopped' },
        { tenantId: '30004', readiness: 'preparing' },
      ]);
    }
    const all = await readAcrossCompanies(database.db, session, { q: null, today: TODAY });
    expect(all.overdue.count).toBe(2);
    expect(all.overdue.invoices.map((row) => row.documentNumber)).toEqual(['FA1', 'FA2']);
    // What is left to pay: the credit note names no amount in its own currency (see the charts below).
    expect(all.companies[0]!.figures?.unpaid).toEqual({ count: 2, eur: '100.10' });
    expect(all.companies.map((entry) => [entry.tenantId, entry.readiness, entry.figures?.overdue])).toEqual([
      ['30001', 'ready', { count: 1, eur: '100.10' }],
      ['30002', 'ready', { count: 1, eur: '200.20' }],
      ['30003', 'stopped', undefined],
      ['30004', 'preparing', undefined],
    ]);
    const searched = await readAcrossCompanies(database.db, session, { q: 'hruska', today: TODAY });
    expect(searched.overdue.invoices.map((row) => row.partnerName)).toEqual(['Hruška s.r.o.']);
    // A page further on (Skip): the rest of the list, the count of all, the figures unchanged.
    const second = await readAcrossCompanies(database.db, session, { q: null, today: TODAY, skip: 1 });
    expect(second.overdue).toEqual({ invoices: all.overdue.invoices.slice(1), count: 2 });
    expect(second.skip).toBe(1);
    expect(second.companies).toEqual(all.companies);
  });

  it('a company’s overview: its own charts; a copy preparing or stopped shows none; the mirror off reads nothing', async () => {
    const charts = await chartsOfCompany(database.db, companyScope(session, '30001'), {
      mirrorSync: true,
      today: TODAY,
    });
    expect(charts.state).toBe('ready');
    expect(JSON.stringify(charts)).not.toMatch(/Cudzia|999999|888888|Jablko/);
    if (charts.state === 'ready') {
      // The credit note lowers what Hruška owes; it is aged with what is not yet due, never as late.
      // What is left to pay, by the partners' rule: the credit note names no amount in its own currency, so nothing
      // of it can be said to be left (the partners' pages leave it out the same way).
      expect(charts.charts.topCustomers).toEqual([{ name: 'Hruška s.r.o.', count: 2, eur: '100.10' }]);
      expect(charts.charts.receivables.days31to60).toEqual({ count: 1, eur: '100.10' });
      expect(charts.charts.receivables.notDue).toEqual({ count: 1, eur: '0' });
      expect(charts.charts.receivables.days90plus).toEqual({ count: 0, eur: '0' });
    }
    const scope = (tenantId: string) => companyScope(session, tenantId);
    expect(await chartsOfCompany(database.db, scope('30003'), { mirrorSync: true, today: TODAY })).toEqual({
      state: 'stopped',
    });
    expect(await chartsOfCompany(database.db, scope('30004'), { mirrorSync: true, today: TODAY })).toEqual({
      state: 'preparing',
    });
    expect(await chartsOfCompany(database.db, scope('30001'), { mirrorSync: false, today: TODAY })).toEqual({
      state: 'off',
    });
  });
});

describe('the home page’s overdue list, a page at a time', () => {
  it('links the previous and the next page, keeping the search; the first page has no Skip', () => {
    expect(overduePaging('', { skip: 0, shown: 50, count: 186 })).toMatchObject({ previous: null, next: '/?Skip=50' });
    expect(overduePaging('', { skip: 50, shown: 50, count: 186 })).toMatchObject({
      previous: '/',
      next: '/?Skip=100',
      first: '/',
      last: '/?Skip=150',
    });
    expect(overduePaging('hruška a.s.', { skip: 150, shown: 36, count: 186 })).toMatchObject({
      previous: '/?q=hru%C5%A1ka+a.s.&Skip=100',
      next: null,
      last: null,
    });
    expect(overduePaging('', { skip: 0, shown: 12, count: 12 })).toMatchObject({ previous: null, next: null });
    // Past the end (fewer overdue than when the address was made): back to the last page there is.
    expect(overduePaging('', { skip: 400, shown: 0, count: 186 })).toMatchObject({
      previous: '/?Skip=150',
      next: null,
    });
    expect(overduePaging('', { skip: 400, shown: 0, count: 0 })).toMatchObject({ previous: '/', next: null });
  });

  it('numbers the pages as the lists do, this one marked, and offers no page size (there is one)', () => {
    const paging = overduePaging('', { skip: 50, shown: 50, count: 186 });
    expect(paging.pages).toEqual([
      { page: 1, href: '/', current: false },
      { page: 2, href: '/?Skip=50', current: true },
      { page: 3, href: '/?Skip=100', current: false },
      { page: 4, href: '/?Skip=150', current: false },
    ]);
    expect(paging.sizes).toEqual([]);
    expect(overdueAcrossHref('  ', 0)).toBe('/');
  });
});
