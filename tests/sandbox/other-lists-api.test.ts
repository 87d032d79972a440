/**
 * Delivery notes, payments, payment accounts, numbering sequences, warehouses and catalog items.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { dataApiDuringTests } from './data-api-harness';
import { expectValidPdf } from './file-checks';

const T = '10004';
const api = dataApiDuringTests();

const ids = (list: any[]) => list.map((x) => x.id);

describe('delivery notes', () => {
  let all: any[];
  beforeAll(async () => {
    all = await api.getAll(T, '/api/delivery-notes?ExtendedFields=Items');
  });

  it('lists delivery notes newest first, with items only when ExtendedFields=Items', async () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(all.every((n, i) => i === 0 || all[i - 1].issueDate >= n.issueDate)).toBe(true);
    expect(all[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        documentNumber: expect.any(String),
        numberingSequence: expect.any(String),
        partner: expect.any(Object),
        issueDate: expect.any(String),
        deliveryDate: expect.any(String),
        lastModifiedTimestamp: expect.any(String),
        prices: expect.any(Object),
      }),
    );
    expect(all[0].items.length).toBeGreaterThan(0);
    const [plain] = (await api.get(T, '/api/delivery-notes?Top=1')).body.data;
    expect(plain).not.toHaveProperty('items');
  });

  it('filters by issue date, numbering sequence, document number range and last change', async () => {
    const [from, to] = [all[40].issueDate.slice(0, 10), all[5].issueDate.slice(0, 10)];
    expect(ids(await api.getAll(T, `/api/delivery-notes?IssueDateFrom=${from}&IssueDateTo=${to}`))).toEqual(
      ids(all.filter((n) => n.issueDate.slice(0, 10) >= from && n.issueDate.slice(0, 10) <= to)),
    );
    const code = all[0].numberingSequence;
    expect(ids(await api.getAll(T, `/api/delivery-notes?NumberingSequence=${code}`))).toEqual(
      ids(all.filter((n) => n.numberingSequence === code)),
    );
    const numbers = all.map((n) => n.documentNumber).sort();
    const ranged = await api.getAll(
      T,
      `/api/delivery-notes?DocumentNumberFrom=${numbers[10]}&DocumentNumberTo=${numbers[19]}`,
    );
    expect(ranged.map((n) => n.documentNumber).sort()).toEqual(numbers.slice(10, 20));
    const since = all
      .map((n) => n.lastModifiedTimestamp)
      .sort()
      .at(-5);
    expect((await api.getAll(T, `/api/delivery-notes?LastModifiedTimestamp=${since}`)).length).toBeGreaterThanOrEqual(
      5,
    );
  });

  it.each([
    ['ExtendedFields=Payments', 'ExtendedFields'],
    ['NumberingSequence=TOOLONG', 'NumberingSequence'],
    [`DocumentNumberTo=${'9'.repeat(21)}`, 'DocumentNumberTo'],
    ['IssueDateFrom=2026-11-02&IssueDateTo=2026-11-01', 'IssueDateFrom'],
    ['Skip=x', 'Skip'],
  ])('%s answers 400 naming %s', async (query, field) => {
    const res = await api.get(T, `/api/delivery-notes?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('answers a single delivery note at the top level with its items; 404 and 400 otherwise', async () => {
    const res = await api.get(T, `/api/delivery-notes/${all[3].id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(all[3]);
    expect((await api.get(T, '/api/delivery-notes/7')).status).toBe(404);
    expect((await api.get(T, '/api/delivery-notes/seven')).status).toBe(400);
  });

  it('serves reports and preview links like invoices do', async () => {
    const note = all[0];
    const res = await api.call(T, `/api/delivery-notes/${note.id}/reports/17`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${note.documentNumber}.pdf"`);
    expect(expectValidPdf(Buffer.from(await res.arrayBuffer()))).toContain(note.documentNumber);
    const link = await api.get(T, `/api/delivery-notes/${note.id}/reports/19/previewLink`);
    expect((await fetch(link.body.data.url)).headers.get('content-type')).toBe('application/pdf');
    expect((await api.get(T, `/api/delivery-notes/${note.id}/reports/1`)).status).toBe(400);
  });
});

describe('payments and accounts', () => {
  let payments: any[];
  let accounts: any[];
  beforeAll(async () => {
    payments = await api.getAll(T, '/api/payments');
    accounts = (await api.get(T, '/api/payments/accounts')).body.data;
  });

  it('lists bank and cash accounts', () => {
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) {
      expect(account).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        iban: account.type === 'bank' ? expect.stringMatching(/^SK\d{22}$/) : null,
        currency: expect.any(String),
        type: expect.stringMatching(/^(bank|cash)$/),
      });
    }
  });

  it('lists only payments entered with an account, newest first', () => {
    expect(payments.length).toBeGreaterThan(100);
    const known = new Set(ids(accounts));
    expect(payments.every((p) => known.has(p.accountId))).toBe(true);
    expect(payments.every((p, i) => i === 0 || payments[i - 1].dateOfPayment >= p.dateOfPayment)).toBe(true);
    expect(payments[0]).toEqual(
      expect.objectContaining({
        dateOfPayment: expect.any(String),
        sumOfPayment: expect.any(Number),
        variableSymbol: expect.any(String),
        lastModifiedTimestamp: expect.any(String),
      }),
    );
  });

  it('filters by payment date, account, external id, IBAN and last change', async () => {
    const [from, to] = [payments[50].dateOfPayment.slice(0, 10), payments[10].dateOfPayment.slice(0, 10)];
    expect(ids(await api.getAll(T, `/api/payments?PaymentDateFrom=${from}&PaymentDateTo=${to}`))).toEqual(
      ids(payments.filter((p) => p.dateOfPayment.slice(0, 10) >= from && p.dateOfPayment.slice(0, 10) <= to)),
    );
    const account = accounts[0].id;
    expect(ids(await api.getAll(T, `/api/payments?AccountId=${account}`))).toEqual(
      ids(payments.filter((p) => p.accountId === account)),
    );
    const external = payments.find((p) => p.externalId);
    expect(ids(await api.getAll(T, `/api/payments?ExternalId=${external.externalId}`))).toEqual([external.id]);
    const withIban = payments.find((p) => p.iban);
    const spaced = withIban.iban.toLowerCase().replace(/(.{4})/g, '$1 ');
    expect(ids(await api.getAll(T, `/api/payments?Iban=${encodeURIComponent(spaced)}`))).toContain(withIban.id);
    const since = payments
      .map((p) => p.lastModifiedTimestamp)
      .sort()
      .at(-3);
    expect((await api.getAll(T, `/api/payments?LastModifiedTimestamp=${since}`)).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a non-numeric AccountId and reversed dates', async () => {
    expect((await api.get(T, '/api/payments?AccountId=main')).body.errors).toHaveProperty('AccountId');
    expect((await api.get(T, '/api/payments?PaymentDateFrom=2026-02-01&PaymentDateTo=2026-01-01')).status).toBe(400);
  });
});

describe('reference data', () => {
  it('lists numbering sequences with codes of at most 5 characters for every book', async () => {
    const { data } = (await api.get(T, '/api/numberingSequences')).body;
    expect(new Set(data.map((s: any) => s.evidence))).toEqual(
      new Set(['invoices', 'deliveryNotes', 'expenses', 'receivedOrders']),
    );
    for (const sequence of data) {
      expect(sequence).toEqual(
        expect.objectContaining({ id: expect.any(Number), name: expect.any(String), code: expect.any(String) }),
      );
      expect(sequence.code.length).toBeLessThanOrEqual(5);
    }
  });

  it('lists warehouses', async () => {
    const { data } = (await api.get('10001', '/api/warehouses')).body;
    expect(data.length).toBeGreaterThan(1);
    expect(data[0]).toEqual({ id: expect.any(Number), code: expect.any(String), name: expect.any(String) });
  });

  describe('catalog items', () => {
    let items: any[];
    beforeAll(async () => {
      items = await api.getAll('10001', '/api/catalog-items');
    });

    it('lists stock cards with their warehouses, oldest change first (the order an incremental reader needs)', () => {
      expect(items.length).toBeGreaterThan(50);
      expect(items[0]).toEqual({
        itemCode: expect.any(String),
        name: expect.any(String),
        unit: expect.any(String),
        eanCode: expect.stringMatching(/^\d{13}$/),
        price: expect.any(Number),
        vatRate: expect.any(Number),
        warehouses: expect.arrayContaining([{ code: expect.any(String), quantityOnHand: expect.any(Number) }]),
        lastModifiedTimestamp: expect.any(String),
        markedForEshop: expect.any(Boolean),
      });
      const times = items.map((i) => Date.parse(`${i.lastModifiedTimestamp}Z`));
      expect(times.every((t, i) => i === 0 || times[i - 1]! <= t)).toBe(true);
    });

    it('CatalogItemChangedTimestamp returns what changed since; ItemCode, Name and OnlyMarkedForEshop narrow', async () => {
      const since = items[items.length - 10].lastModifiedTimestamp;
      const changed = await api.getAll('10001', `/api/catalog-items?catalogItemChangedTimestamp=${since}`);
      expect(changed.map((i) => i.itemCode)).toEqual(items.slice(-10).map((i) => i.itemCode));
      expect(
        (await api.getAll('10001', `/api/catalog-items?ItemCode=${items[3].itemCode.toLowerCase()}`)).map(
          (i) => i.itemCode,
        ),
      ).toEqual([items[3].itemCode]);
      const word = items[0].name.split(' ')[0].toUpperCase();
      const named = await api.getAll('10001', `/api/catalog-items?Name=${encodeURIComponent(word)}`);
      expect(named.length).toBeGreaterThan(0);
      expect(named.every((i) => i.name.toUpperCase().includes(word))).toBe(true);
      const eshop = await api.getAll('10001', '/api/catalog-items?OnlyMarkedForEshop=true');
      expect(eshop.map((i) => i.itemCode)).toEqual(items.filter((i) => i.markedForEshop).map((i) => i.itemCode));
      expect((await api.getAll('10001', '/api/catalog-items?OnlyMarkedForEshop=false')).length).toBe(items.length);
    });

    it('refuses malformed filters', async () => {
      expect((await api.get('10001', '/api/catalog-items?OnlyMarkedForEshop=yes')).status).toBe(400);
      expect((await api.get('10001', '/api/catalog-items?CatalogItemChangedTimestamp=now')).status).toBe(400);
    });
  });
});
