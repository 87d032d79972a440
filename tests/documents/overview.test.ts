import { describe, expect, it } from 'vitest';

import type { DataApiClient } from '@/lib/service/client';
import { DataApiError } from '@/lib/service/errors';
import {
  eurTotal,
  isPastDue,
  loadOverview,
  newestFirst,
  OVERVIEW_MAX_PAGES,
  readAllPages,
  summarizeUnpaid,
} from '@/lib/service/records/overview';
import { type Invoice, invoiceSchema } from '@/lib/service/schemas/invoice';

const TODAY = '2026-07-22';

/** An invoice as the service's JSON writes it, parsed as the client parses it (amounts become exact decimals). */
function invoice(
  id: number,
  fields: Record<string, unknown> & { eur?: number | null; currency?: string; own?: number } = {},
): Invoice {
  const { eur = 100, currency = 'EUR', own, ...rest } = fields;
  return invoiceSchema.parse({
    id,
    issueDate: '2026-07-01T00:00:00',
    dueDate: '2026-07-15T00:00:00',
    paymentStatus: 0,
    prices: {
      currency,
      documentPrices: { totalPriceInclVat: own ?? eur },
      legislativePrices: eur === null ? null : { totalPriceInclVat: eur },
    },
    ...rest,
  });
}

describe('unpaid and overdue totals', () => {
  it('counts every unpaid document, and of those the ones due before today, summed in EUR', () => {
    const summary = summarizeUnpaid(
      [
        invoice(1, { eur: 100, dueDate: '2026-07-21T00:00:00' }), // due yesterday: overdue
        invoice(2, { eur: 250.5, dueDate: '2026-07-22T00:00:00' }), // due today: still in time
        invoice(3, { eur: 30.25, dueDate: '2026-08-01T00:00:00' }),
        invoice(4, { eur: 19.99, dueDate: null }), // no due date: never overdue
      ],
      TODAY,
    );
    expect(summary.unpaid).toEqual({ count: 4, eur: '400.74', withoutAmount: 0 });
    expect(summary.overdue).toEqual({ count: 1, eur: '100', withoutAmount: 0 });
    expect(summary.complete).toBe(true);
  });

  it('sums the EUR (legislative) amounts, not the document currency; credit notes subtract from the unpaid', () => {
    const summary = summarizeUnpaid(
      [invoice(1, { currency: 'CZK', own: 2435, eur: 100 }), invoice(2, { invoiceType: 1, eur: -40.1 })],
      TODAY,
    );
    expect(summary.unpaid.eur).toBe('59.9');
    // Both are past due, but a credit note lowers what is owed: it is never itself overdue.
    expect(summary.overdue).toEqual({ count: 1, eur: '100', withoutAmount: 0 });
  });

  it('never counts a credit note as overdue: by its type (invoice 1, expense 17) or by a total below zero', () => {
    const late = { dueDate: '2025-06-01T00:00:00' };
    const summary = summarizeUnpaid(
      [
        invoice(1, { ...late, invoiceType: 1, eur: -1219.55 }),
        invoice(2, { ...late, invoiceType: 1, eur: null, currency: 'CZK' }), // its type alone says so
        invoice(3, { ...late, eur: -12 }), // its sign alone says so
        { ...invoice(4, { ...late, eur: -30 }), documentType: 17 },
        invoice(5, { ...late, eur: 50 }),
      ],
      TODAY,
    );
    expect(summary.unpaid).toEqual({ count: 5, eur: '-1211.55', withoutAmount: 1 });
    expect(summary.overdue).toEqual({ count: 1, eur: '50', withoutAmount: 0 });
  });

  it('adds to the cent however many amounts there are', () => {
    const many = Array.from({ length: 1000 }, (_, i) => invoice(i + 1, { eur: 0.1 }));
    expect(summarizeUnpaid(many, TODAY).unpaid.eur).toBe('100');
  });

  it('falls back to the document amount of a euro document, and counts the rest as without amount', () => {
    expect(eurTotal(invoice(1, { eur: null, currency: 'EUR', own: 12.5 }))).toBe('12.5');
    expect(eurTotal(invoice(2, { eur: null, currency: 'USD', own: 12.5 }))).toBeNull();
    const summary = summarizeUnpaid(
      [invoice(2, { eur: null, currency: 'USD', own: 12.5 }), invoice(3, { eur: 5 })],
      TODAY,
    );
    expect(summary.unpaid).toEqual({ count: 2, eur: '5', withoutAmount: 1 });
  });

  it('treats the due day as in time and a malformed due date as unknown', () => {
    expect(isPastDue('2026-07-21T00:00:00', TODAY)).toBe(true);
    expect(isPastDue('2026-07-22T00:00:00', TODAY)).toBe(false);
    expect(isPastDue('tomorrow', TODAY)).toBe(false);
  });
});

