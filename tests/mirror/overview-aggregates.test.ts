import { beforeAll, describe, expect, it } from 'vitest';

import { addDays } from '@/lib/base/calendar';
import { isNegativeAmount } from '@/lib/base/money';
import { mirrorReadiness, overdueAcross, unpaidAndOverdue } from '@/lib/features/documents/queries/across';
import {
  AGEING_BUCKETS,
  type AgeingBucket,
  type OverviewCharts,
  overviewCharts,
} from '@/lib/features/overview/queries/charts';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { foldForSearch } from '@/lib/owners/mirror/search-text';
import { pricesSchema, wireRecordOf } from '@/lib/service/schemas/common';
import { type Expense, expenseSchema } from '@/lib/service/schemas/expense';
import { type Invoice, invoiceSchema } from '@/lib/service/schemas/invoice';

import { databaseKinds, postgresUrl, testDatabaseDuringTests } from '../support/databases';
import { decimalUnits, exactSum } from './decimal';
import { invoice, mirrorRecords } from './query-fixture';

/**
 * The overview's charts and the home page's figures, summed by the database over generated documents, agree with
 * the same sums done here record by record, to the cent: months on the company's calendar, ageing by whole days
 * past due, the top customers by unpaid amount, and the overdue invoices across companies. Another company's
 * documents (with amounts that would show) never count. PGlite and PostgreSQL answer alike.
 */
const TODAY = '2026-03-10';
const PLUGIN = 'plugin-charts';
const ours: MirrorCompany = { pluginId: PLUGIN, tenantId: '20001' };
const second: MirrorCompany = { pluginId: PLUGIN, tenantId: '20002' };
/** Another company (and the same tenant under another add-on): never asked for, never counted. */
const stranger: MirrorCompany = { pluginId: PLUGIN, tenantId: '29999' };
const otherAddon: MirrorCompany = { pluginId: 'plugin-other', tenantId: '20001' };

/** A small deterministic generator (mulberry32): the same documents on every run and database. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

const PARTNERS = ['Hruška s.r.o.', 'HRUŠKA S.R.O.', 'Čierny a syn', 'Alfa', 'Beta plus', 'Gama, a.s.', null];
const PARTNERS_MORE = Array.from({ length: 14 }, (_, i) => `Odberateľ ${i + 1}`);

/** Invoices and expenses of one company, across 15 months, every payment status, some without a due day or amount. */
function documentsOf(seed: number, firstId: number, scale = 1): { invoices: Invoice[]; expenses: Expense[] } {
  const random = generator(seed);
  const make = (id: number) => {
    const issue = addDays(TODAY, -Math.floor(random.next() * 460) + 5);
    const due = random.next() < 0.1 ? null : addDays(issue, Math.floor(random.next() * 200) - 20);
    const cents = Math.floor(random.next() * 500_000) * scale - (random.next() < 0.05 ? 200_000 : 0);
    const eur = (cents / 100).toFixed(2);
    return invoice({
      id,
      number: `FA${String(id).padStart(6, '0')}`,
      partner: random.pick([...PARTNERS, ...PARTNERS_MORE]),
      issue,
      due,
      paid: random.pick([0, 0, 1, 2, 3]),
      totals: random.next() < 0.04 ? null : [(Number(eur) / 1.2).toFixed(2), eur],
    });
  };
  // Unpaid credit notes long past their due day, never overdue: by their type and sign, by their sign alone (a
  // record without its type), by their type alone (a record without its totals).
  const creditNote = (record: Invoice, type: number | null, total: number | null): Invoice => ({
    ...record,
    dueDate: '2025-12-31T00:00:00',
    paymentStatus: 0,
    invoiceType: type,
    prices:
      total === null ? null : pricesSchema.parse({ currency: 'EUR', legislativePrices: { totalPriceInclVat: total } }),
  });
  const invoices = [
    ...Array.from({ length: 240 }, (_, i) => make(firstId + i)),
    creditNote(make(firstId + 240), 1, -1219.55),
    creditNote(make(firstId + 241), null, -80.4),
    creditNote(make(firstId + 242), 1, null),
  ];
  const expenses = Array.from({ length: 163 }, (_, i) => {
    // The invoice's JSON as the service would write it, read again as an expense.
    const source = i < 160 ? make(firstId + 1000 + i) : invoices[80 + i]!;
    const { items: _items, invoiceType, ...shape } = wireRecordOf(invoiceSchema, source);
    return expenseSchema.parse({ ...shape, id: `e-${firstId + i}`, documentType: invoiceType === 1 ? 17 : 10 });
  });
  return { invoices, expenses };
}

const generated = {
  ours: documentsOf(1, 1),
  second: documentsOf(2, 5001),
  stranger: documentsOf(3, 9001, 1000),
  otherAddon: documentsOf(4, 7001, 1000),
};

