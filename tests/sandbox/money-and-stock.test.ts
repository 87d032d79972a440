/**
 * Money and stock at the sizes the sandbox's settings ask for: payments paired with the invoices they pay (number,
 * variable symbol, partner, currency, amount; partial payments too) on bank and cash accounts with valid IBANs, and
 * catalog items with EAN-13 codes and their quantity in each of several warehouses.
 */
import { isValidIBAN } from 'ibantools';
import { beforeAll, describe, expect, it } from 'vitest';

import { dataApiDuringTests } from './data-api-harness';

const api = dataApiDuringTests();
const control = () => api.sandbox.dataApi;

/** ISO 13616's check digits and, for Slovak and Czech accounts, the national check of the account number. */
const validIban = (iban: string) => isValidIBAN(iban);

/** GS1: the 13 digits weighted 1, 3, 1, … from the left sum to a multiple of 10. */
function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return sum % 10 === 0;
}

const cents = (n: number) => Math.round(n * 100);
/** A payment as both lists write it: the invoice's own entry and the payment list's record. */
const entry = (date: string, amount: number, accountId: number | null) =>
  `${date.slice(0, 10)} ${cents(amount)} ${accountId}`;
const sorted = (values: string[]) => [...values].sort();

function groupBy<T>(list: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

describe('a company at 20 000 payments and 5 000 catalog items', () => {
  const T = '10001';
  let payments: any[];
  let invoices: any[];
  let accounts: any[];
  let items: any[];
  let warehouses: any[];

  beforeAll(async () => {
    expect(control().setVolume(T, { payments: 20_000, catalogItems: 5_000 })).toEqual({
      payments: 20_000,
      catalogItems: 5_000,
    });
    payments = await api.getAll(T, '/api/payments');
    invoices = await api.getAll(T, '/api/invoices?ExtendedFields=Payments');
    accounts = (await api.get(T, '/api/payments/accounts')).body.data;
    items = await api.getAll(T, '/api/catalog-items');
    warehouses = (await api.get(T, '/api/warehouses')).body.data;
  }, 120_000);

  it('lists exactly 20 000 payments, each once, newest first, and as many invoices as they pay', () => {
    expect(control().counts(T)).toMatchObject({ payments: 20_000, catalogItems: 5_000, invoices: invoices.length });
    expect(payments).toHaveLength(20_000);
    expect(new Set(payments.map((p) => p.id)).size).toBe(20_000);
    expect(payments.every((p, i) => i === 0 || payments[i - 1].dateOfPayment >= p.dateOfPayment)).toBe(true);
    // About 1.2 invoices a payment: some are unpaid, some paid without an account, some paid in two.
    expect(invoices.length).toBeGreaterThan(20_000);
    expect(invoices.length).toBeLessThan(30_000);
  });

  it('pairs each payment with the invoice it pays: number, variable symbol, partner, currency, date and amount', () => {
    const byNumber = new Map(invoices.map((invoice) => [invoice.documentNumber, invoice]));
    for (const payment of payments) {
      const invoice = byNumber.get(payment.documentNumber);
      expect(invoice, payment.documentNumber).toBeDefined();
      expect(payment.variableSymbol).toBe(invoice.variableSymbol);
      expect(payment.partnerName).toBe(invoice.partner.address.businessName);
      expect(payment.currency).toBe(invoice.prices.currency);
    }
    // Every payment an invoice records with an account is listed, and nothing else: the same dates, amounts, accounts.
    const listed = groupBy(payments, (p) => p.documentNumber);
    for (const invoice of invoices) {
      const own = invoice.payments.filter((p: any) => p.accountId !== null);
      expect(
        sorted(
          (listed.get(invoice.documentNumber) ?? []).map((p) => entry(p.dateOfPayment, p.sumOfPayment, p.accountId)),
        ),
      ).toEqual(sorted(own.map((p: any) => entry(p.date, p.amount, p.accountId))));
      expect(cents(invoice.sumOfPayments)).toBe(
        invoice.payments.reduce((sum: number, p: any) => sum + cents(p.amount), 0),
      );
    }
  });

  it('has partial payments: part-paid invoices, and invoices paid in two', () => {
    const byNumber = new Map(invoices.map((invoice) => [invoice.documentNumber, invoice]));
    const partial = payments.filter((p) => byNumber.get(p.documentNumber).paymentStatus === 3);
    expect(partial.length).toBeGreaterThan(500);
    for (const payment of partial.slice(0, 200)) {
      expect(Math.abs(payment.sumOfPayment)).toBeLessThan(
        Math.abs(byNumber.get(payment.documentNumber).prices.documentPrices.totalPriceInclVat),
      );
    }
    const inTwo = [...groupBy(payments, (p) => p.documentNumber).values()].filter((group) => group.length === 2);
    expect(inTwo.length).toBeGreaterThan(500);
  });

  it('gives payments their currency, partner, message, reference, payer IBAN and external id, as the service does', () => {
    for (const payment of payments) {
      for (const field of [
        'currency',
        'partnerName',
        'remittanceInformation',
        'paymentReference',
        'iban',
        'externalId',
      ])
        expect(payment).toHaveProperty(field);
      if (payment.iban !== null) expect(validIban(payment.iban), payment.iban).toBe(true);
    }
    const cash = accounts.find((a) => a.type === 'cash');
    const byCash = payments.filter((p) => p.accountId === cash.id);
    expect(byCash.length).toBeGreaterThan(100);
    expect(byCash.every((p) => p.iban === null && p.paymentType === 3)).toBe(true);
    const byBank = payments.filter((p) => p.accountId !== cash.id);
    expect(byBank.filter((p) => p.iban !== null).length).toBeGreaterThan(10_000);
    expect(byBank.filter((p) => p.remittanceInformation?.includes(p.documentNumber)).length).toBeGreaterThan(10_000);
    expect(byBank.filter((p) => p.paymentReference === `/VS${p.variableSymbol}/SS/KS0308`).length).toBeGreaterThan(
      5_000,
    );
    expect(payments.filter((p) => p.externalId !== null).length).toBeGreaterThan(1_000);
    expect(new Set(payments.map((p) => p.currency)).size).toBeGreaterThan(2);
  });

  it('keeps bank accounts with valid IBANs in their currencies and one cash account, each with payments', () => {
    const banks = accounts.filter((a) => a.type === 'bank');
    expect(banks.length).toBeGreaterThanOrEqual(2);
    for (const bank of banks) expect(validIban(bank.iban), bank.iban).toBe(true);
    expect(new Set(banks.map((a) => a.currency))).toEqual(new Set(['EUR', 'CZK']));
    expect(accounts.filter((a) => a.type === 'cash')).toEqual([
      expect.objectContaining({ iban: null, currency: 'EUR' }),
    ]);
    for (const account of accounts) expect(payments.some((p) => p.accountId === account.id)).toBe(true);
  });

  it('lists exactly 5 000 catalog items, each once under its own code and name, oldest change first', () => {
    expect(items).toHaveLength(5_000);
    expect(new Set(items.map((i) => i.itemCode)).size).toBe(5_000);
    expect(new Set(items.map((i) => i.name)).size).toBe(5_000);
    const times = items.map((i) => Date.parse(`${i.lastModifiedTimestamp}Z`));
    expect(times.every((t, i) => i === 0 || times[i - 1]! <= t)).toBe(true);
  });

  it('gives most items a valid EAN-13 of their own, and some none', () => {
    const eans = items.map((i) => i.eanCode).filter((code): code is string => code !== null);
    expect(eans.every(validEan13)).toBe(true);
    expect(new Set(eans).size).toBe(eans.length);
    expect(eans.length).toBeGreaterThan(4_000);
    expect(items.length - eans.length).toBeGreaterThan(100);
  });

  it('keeps quantities per warehouse: several warehouses, some at zero, a few below, fractions for weighed goods', () => {
    expect(warehouses.length).toBeGreaterThanOrEqual(3);
    const codes = new Set(warehouses.map((w) => w.code));
    const stock = items.flatMap((item) => item.warehouses.map((w: any) => ({ item, ...w })));
    expect(stock.every((s) => codes.has(s.code))).toBe(true);
    for (const code of codes) expect(stock.filter((s) => s.code === code).length).toBeGreaterThan(1_000);
    expect(items.filter((i) => i.warehouses.length > 1).length).toBeGreaterThan(2_000);
    expect(items.every((i) => i.warehouses.length > 0)).toBe(true);
    const zero = stock.filter((s) => s.quantityOnHand === 0).length;
    const negative = stock.filter((s) => s.quantityOnHand < 0).length;
    expect(zero / stock.length).toBeGreaterThan(0.05);
    expect(negative).toBeGreaterThan(20);
    expect(negative / stock.length).toBeLessThan(0.06);
    const weighed = stock.filter((s) => s.item.unit === 'kg' && s.quantityOnHand !== 0);
    expect(weighed.length).toBeGreaterThan(100);
    expect(
      weighed.every((s) => !Number.isInteger(s.quantityOnHand) && cents(s.quantityOnHand) / 100 === s.quantityOnHand),
    ).toBe(true);
  });
});

describe('a payment volume beside an invoice count', () => {
  it('fewer payments than the invoices carry: the rest stay on their invoices, entered without an account', async () => {
    const T = '10003';
    control().setVolume(T, { payments: 100 });
    const payments = await api.getAll(T, '/api/payments');
    const invoices = await api.getAll(T, '/api/invoices?ExtendedFields=Payments');
    expect(payments).toHaveLength(100);
    expect(invoices.length).toBeGreaterThanOrEqual(250);
    const withAccount = invoices.flatMap((i) =>
      i.payments.filter((p: any) => p.accountId !== null).map((p: any) => ({ ...p, number: i.documentNumber })),
    );
    expect(sorted(withAccount.map((p) => `${p.number} ${entry(p.date, p.amount, p.accountId)}`))).toEqual(
      sorted(payments.map((p) => `${p.documentNumber} ${entry(p.dateOfPayment, p.sumOfPayment, p.accountId)}`)),
    );
    const withoutAccount = invoices.flatMap((i) => i.payments.filter((p: any) => p.accountId === null));
    expect(withoutAccount.length).toBeGreaterThan(100);
    for (const invoice of invoices) {
      expect(cents(invoice.sumOfPayments)).toBe(
        invoice.payments.reduce((sum: number, p: any) => sum + cents(p.amount), 0),
      );
    }
    control().setVolume(T, null);
  });

  it('more payments than the invoices asked for carry: the rest are receipts no document claims', async () => {
    const T = '10002';
    control().setVolume(T, { invoices: 500, payments: 1_500 });
    const payments = await api.getAll(T, '/api/payments');
    const invoices = await api.getAll(T, '/api/invoices?ExtendedFields=Payments');
    const accounts = new Set((await api.get(T, '/api/payments/accounts')).body.data.map((a: any) => a.id));
    expect(invoices).toHaveLength(500);
    expect(payments).toHaveLength(1_500);
    expect(new Set(payments.map((p) => p.id)).size).toBe(1_500);
    const carried = invoices.flatMap((i) => i.payments.filter((p: any) => p.accountId !== null));
    const paired = payments.filter((p) => p.documentNumber !== null);
    expect(paired).toHaveLength(carried.length);
    const unpaired = payments.filter((p) => p.documentNumber === null);
    expect(unpaired).toHaveLength(1_500 - carried.length);
    for (const payment of unpaired) {
      expect(accounts.has(payment.accountId)).toBe(true);
      expect(payment.sumOfPayment).toBeGreaterThan(0);
      expect(payment.note).toBe('Nespárovaná platba');
      if (payment.iban !== null) expect(validIban(payment.iban)).toBe(true);
    }
    const numbers = new Set(invoices.map((i) => i.variableSymbol));
    expect(unpaired.some((p) => p.variableSymbol !== null && !numbers.has(p.variableSymbol))).toBe(true);
    control().setVolume(T, null);
  });
});

describe('the settings of payments and catalog items', () => {
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${api.sandbox.url}/admin/data-api/volume`, { method: 'POST', headers, body, redirect: 'manual' });

  it('POST /admin/data-api/volume takes payments and catalogItems as JSON, beside the documents’ counts', async () => {
    const res = await post(JSON.stringify({ tenantId: '20001', invoices: 400, payments: 250, catalogItems: 90 }), {
      'Content-Type': 'application/json',
    });
    expect(await res.json()).toEqual({
      tenantId: '20001',
      volume: { invoices: 400, payments: 250, catalogItems: 90 },
    });
    expect(control().counts('20001')).toMatchObject({ invoices: 400, payments: 250, catalogItems: 90 });
    expect(await api.getAll('20001', '/api/catalog-items')).toHaveLength(90);
    control().setVolume('20001', null);
  });

  it('takes them from the home page’s form, shows them on the panel, and refuses counts beyond their maximum', async () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: api.sandbox.url };
    const res = await post('tenantId=20001&invoices=&expenses=&deliveryNotes=&payments=300&catalogItems=80', form);
    expect(res.status).toBe(303);
    expect(control().volumes()['20001']).toEqual({ payments: 300, catalogItems: 80 });
    const page = await (await fetch(`${api.sandbox.url}/`)).text();
    expect(page).toContain('<b>300 payments, 80 catalog items</b>');
    expect(page).toContain('name="payments"');
    expect(page).toContain('name="catalogItems"');
    expect((await post('tenantId=20001&payments=50001', form)).status).toBe(400);
    expect((await post('tenantId=20001&catalogItems=50001', form)).status).toBe(400);
    expect(control().volumes()['20001']).toEqual({ payments: 300, catalogItems: 80 });
    control().setVolume('20001', null);
  });
});