describe('reading a list to its end', () => {
  it('asks for pages of 100 with Skip += 100 and stops at the first short page', async () => {
    const asked: [number, number][] = [];
    const result = await readAllPages(async (skip, top) => {
      asked.push([skip, top]);
      return Array.from({ length: skip < 200 ? top : 37 }, (_, i) => skip + i);
    });
    expect(asked).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
    expect(result.records).toHaveLength(237);
    expect(result.complete).toBe(true);
  });

  it('asks once more after an exactly full last page, which comes back empty', async () => {
    let calls = 0;
    const result = await readAllPages(async (skip) => {
      calls += 1;
      return skip === 0 ? Array.from({ length: 100 }, (_, i) => i) : [];
    });
    expect(calls).toBe(2);
    expect(result).toMatchObject({ complete: true });
  });

  it('keeps what it read, marked partial, when the page’s deadline ends the paging after the first page', async () => {
    const result = await readAllPages(async (skip, top) => {
      if (skip >= 200) throw new DataApiError('unavailable', { deadlineExceeded: true });
      return Array.from({ length: top }, (_, i) => skip + i);
    });
    expect(result).toMatchObject({ complete: false });
    expect(result.records).toHaveLength(200);
  });

  it('fails as the service failed: on the first page, or for any other reason than the deadline', async () => {
    const cut = new DataApiError('unavailable', { deadlineExceeded: true });
    await expect(readAllPages(async () => Promise.reject(cut))).rejects.toBe(cut);
    const down = new DataApiError('unavailable', { status: 503 });
    await expect(
      readAllPages(async (skip, top) => (skip === 0 ? Array.from({ length: top }, (_, i) => i) : Promise.reject(down))),
    ).rejects.toBe(down);
  });

  it('stops after the page limit and says the figures are partial', async () => {
    let calls = 0;
    const result = await readAllPages(async (_skip, top) => {
      calls += 1;
      return Array.from({ length: top }, (_, i) => i);
    });
    expect(calls).toBe(OVERVIEW_MAX_PAGES);
    expect(result.complete).toBe(false);
  });
});

describe('latest documents', () => {
  it('sorts by issue day, newest first, then by id, newest first (the API promises no order)', () => {
    const sorted = newestFirst([
      invoice(5, { issueDate: '2026-07-01T00:00:00' }),
      invoice(9, { issueDate: '2026-07-20T00:00:00' }),
      invoice(7, { issueDate: '2026-07-20T00:00:00' }),
      invoice(8, { issueDate: null }),
      invoice(6, { issueDate: '2026-07-10T00:00:00' }),
    ]);
    expect(sorted.map((i) => i.id)).toEqual([9, 7, 6, 5, 8]);
  });
});

describe('the overview from the data API', () => {
  it('makes one pass per list: unpaid paged to the end, latest from the last 60 days', async () => {
    const unpaid = Array.from({ length: 130 }, (_, i) =>
      invoice(i + 1, { eur: 10, dueDate: i < 30 ? '2026-07-01T00:00:00' : '2026-08-01T00:00:00' }),
    );
    const recent = [
      invoice(500, { issueDate: '2026-07-10T00:00:00' }),
      invoice(501, { issueDate: '2026-07-21T00:00:00' }),
      invoice(502, { issueDate: '2026-07-21T00:00:00' }),
    ];
    const queries: Record<string, unknown>[] = [];
    const list = (kind: 'invoices' | 'expenses') => async (query: Record<string, unknown>) => {
      queries.push({ kind, ...query });
      const skip = Number(query.Skip ?? 0);
      const top = Number(query.Top);
      if (kind === 'expenses') {
        if (query.PaymentStatus === '0') throw new DataApiError('not-found'); // a list's 404: nothing unpaid
        return [];
      }
      return (query.PaymentStatus === '0' ? unpaid : recent).slice(skip, skip + top);
    };
    const client = {
      invoices: { list: list('invoices') },
      expenses: { list: list('expenses') },
    } as unknown as DataApiClient;

    const overview = await loadOverview(client, new Date('2026-07-22T08:00:00Z'), TODAY);

    expect(overview.invoices.unpaid).toEqual({ count: 130, eur: '1300', withoutAmount: 0 });
    expect(overview.invoices.overdue).toEqual({ count: 30, eur: '300', withoutAmount: 0 });
    expect(overview.expenses.unpaid.count).toBe(0);
    expect(overview.latestInvoices.map((i) => i.id)).toEqual([502, 501, 500]);
    expect(overview.computedAt).toBe('2026-07-22T08:00:00.000Z');
    expect(queries).toEqual(
      expect.arrayContaining([
        { kind: 'invoices', PaymentStatus: '0', Top: 100, Skip: 0 },
        { kind: 'invoices', PaymentStatus: '0', Top: 100, Skip: 100 },
        { kind: 'invoices', IssueDateFrom: '2026-05-23', Top: 100, Skip: 0 },
        { kind: 'expenses', IssueDateFrom: '2026-05-23', Top: 100, Skip: 0 },
      ]),
    );
    // No separate question for "overdue": it comes out of the unpaid pass.
    expect(queries.filter((q) => q.kind === 'invoices')).toHaveLength(3);
  });
});