type Record_ = Invoice | Expense;
const day = (value: string | null | undefined) => value?.slice(0, 10) ?? null;
const eurOf = (record: Record_) => record.prices?.legislativePrices?.totalPriceInclVat;
const isUnpaid = (record: Record_) => record.paymentStatus === 0 || record.paymentStatus === 3;
const lateBy = (record: Record_) =>
  day(record.dueDate) === null
    ? null
    : Math.round((Date.parse(`${TODAY}T00:00:00Z`) - Date.parse(`${day(record.dueDate)}T00:00:00Z`)) / 86_400_000);

/** A credit note (by its type, or a total below zero) lowers what is owed and is never late. */
const creditsThePartner = (record: Record_) =>
  ('invoiceType' in record && record.invoiceType === 1) ||
  ('documentType' in record && record.documentType === 17) ||
  isNegativeAmount(eurOf(record) ?? '0');
const isOverdue = (record: Record_) => isUnpaid(record) && (lateBy(record) ?? 0) > 0 && !creditsThePartner(record);

function bucketOf(record: Record_): AgeingBucket {
  const late = lateBy(record);
  if (late === null || late <= 0 || creditsThePartner(record)) return 'notDue';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  if (late <= 90) return 'days61to90';
  return 'days90plus';
}

/** A figure as the test expects it: the count and the exact sum. */
const figureOf = (records: readonly Record_[]) => ({ count: records.length, eur: exactSum(records.map(eurOf)) });
/**
 * What is left to pay on a generated document, in EUR (lib/owners/mirror/query/left-to-pay-sql.ts): its total in its
 * own currency (always EUR here; nothing paid yet, no sumForPayment), none when the record has no document prices.
 */
const leftOf = (record: Record_) => record.prices?.documentPrices?.totalPriceInclVat;
/** What is unpaid, as the ageing sums it: the count and the exact sum of what is left to pay. */
const leftFigureOf = (records: readonly Record_[]) => ({ count: records.length, eur: exactSum(records.map(leftOf)) });
const units = (figure: { count: number; eur: string }) => ({ count: figure.count, eur: decimalUnits(figure.eur) });

