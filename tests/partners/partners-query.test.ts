import { beforeAll, describe, expect, it } from 'vitest';

import { partnersOf, partnerSummary, topOverduePartners } from '@/lib/features/partners/queries/partners';
import { statementOf, statementPartner } from '@/lib/features/partners/queries/statement';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { companyA, companyB, EDGE, EDGE_DAYS, HRUSKA, JABLKO, storePartners, TODAY } from './partner-fixture';

/** Decimals the database wrote, without the trailing zeros of their scale ("240.00" is "240"): compared exactly. */
function plain<T>(value: T): T {
  if (typeof value === 'string') return (/^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value) as T;
  if (Array.isArray(value)) return value.map(plain) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, each]) => [name, plain(each)])) as T;
  }
  return value;
}

/**
 * The partners of a company's mirror (lib/features/partners/queries/) and a partner's statement (statement.ts),
 * on PGlite and on PostgreSQL: one row per IČO, else per folded name; receivables and payables are what is left to
 * pay, in EUR by each document's own ratio, summed exactly; credit notes lower a balance and are never overdue; the
 * ageing buckets meet at their edges; the statement's running balance ends at receivables less payables; and a
 * company never sees another's partners.
 */
describe.each(databaseKinds)('partners on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const page = (view: Partial<Parameters<typeof partnersOf>[2]> = {}) =>
    partnersOf(database.db, companyA, { top: 25, skip: 0, today: TODAY, ...view });

  beforeAll(async () => {
    await storePartners(database.db);
  });

  it('groups by IČO (however it is written) and else by the folded name; delivery notes name no partner', async () => {
    const { partners, totals } = await page();
    expect(partners.map((partner) => partner.key)).toEqual([EDGE, HRUSKA, JABLKO]);
    expect(totals.count).toBe(3);
    const hruska = partners.find((partner) => partner.key === HRUSKA)!;
    // Six documents under four spellings, one IČO written with and without spaces; the newest one's name.
    expect(hruska).toMatchObject({ name: 'Hruška, s. r. o.', registrationId: '36123456', documents: 6 });
    const jablko = partners.find((partner) => partner.key === JABLKO)!;
    expect(jablko).toMatchObject({ name: 'JABLKO s. r. o.', registrationId: null, documents: 2 });
    expect(jablko.currencies).toEqual(['CZK', 'EUR']);
  });

  it('sums what is left to pay: credit notes reduce it and are never overdue; another currency by its own ratio', async () => {
    const hruska = await partnerSummary(database.db, companyA, HRUSKA, TODAY);
    expect(plain(hruska)).toMatchObject({
      receivables: '240',
      payables: '80',
      balance: '160',
      overdueReceivables: '270',
      overduePayables: '0',
      oldestReceivableDays: 157,
      oldestPayableDays: null,
      unconverted: 0,
    });
    // The credit note (−30, past its due day) stays with what is not due.
    expect(plain(hruska!.receivablesAgeing)).toEqual({
      notDue: '-30',
      days1to30: '150',
      days31to60: '0',
      days61to90: '0',
      days90plus: '120',
    });
    // 1 234,56 CZK left of 2 500 CZK = 99,80 EUR: 49,28 EUR (rounded once, for the document), and 10,50 EUR.
    const jablko = await partnerSummary(database.db, companyA, JABLKO, TODAY);
    expect(plain(jablko)).toMatchObject({
      receivables: '59.78',
      overdueReceivables: '49.28',
      oldestReceivableDays: 67,
    });
  });

  it('puts each amount into its ageing bucket at the edges: due today is not due, 30 and 31, 60 and 61, 90 and 91', async () => {
    const edge = await partnerSummary(database.db, companyA, EDGE, TODAY);
    expect(EDGE_DAYS.map(([, days]) => days)).toEqual([0, 1, 30, 31, 60, 61, 90, 91]);
    expect(plain(edge!.receivablesAgeing)).toEqual({
      notDue: '1',
      days1to30: '6',
      days31to60: '24',
      days61to90: '96',
      days90plus: '128',
    });
    expect(plain(edge)).toMatchObject({ receivables: '255', overdueReceivables: '254', oldestReceivableDays: 91 });
  });

  it('totals every partner of the view, not only the page', async () => {
    const { partners, totals } = await page({ top: 1, skip: 1 });
    expect(partners.map((partner) => partner.key)).toEqual([HRUSKA]);
    expect(plain(totals)).toEqual({
      count: 3,
      receivables: '554.78',
      payables: '80',
      overdueReceivables: '573.28',
      overduePayables: '0',
    });
    const past = await page({ skip: 25 });
    expect(past.partners).toEqual([]);
    expect(past.totals.count).toBe(3);
  });

  it('sorts by name, receivables, payables and overdue, either way, ties by name', async () => {
    const keys = async (key: 'name' | 'receivables' | 'payables' | 'overdue', descending: boolean) =>
      (await page({ sort: { key, descending } })).partners.map((partner) => partner.key);
    expect(await keys('name', false)).toEqual([EDGE, HRUSKA, JABLKO]);
    expect(await keys('name', true)).toEqual([JABLKO, HRUSKA, EDGE]);
    expect(await keys('receivables', true)).toEqual([EDGE, HRUSKA, JABLKO]);
    expect(await keys('receivables', false)).toEqual([JABLKO, HRUSKA, EDGE]);
    // Equal payables (0) fall by name.
    expect(await keys('payables', true)).toEqual([HRUSKA, EDGE, JABLKO]);
    expect(await keys('overdue', true)).toEqual([HRUSKA, EDGE, JABLKO]);
  });

  it('searches names and ids folded, every word somewhere in the partner’s documents', async () => {
    const found = async (q: string) => (await page({ q })).partners.map((partner) => partner.key);
    expect(await found('hruska')).toEqual([HRUSKA]);
    expect(await found('HRUŠKA')).toEqual([HRUSKA]);
    expect(await found('36 123')).toEqual([HRUSKA]);
    expect(await found('jablko s.')).toEqual([JABLKO]);
    expect(await found('edge hruska')).toEqual([]);
    expect(await found('100%')).toEqual([]);
    expect((await page({ q: 'a' })).totals.count).toBe(3);
  });

  it('never shows another company’s partners, documents or sums', async () => {
    const { partners } = await page({ q: 'cudzia' });
    expect(partners).toEqual([]);
    expect(await partnerSummary(database.db, companyA, 'ico:22222222', TODAY)).toBeNull();
    expect(await partnerSummary(database.db, companyA, 'ico:99999999', TODAY)).toBeNull();
    expect((await statementOf(database.db, companyA, 'ico:22222222', TODAY)).lines).toEqual([]);
    const other = await partnerSummary(database.db, companyB, HRUSKA, TODAY);
    expect(plain(other)).toMatchObject({ receivables: '999', documents: 1 });
  });

  it('states a partner’s documents and payments by date with a running balance that ends at receivables − payables', async () => {
    const { lines, currencies } = await statementOf(database.db, companyA, HRUSKA, TODAY);
    expect(plain(lines.map((line) => [line.line, line.documentNumber, line.day, line.effect, line.balance]))).toEqual([
      ['document', 'OF2026000100', '2026-01-05', '100', '100'],
      ['document', 'OF2026000101', '2026-01-10', '120', '220'],
      ['payment', 'OF2026000100', '2026-02-01', '-100', '120'],
      ['document', 'PF2026000010', '2026-03-01', '-40', '80'],
      // The expense's payment is not itemized by the service: what was paid on it, without a day.
      ['settled', 'PF2026000010', null, '40', '120'],
      ['document', 'OF2026000102', '2026-05-01', '200', '320'],
      ['payment', 'OF2026000102', '2026-05-10', '-50', '270'],
      ['document', 'DB2026000001', '2026-06-01', '-30', '240'],
      ['document', 'PF2026000011', '2026-06-20', '-80', '160'],
    ]);
    expect(plain(currencies)).toEqual([
      {
        currency: 'EUR',
        documents: 6,
        debit: '460',
        credit: '300',
        balance: '160',
        receivables: '240',
        payables: '80',
        overdueReceivables: '270',
        overduePayables: '0',
      },
    ]);
    const byNumber = Object.fromEntries(
      lines.filter((line) => line.line === 'document').map((line) => [line.documentNumber, line]),
    );
    expect(plain(byNumber.OF2026000101)).toMatchObject({ daysOverdue: 157, amountDue: '120', credit: false });
    expect(plain(byNumber.OF2026000102)).toMatchObject({ daysOverdue: 30, amountDue: '150' });
    expect(byNumber.DB2026000001).toMatchObject({ daysOverdue: null, credit: true, invoiceType: 1 });
    expect(byNumber.PF2026000011).toMatchObject({ daysOverdue: null, documentType: 10, dueDate: '2026-07-15' });
  });

  it('keeps a statement per currency, each in the documents’ own amounts', async () => {
    const { lines, currencies } = await statementOf(database.db, companyA, JABLKO, TODAY);
    expect(plain(lines.map((line) => [line.currency, line.line, line.effect, line.balance]))).toEqual([
      ['CZK', 'document', '2500', '2500'],
      ['CZK', 'payment', '-1265.44', '1234.56'],
      ['EUR', 'document', '10.5', '10.5'],
    ]);
    expect(plain(currencies.map((each) => [each.currency, each.balance, each.receivables]))).toEqual([
      ['CZK', '1234.56', '1234.56'],
      ['EUR', '10.5', '10.5'],
    ]);
  });

  it('names the partner as its most recent document does, with its address', async () => {
    expect(await statementPartner(database.db, companyA, HRUSKA)).toEqual({
      name: 'Hruška, s. r. o.',
      registrationId: '36123456',
      taxId: '2036123456',
      vatId: null,
      address: ['Hlavná 1', '811 01 Bratislava'],
    });
    expect(await statementPartner(database.db, companyA, 'ico:22222222')).toBeNull();
  });

  it('lists the partners who owe the most overdue, for the overview', async () => {
    expect(plain(await topOverduePartners(database.db, companyA, TODAY, 5))).toEqual([
      { key: HRUSKA, name: 'Hruška, s. r. o.', overdue: '270', count: 2, oldestDays: 157 },
      { key: EDGE, name: 'Edge a.s.', overdue: '254', count: 7, oldestDays: 91 },
      { key: JABLKO, name: 'JABLKO s. r. o.', overdue: '49.28', count: 1, oldestDays: 67 },
    ]);
    expect(await topOverduePartners(database.db, companyA, TODAY, 1)).toHaveLength(1);
    // Before anything fell due, nobody is overdue.
    expect(await topOverduePartners(database.db, companyA, '2026-01-01', 5)).toEqual([]);
    expect(await topOverduePartners(database.db, companyB, TODAY, 5)).toEqual([]);
  });
});
