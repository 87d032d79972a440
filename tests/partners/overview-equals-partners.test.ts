import { beforeAll, describe, expect, it } from 'vitest';

import { amountOf } from '@/lib/base/money';
import { overviewFromMirror } from '@/lib/features/overview/queries/cards';
import { AGEING_BUCKETS, overviewCharts } from '@/lib/features/overview/queries/charts';
import { partnersOf } from '@/lib/features/partners/queries/partners';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { companyA, storePartners, TODAY } from './partner-fixture';

/**
 * The overview's money and the partners' pages sum by one rule: what is left to pay, in EUR by each document's own
 * ratio, a credit note netted into what is owed and never overdue. On a company with partly paid invoices (one in
 * CZK), a paid one and a credit note, the overview's "unpaid" card is the partners' total receivables, its "overdue"
 * card their overdue receivables, its ageing chart the sum of their ageing and its top customers their receivables,
 * partner by partner. PGlite and PostgreSQL answer alike.
 */
describe.each(databaseKinds)('the overview agrees with the partners on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  beforeAll(async () => {
    await storePartners(database.db);
  });

  const partners = () => partnersOf(database.db, companyA, { top: null, skip: 0, today: TODAY });

  it('unpaid is the partners’ total receivables, overdue their overdue receivables', async () => {
    const { totals } = await partners();
    const overview = await overviewFromMirror(database.db, companyA, new Date(), TODAY);
    expect(overview.invoices.unpaid.eur).toBe(amountOf(totals.receivables));
    expect(overview.invoices.overdue.eur).toBe(amountOf(totals.overdueReceivables));
    expect(overview.expenses.unpaid.eur).toBe(amountOf(totals.payables));
    expect(overview.expenses.overdue.eur).toBe(amountOf(totals.overduePayables));
    expect(overview.invoices.unpaid.withoutAmount).toBe(0);
  });

  it('the ageing chart is the partners’ ageing summed, bucket by bucket', async () => {
    const { partners: rows } = await partners();
    const charts = await overviewCharts(database.db, companyA, TODAY);
    for (const bucket of AGEING_BUCKETS) {
      const cents = (side: 'receivablesAgeing' | 'payablesAgeing') =>
        rows.reduce((sum, row) => sum + Math.round(Number(row[side][bucket]) * 100), 0);
      expect(Math.round(Number(charts.receivables[bucket].eur) * 100), bucket).toBe(cents('receivablesAgeing'));
      expect(Math.round(Number(charts.payables[bucket].eur) * 100), bucket).toBe(cents('payablesAgeing'));
    }
  });

  it('the top customers are the partners owing most, with their receivables and names', async () => {
    const { partners: rows } = await partnersOf(database.db, companyA, {
      top: null,
      skip: 0,
      today: TODAY,
      sort: { key: 'receivables', descending: true },
    });
    const charts = await overviewCharts(database.db, companyA, TODAY);
    const owing = rows.filter((row) => Number(row.receivables) > 0);
    expect(owing.length).toBeGreaterThan(1);
    expect(charts.topCustomers.map((top) => [top.name, Number(top.eur)])).toEqual(
      owing.map((row) => [row.name, Number(row.receivables)]),
    );
  });
});
