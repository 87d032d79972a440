/**
 * Every company the sandbox knows gets a full set of realistic business data: enough documents to page through,
 * every payment state, overdue invoices, credit notes, foreign currencies, all expense types, delivery notes.
 */
import { describe, expect, it } from 'vitest';

import { companies } from '../../sandbox/directory';
import { dataApiDuringTests, startDataApi, TODAY } from './data-api-harness';

const api = dataApiDuringTests();

const DATE = /^\d{4}-\d{2}-\d{2}T00:00:00$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{2})?$/;
const cents = (n: number) => Math.round(n * 100);

describe.each(companies.map((c) => [c.tenantId, c.name]))('company %s (%s)', (tenantId) => {
  it('has at least 250 invoices in every payment state, some overdue, with well-formed fields', async () => {
    const invoices = await api.getAll(tenantId, '/api/invoices?ExtendedFields=Items,VatBreakdowns,Payments');
    expect(invoices.length).toBeGreaterThanOrEqual(250);
    expect(new Set(invoices.map((i) => i.id)).size).toBe(invoices.length);
    expect(new Set(invoices.map((i) => i.paymentStatus))).toEqual(new Set([0, 1, 2, 3]));
    const overdue = invoices.filter(
      (i) => (i.paymentStatus === 0 || i.paymentStatus === 3) && i.dueDate.slice(0, 10) < TODAY,
    );
    expect(overdue.length).toBeGreaterThan(10);
    expect(invoices.filter((i) => i.paymentStatus === 0 && i.dueDate.slice(0, 10) >= TODAY).length).toBeGreaterThan(5);

    for (const invoice of invoices) {
      expect(Number.isSafeInteger(invoice.id)).toBe(true);
      expect(invoice.documentNumber.length).toBeLessThanOrEqual(20);
      expect(invoice.documentNumber.startsWith(invoice.numberingSequence)).toBe(true);
      expect(invoice.numberingSequence.length).toBeLessThanOrEqual(5);
      for (const field of ['issueDate', 'deliveryDate', 'dueDate']) expect(invoice[field]).toMatch(DATE);
      expect(invoice.lastModifiedTimestamp).toMatch(TIMESTAMP);
      expect(invoice.partner.address.businessName ?? invoice.partner.address.contactName).toBeTruthy();
      expect(invoice).toHaveProperty('internalNote'); // an unknown field clients must ignore
      expect(invoice.pdfReportLink).toContain(`/api/invoices/${invoice.id}/reports/`);
    }
  });

  it('keeps amounts consistent: totals are sums of the items, credit notes negative, EUR beside foreign currencies', async () => {
    const invoices = await api.getAll(tenantId, '/api/invoices?ExtendedFields=Items,VatBreakdowns,Payments');
    for (const invoice of invoices) {
      const { documentPrices: doc, legislativePrices: eur } = invoice.prices;
      expect(cents(doc.totalPrice)).toBe(
        invoice.items.reduce((sum: number, item: any) => sum + cents(item.totalPrice), 0),
      );
      expect(cents(doc.vatTotalPrice)).toBe(
        invoice.vatBreakdowns.reduce((sum: number, b: any) => sum + cents(b.vat), 0),
      );
      expect(cents(doc.totalPriceInclVat)).toBe(cents(doc.totalPrice) + cents(doc.vatTotalPrice));
      expect(Math.abs(eur.totalPriceInclVat - doc.totalPriceInclVat / invoice.prices.exchangeRate)).toBeLessThan(0.03);
      expect(cents(invoice.sumOfPayments)).toBe(
        invoice.payments.reduce((sum: number, p: any) => sum + cents(p.amount), 0),
      );
      expect(cents(invoice.sumForPayment)).toBe(cents(doc.totalPriceInclVat) - cents(invoice.sumOfPayments));
      for (const value of [doc.totalPrice, doc.vatTotalPrice, doc.totalPriceInclVat, invoice.sumOfPayments]) {
        expect(Math.round(value * 100) / 100).toBe(value);
      }
    }
    const creditNotes = invoices.filter((i) => i.invoiceType === 1);
    expect(creditNotes.length).toBeGreaterThan(5);
    for (const note of creditNotes) {
      expect(note.prices.documentPrices.totalPriceInclVat).toBeLessThan(0);
      expect(note.prices.legislativePrices.totalPriceInclVat).toBeLessThan(0);
    }
    expect(invoices.some((i) => i.invoiceType === 2)).toBe(true);
    const currencies = new Set(invoices.map((i) => i.prices.currency));
    expect(currencies.has('EUR')).toBe(true);
    expect([...currencies].filter((c) => c !== 'EUR').length).toBeGreaterThanOrEqual(2);
  });

  it('has at least 150 expenses covering every document type, some without a due date', async () => {
    const expenses = await api.getAll(tenantId, '/api/expenses');
    expect(expenses.length).toBeGreaterThanOrEqual(150);
    expect(new Set(expenses.map((e) => e.documentType))).toEqual(new Set([10, 11, 13, 14, 15, 17, 19]));
    expect(new Set(expenses.map((e) => e.id)).size).toBe(expenses.length);
    for (const expense of expenses) {
      expect(expense.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(expense.receivedDate).toMatch(DATE);
      expect(typeof expense.hasAttachments).toBe('boolean');
      if (expense.documentType === 17) expect(expense.prices.documentPrices.totalPriceInclVat).toBeLessThan(0);
    }
    expect(expenses.some((e) => !('dueDate' in e))).toBe(true);
    expect(expenses.filter((e) => e.hasAttachments).length).toBeGreaterThan(50);
  });

  it('has at least 60 delivery notes', async () => {
    const notes = await api.getAll(tenantId, '/api/delivery-notes');
    expect(notes.length).toBeGreaterThanOrEqual(60);
    expect(new Set(notes.map((n) => n.id)).size).toBe(notes.length);
  });
});

describe('generation', () => {
  it('is reproducible: a second sandbox serves the same documents for the same company and day', async () => {
    const other = await startDataApi();
    try {
      const first = await api.get('10002', '/api/invoices?Top=20&ExtendedFields=Items');
      const second = await other.get('10002', '/api/invoices?Top=20&ExtendedFields=Items');
      // Equal but for the links, which carry each sandbox's own address.
      const withoutOrigin = (body: unknown, url: string) => JSON.parse(JSON.stringify(body).replaceAll(url, ''));
      expect(withoutOrigin(second.body, other.sandbox.url)).toEqual(withoutOrigin(first.body, api.sandbox.url));
    } finally {
      await other.close();
    }
  });

  it('differs between companies: different numbering sequences, partners and trades', async () => {
    const sets = new Set<string>();
    const firstItems = new Set<string>();
    for (const { tenantId } of companies) {
      const sequences = (await api.get(tenantId, '/api/numberingSequences')).body.data;
      sets.add(
        sequences
          .filter((s: any) => s.evidence === 'invoices')
          .map((s: any) => s.code)
          .join(','),
      );
      firstItems.add((await api.get(tenantId, '/api/catalog-items?Top=1')).body.data[0]?.itemCode.slice(0, 3));
    }
    expect(sets.size).toBeGreaterThan(1);
    expect(firstItems.size).toBe(companies.length);
  });

  it('serves full volumes to a company the directory does not know, too', async () => {
    expect((await api.getAll('77777', '/api/invoices')).length).toBeGreaterThanOrEqual(250);
  });
});