describe.each(databaseKinds)('the overview’s aggregates on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  let charts: OverviewCharts;

  beforeAll(async () => {
    for (const [company, documents] of [
      [ours, generated.ours],
      [second, generated.second],
      [stranger, generated.stranger],
      [otherAddon, generated.otherAddon],
    ] as const) {
      await mirrorRecords(database.db, company, 'invoices', documents.invoices);
      await mirrorRecords(database.db, company, 'expenses', documents.expenses);
    }
    charts = await overviewCharts(database.db, ours, TODAY);
  });

  it('sums invoiced and expenses per month of issue, the last 12 months up to today’s, empty months as 0', () => {
    expect(charts.months.map((month) => month.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    for (const month of charts.months) {
      const of = (records: readonly Record_[]) =>
        records.filter((record) => day(record.issueDate)!.startsWith(month.month));
      expect(units(month.invoices), month.month).toEqual(figureOf(of(generated.ours.invoices)));
      expect(units(month.expenses), month.month).toEqual(figureOf(of(generated.ours.expenses)));
    }
    // Documents issued later this month (the generator issues up to 5 days ahead) count in this month.
    expect(charts.months.at(-1)!.invoices.count).toBeGreaterThan(0);
  });

  it('ages what is left to pay on the unpaid (not paid or partially paid) by whole days past due; no due day is not late', () => {
    for (const [ageing, records] of [
      [charts.receivables, generated.ours.invoices],
      [charts.payables, generated.ours.expenses],
    ] as const) {
      for (const bucket of AGEING_BUCKETS) {
        const expected = leftFigureOf(records.filter((record) => isUnpaid(record) && bucketOf(record) === bucket));
        expect(units(ageing[bucket]), bucket).toEqual(expected);
        expect(expected.count, `${bucket} has documents`).toBeGreaterThan(0);
      }
    }
  });

  it('ranks customers by their unpaid invoices’ total; spellings of one name are one customer', () => {
    const groups = new Map<string | null, Invoice[]>();
    for (const record of generated.ours.invoices.filter(isUnpaid)) {
      const name = record.partner?.address?.businessName ?? null;
      const key = name === null ? null : foldForSearch(name);
      groups.set(key, [...(groups.get(key) ?? []), record]);
    }
    const expected = [...groups.values()]
      .map((records) => ({
        name: records.map((record) => record.partner?.address?.businessName ?? null).sort()[0] ?? null,
        ...figureOf(records),
      }))
      .sort((a, b) => (a.eur === b.eur ? 0 : a.eur > b.eur ? -1 : 1))
      .slice(0, 10);
    expect(charts.topCustomers.map((top) => ({ name: top.name, ...units(top) }))).toEqual(expected);
    expect(charts.topCustomers.map((top) => top.name)).not.toContain('Hruška s.r.o.');
  });

  it('across companies: each one’s unpaid and overdue, and the overdue invoices of exactly those companies', async () => {
    const figures = await unpaidAndOverdue(database.db, [second, ours], TODAY);
    expect(figures.map((entry) => entry.tenantId)).toEqual(['20002', '20001']);
    for (const [entry, documents] of [
      [figures[0]!, generated.second],
      [figures[1]!, generated.ours],
    ] as const) {
      const unpaid = documents.invoices.filter(isUnpaid);
      expect(units(entry.unpaid)).toEqual(leftFigureOf(unpaid));
      expect(units(entry.overdue)).toEqual(leftFigureOf(unpaid.filter(isOverdue)));
    }

    const overdue = [...generated.ours.invoices, ...generated.second.invoices].filter(isOverdue);
    // Unpaid credit notes past their due day are there to be left out, by their type and by their sign alone.
    const lateCredits = [...generated.ours.invoices, ...generated.second.invoices].filter(
      (record) => isUnpaid(record) && (lateBy(record) ?? 0) > 0 && creditsThePartner(record),
    );
    expect(lateCredits.filter((record) => record.invoiceType === 1).length).toBeGreaterThanOrEqual(4);
    expect(lateCredits.filter((record) => record.invoiceType !== 1).length).toBeGreaterThanOrEqual(2);
    const all = await overdueAcross(database.db, [ours, second], { today: TODAY, limit: 1000 });
    expect(all.count).toBe(overdue.length);
    expect(new Set(all.invoices.map((row) => row.id))).toEqual(new Set(overdue.map((record) => String(record.id))));
    const days = all.invoices.map((row) => row.daysOverdue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    for (const row of all.invoices) {
      const record = overdue.find((entry) => String(entry.id) === row.id)!;
      expect(row.tenantId).toBe(record.id < 5001 ? '20001' : '20002');
      expect(row.daysOverdue).toBe(lateBy(record));
    }
    const first = await overdueAcross(database.db, [ours, second], { today: TODAY });
    expect(first.count).toBe(overdue.length);
    expect(first.invoices).toEqual(all.invoices.slice(0, 50));
    // Page by page (the home page's Skip), every overdue invoice once, in the same order.
    expect(all.invoices.length).toBeGreaterThan(50);
    const pages = [];
    for (let skip = 0; skip < all.count; skip += 50) {
      const page = await overdueAcross(database.db, [ours, second], { today: TODAY, skip });
      expect(page.count).toBe(all.count);
      pages.push(...page.invoices);
    }
    expect(pages).toEqual(all.invoices);
  });

  it('a search narrows the overdue list as it narrows a list (folded, every word)', async () => {
    const found = await overdueAcross(database.db, [ours, second], { today: TODAY, q: 'HRUSKA s.r.', limit: 1000 });
    expect(found.count).toBeGreaterThan(0);
    expect(found.count).toBe(found.invoices.length);
    for (const row of found.invoices) expect(foldForSearch(row.partnerName!)).toBe('hruska s.r.o.');
    const none = await overdueAcross(database.db, [ours], { today: TODAY, q: 'nothing-like-this' });
    expect(none).toEqual({ invoices: [], count: 0 });
  });

  it('never reads a company it was not given', async () => {
    const all = await overdueAcross(database.db, [ours], { today: TODAY, limit: 1000 });
    expect(new Set(all.invoices.map((row) => row.tenantId))).toEqual(new Set(['20001']));
    const strangerIds = new Set(
      [...generated.stranger.invoices, ...generated.otherAddon.invoices].map((record) => String(record.id)),
    );
    expect(all.invoices.filter((row) => strangerIds.has(row.id))).toEqual([]);
    expect(await overdueAcross(database.db, [], { today: TODAY })).toEqual({ invoices: [], count: 0 });
    expect(await unpaidAndOverdue(database.db, [], TODAY)).toEqual([]);
    expect(await mirrorReadiness(database.db, [ours, stranger])).toEqual(['preparing', 'preparing']);
  });
});

describe.skipIf(!postgresUrl)('the overview’s aggregates: PGlite and PostgreSQL alike', () => {
  const pglite = testDatabaseDuringTests('pglite');
  const postgres = testDatabaseDuringTests('postgres');

  it('answers the same charts and lists', async () => {
    const answers = await Promise.all(
      [pglite, postgres].map(async (database) => {
        await mirrorRecords(database.db, ours, 'invoices', generated.ours.invoices);
        await mirrorRecords(database.db, ours, 'expenses', generated.ours.expenses);
        await mirrorRecords(database.db, second, 'invoices', generated.second.invoices);
        return {
          charts: await overviewCharts(database.db, ours, TODAY),
          across: await overdueAcross(database.db, [ours, second], { today: TODAY, q: 'odberatel' }),
          figures: await unpaidAndOverdue(database.db, [ours, second], TODAY),
        };
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
  });
});
