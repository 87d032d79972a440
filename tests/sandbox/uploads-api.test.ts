/**
 * Uploads: the { data } envelopes, 202 with a request id, the batch limit, the 120-second duplicate rule, upserts
 * by (documentNumber, numbering sequence) that later reads show, and the synchronous endpoints.
 */
import { describe, expect, it } from 'vitest';

import { dataApiDuringTests } from './data-api-harness';
import { CAFE_ADDRESS } from './sample-partner';

const T = '10003';
const api = dataApiDuringTests();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let serial = 0;
function invoice(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    externalId: `shop-${serial}`,
    partner: {
      address: CAFE_ADDRESS,
      registrationId: '12345678',
    },
    items: [
      {
        name: 'Stôl jedálenský dub',
        itemCode: 'STO0001',
        amount: 2,
        measureUnit: 'ks',
        vatRate: 23,
        totalPriceInclVat: 1574.4,
      },
      { name: 'Montáž nábytku', amount: 1.5, measureUnit: 'hod', vatRate: 23, totalPriceInclVat: 51.66 },
    ],
    ...overrides,
  };
}
/** Delivery notes (and received orders) keep the sandbox's own item shape: nothing public describes their body. */
function deliveryNote(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    externalId: `shop-${serial}`,
    partner: { address: CAFE_ADDRESS, registrationId: '12345678' },
    items: [
      { name: 'Stôl jedálenský dub', itemCode: 'STO0001', quantity: 2, unitPrice: 640, vatRate: 23 },
      { name: 'Montáž nábytku', quantity: 1.5, unit: 'hod', unitPrice: 28, vatRate: 23 },
    ],
    ...overrides,
  };
}
/** A numbering sequence of the company's invoices (its e-shop's, else its regular one). */
async function eshopOrRegularSequence(): Promise<string> {
  const sequences = (await api.get(T, '/api/numberingSequences')).body.data as any[];
  const invoices = sequences.filter((s) => s.evidence === 'invoices' && s.documentType === 0);
  return (invoices.find((s) => !s.isDefault) ?? invoices[0]).code;
}
const byExternalId = async (externalId: string) =>
  (await api.getAll(T, '/api/invoices?ExtendedFields=Items')).filter((i) => i.externalId === externalId);

describe('POST /api/invoices', () => {
  it('accepts { data: invoice } with 202 and a request id; the invoice then appears in GET /api/invoices', async () => {
    const body = invoice();
    const res = await api.post(T, '/api/invoices', { data: body });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ requestId: [expect.stringMatching(UUID)] });
    const [stored] = await byExternalId(body.externalId);
    expect(stored.documentNumber).toMatch(/^[A-Z]{2,5}\d{10}$/);
    expect(stored.variableSymbol).toBe(stored.documentNumber.replace(/\D/g, ''));
    expect(stored.prices.documentPrices).toEqual({
      totalPrice: 1322,
      vatTotalPrice: 304.06,
      totalPriceInclVat: 1626.06,
    });
    expect(stored.paymentStatus).toBe(0);
    expect(stored.items).toHaveLength(2);
    expect((await api.get(T, `/api/invoices/${stored.id}`)).body.data.externalId).toBe(body.externalId);
  });

  it('numbers automatically in sequence and keeps an explicit or empty variable symbol', async () => {
    const first = invoice();
    const second = invoice({ variableSymbol: '' });
    const third = invoice({ variableSymbol: '777' });
    for (const body of [first, second, third])
      expect((await api.post(T, '/api/invoices', { data: body })).status).toBe(202);
    const [a] = await byExternalId(first.externalId);
    const [b] = await byExternalId(second.externalId);
    const [c] = await byExternalId(third.externalId);
    expect(Number(b.documentNumber.slice(-6))).toBe(Number(a.documentNumber.slice(-6)) + 1);
    expect(b.variableSymbol).toBe('');
    expect(c.variableSymbol).toBe('777');
  });

  it('overwrites the invoice with the same documentNumber and numbering sequence instead of adding one', async () => {
    const code = await eshopOrRegularSequence();
    const documentNumber = `${code}2026999001`;
    const body = invoice({ documentNumber, numberingSequence: code });
    await api.post(T, '/api/invoices', { data: body });
    const [created] = await byExternalId(body.externalId);
    const changed = {
      ...body,
      items: [{ name: 'Polica stenová', amount: 1, measureUnit: 'ks', vatRate: 23, totalPriceInclVat: 60.27 }],
    };
    expect((await api.post(T, '/api/invoices', { data: changed })).status).toBe(202);
    const same = (await api.getAll(T, `/api/invoices?NumberingSequence=${code}`)).filter(
      (i) => i.documentNumber === documentNumber,
    );
    expect(same).toHaveLength(1);
    expect(same[0].id).toBe(created.id);
    expect(same[0].prices.documentPrices.totalPriceInclVat).toBe(60.27);
  });

  it('answers 409 with the first request id to an identical POST within 120 s, and does not process it', async () => {
    const body = { data: invoice() };
    const first = await api.post(T, '/api/invoices', body);
    const repeat = await api.post(T, '/api/invoices', body);
    expect(repeat.status).toBe(409);
    expect(repeat.body).toEqual(
      expect.objectContaining({ title: 'Duplicate request', status: 409, requestId: first.body.requestId }),
    );
    expect(await byExternalId(body.data.externalId)).toHaveLength(1);

    const otherToken = api.sandbox.tokens.issue(T, 'someone-else@example.sk');
    const fromOther = await fetch(`${api.sandbox.url}/api/invoices`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${otherToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(fromOther.status).toBe(202); // the rule is per connection

    api.clock.now += 120_000;
    const later = await api.post(T, '/api/invoices', body);
    expect(later.status).toBe(202);
    expect(later.body.requestId).not.toEqual(first.body.requestId);
  });

  it('refuses what it cannot read', async () => {
    const cases: [unknown, string][] = [
      [invoice(), 'data'], // not wrapped
      [{ data: [invoice()] }, 'data'], // a list where one document belongs
      [{ data: { ...invoice(), partner: { address: { city: 'Nitra' } } } }, 'data.partner.address'],
      [{ data: { ...invoice(), items: [] } }, 'data.items'],
      [{ data: { ...invoice(), items: [{ name: 'x', amount: 'two', totalPriceInclVat: 1 }] } }, 'data.items[0].amount'],
      [{ data: { ...invoice(), items: [{ name: 'x', amount: 1 }] } }, 'data.items[0].totalPriceInclVat'],
      [
        { data: { ...invoice(), items: [{ name: 'x', amount: 1, totalPriceInclVat: 1.005 }] } },
        'data.items[0].totalPriceInclVat',
      ],
      [{ data: { ...invoice(), numberingSequence: 'TOOLONG' } }, 'data.numberingSequence'],
      [{ data: { ...invoice(), issueDate: '22.11.2026' } }, 'data.issueDate'],
    ];
    for (const [body, key] of cases) {
      const res = await api.post(T, '/api/invoices', body);
      expect(res.status, key).toBe(400);
      expect(Object.keys(res.body.errors), key).toContain(key);
    }
    expect((await api.post(T, '/api/invoices', '{"data":')).body.errors).toHaveProperty('$');
    expect((await api.post(T, '/api/invoices', { data: invoice() }, { 'Content-Type': 'text/plain' })).status).toBe(
      415,
    );
  });
});

describe('batch uploads', () => {
  it('POST /api/invoices/batch takes up to 100 documents; more, none or a non-list answer 400', async () => {
    const docs = [invoice(), invoice()];
    const res = await api.post(T, '/api/invoices/batch', { data: docs });
    expect(res.status).toBe(202);
    expect(res.body.requestId).toHaveLength(1);
    for (const doc of docs) expect(await byExternalId(doc.externalId)).toHaveLength(1);

    const hundred = Array.from({ length: 100 }, () => invoice());
    expect((await api.post(T, '/api/invoices/batch', { data: hundred })).status).toBe(202);
    const tooMany = await api.post(T, '/api/invoices/batch', { data: [...hundred.slice(1), invoice(), invoice()] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.data[0]).toMatch(/100/);
    expect((await api.post(T, '/api/invoices/batch', { data: [] })).status).toBe(400);
    expect((await api.post(T, '/api/invoices/batch', { data: invoice() })).status).toBe(400);
    const oneBad = await api.post(T, '/api/invoices/batch', { data: [invoice(), { ...invoice(), items: undefined }] });
    expect(Object.keys(oneBad.body.errors)).toEqual(['data[1].items']);
  });

  it('POST /api/delivery-notes/batch and /api/received-orders/batch answer 202, and refuse duplicates', async () => {
    const notes = { data: [{ ...deliveryNote(), documentNumber: 'DLX2026000001', numberingSequence: 'DLX' }] };
    expect((await api.post(T, '/api/delivery-notes/batch', notes)).status).toBe(202);
    expect((await api.post(T, '/api/delivery-notes/batch', notes)).status).toBe(409);
    const stored = await api.getAll(T, '/api/delivery-notes?NumberingSequence=DLX');
    expect(stored.map((n) => n.documentNumber)).toEqual(['DLX2026000001']);
    const orders = { data: [deliveryNote(), deliveryNote()] };
    expect((await api.post(T, '/api/received-orders/batch', orders)).status).toBe(202);
    expect((await api.post(T, '/api/received-orders/batch', orders)).status).toBe(409);
  });
});

describe('an uploaded invoice as the service builds it (service-facts.md "Invoice upload body")', () => {
  it('prices it from the line totals: base and VAT per line to the cent, breakdowns per rate, exact sums', async () => {
    const body = invoice({
      issueDate: '2026-11-20',
      items: [
        { name: 'Káva zrnková', amount: 3, measureUnit: 'bal', vatRate: 23, totalPriceInclVat: 10 },
        { name: 'Vrecko', amount: 1, vatRate: 19, totalPriceInclVat: 0.1, discountPercent: 10, eanCode: '8580001' },
        { name: 'Kniha', amount: 2, measureUnit: 'ks', vatRate: 5, totalPriceInclVat: 33.33, description: 'viazaná' },
        { name: 'Pohľadnica', amount: 1, vatRate: 23, totalPriceInclVat: 0.07 },
      ],
    });
    expect((await api.post(T, '/api/invoices/batch', { data: [body] })).status).toBe(202);
    const [stored] = (await api.getAll(T, '/api/invoices?ExtendedFields=Items,VatBreakdowns')).filter(
      (i) => i.externalId === body.externalId,
    );
    expect(stored.items[0]).toMatchObject({
      name: 'Káva zrnková',
      quantity: 3,
      unit: 'bal',
      unitPrice: 2.71,
      vatRate: 23,
      totalPrice: 8.13,
      vatPrice: 1.87,
      totalPriceInclVat: 10,
    });
    expect(stored.items.map((i: any) => [i.totalPrice, i.vatPrice, i.totalPriceInclVat])).toEqual([
      [8.13, 1.87, 10],
      [0.08, 0.02, 0.1],
      [31.74, 1.59, 33.33],
      [0.06, 0.01, 0.07],
    ]);
    expect(stored.vatBreakdowns).toEqual([
      { vatRate: 23, base: 8.19, vat: 1.88, total: 10.07 },
      { vatRate: 19, base: 0.08, vat: 0.02, total: 0.1 },
      { vatRate: 5, base: 31.74, vat: 1.59, total: 33.33 },
    ]);
    expect(stored.prices.documentPrices).toEqual({ totalPrice: 40.01, vatTotalPrice: 3.49, totalPriceInclVat: 43.5 });
    expect(stored.sumForPayment).toBe(43.5);
  });

  it('takes the exchange rate sent for another currency', async () => {
    const body = invoice({
      currency: 'CZK',
      exchangeRate: 25,
      items: [{ name: 'Služba', amount: 1, vatRate: 0, totalPriceInclVat: 2500 }],
    });
    await api.post(T, '/api/invoices', { data: body });
    const [stored] = await byExternalId(body.externalId);
    expect(stored.prices).toMatchObject({
      currency: 'CZK',
      exchangeRate: 25,
      documentPrices: { totalPriceInclVat: 2500 },
      legislativePrices: { totalPriceInclVat: 100 },
    });
  });

  it('gives an empty documentNumber the next number of its sequence', async () => {
    const code = await eshopOrRegularSequence();
    const [a, b] = [
      invoice({ documentNumber: '', numberingSequence: code }),
      invoice({ documentNumber: '', numberingSequence: code }),
    ];
    expect((await api.post(T, '/api/invoices/batch', { data: [a, b] })).status).toBe(202);
    const [first] = await byExternalId(a.externalId);
    const [second] = await byExternalId(b.externalId);
    expect(first.numberingSequence).toBe(code);
    expect(first.documentNumber.startsWith(`${code}2026`)).toBe(true);
    expect(Number(second.documentNumber.slice(-6))).toBe(Number(first.documentNumber.slice(-6)) + 1);
  });

  it('accepts the batch but creates no invoice of an unknown sequence or with a VAT rate not valid at its date', async () => {
    const good = invoice();
    const unknownSequence = invoice({ numberingSequence: 'ZZZ' });
    const oldRate = invoice({
      issueDate: '2026-11-20',
      items: [{ name: 'Chlieb', amount: 1, vatRate: 20, totalPriceInclVat: 1.2 }],
    });
    const rateOfItsDay = invoice({
      issueDate: '2024-06-03',
      items: [{ name: 'Chlieb', amount: 1, vatRate: 20, totalPriceInclVat: 1.2 }],
    });
    const res = await api.post(T, '/api/invoices/batch', { data: [good, unknownSequence, oldRate, rateOfItsDay] });
    expect(res.status).toBe(202);
    expect(await byExternalId(good.externalId)).toHaveLength(1);
    expect(await byExternalId(unknownSequence.externalId)).toHaveLength(0);
    expect(await byExternalId(oldRate.externalId)).toHaveLength(0);
    expect(await byExternalId(rateOfItsDay.externalId)).toHaveLength(1);
  });

  it('matches legal entities by IČO, DIČ or IČ DPH, natural persons by name and e-mail', async () => {
    const known = (await api.getAll(T, '/api/invoices')).find((i) => i.partner.registrationId)!.partner;
    const byIco = invoice({
      partner: { address: { businessName: known.address.businessName }, registrationId: known.registrationId },
    });
    const person = (email: string, street: string | null) =>
      invoice({ partner: { address: { contactName: 'Ján Malý', street }, email } });
    const [first, same, other] = [
      person('jan.maly@example.sk', 'Hlavná 1'),
      person('jan.maly@example.sk', null),
      person('jmaly@example.sk', null),
    ];
    for (const body of [byIco, first, same, other]) await api.post(T, '/api/invoices', { data: body });
    const partnerOf = async (body: { externalId: string }) => (await byExternalId(body.externalId))[0].partner;
    expect((await partnerOf(byIco)).address).toMatchObject({ street: known.address.street, city: known.address.city });
    expect((await partnerOf(byIco)).taxId).toBe(known.taxId);
    expect((await partnerOf(same)).address.street).toBe('Hlavná 1');
    // Another e-mail: another partner, of whom the sandbox knows no street.
    expect((await partnerOf(other)).address.street).toBe('');
  });
});

describe('synchronous uploads', () => {
  it('POST /api/delivery-notes/single answers 201 with the id and number of the created note', async () => {
    const res = await api.post(T, '/api/delivery-notes/single', { data: deliveryNote() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), documentNumber: expect.any(String) });
    const note = await api.get(T, `/api/delivery-notes/${res.body.id}`);
    expect(note.body.documentNumber).toBe(res.body.documentNumber);
    expect(note.body.items).toHaveLength(2);
  });

  it('POST /api/payments/accounts/cash creates a cash account (201), then answers the same one (200)', async () => {
    const first = await api.post(T, '/api/payments/accounts/cash', {
      data: { name: 'Pokladňa predajňa', currency: 'EUR' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      name: 'Pokladňa predajňa',
      iban: null,
      currency: 'EUR',
      type: 'cash',
    });
    const again = await api.post(T, '/api/payments/accounts/cash', { name: 'Pokladňa predajňa' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await api.get(T, '/api/payments/accounts')).body.data).toContainEqual(first.body);
    expect((await api.post(T, '/api/payments/accounts/cash', { data: { name: '' } })).status).toBe(400);
  });
});

describe('POST /api/payments/batch', () => {
  it('pays the invoice with the variable symbol and lists a payment made to an account', async () => {
    const [open] = await api.getAll(T, '/api/invoices?PaymentStatus=0&DueDateStatus=2');
    const account = (await api.get(T, '/api/payments/accounts')).body.data[0];
    const payment = {
      dateOfPayment: '2026-11-21',
      sumOfPayment: open.sumForPayment,
      variableSymbol: open.variableSymbol,
      accountId: account.id,
      externalId: 'bank-tx-1',
      paymentType: 1,
    };
    const res = await api.post(T, '/api/payments/batch', { data: [payment] });
    expect(res.status).toBe(202);
    const paid = (await api.get(T, `/api/invoices/${open.id}`)).body.data;
    expect(paid.paymentStatus).toBe(1);
    expect(paid.sumForPayment).toBe(0);
    const listed = await api.getAll(T, '/api/payments?ExternalId=bank-tx-1');
    expect(listed).toEqual([
      expect.objectContaining({
        accountId: account.id,
        sumOfPayment: open.sumForPayment,
        dateOfPayment: '2026-11-21T00:00:00',
        documentNumber: open.documentNumber,
      }),
    ]);
  });

  it('refuses an unknown account, a missing date and more than 100 payments', async () => {
    const unknown = await api.post(T, '/api/payments/batch', {
      data: [{ dateOfPayment: '2026-11-21', sumOfPayment: 10, accountId: 1 }],
    });
    expect(unknown.body.errors).toHaveProperty(['data[0].accountId']);
    const undated = await api.post(T, '/api/payments/batch', { data: [{ sumOfPayment: 10 }] });
    expect(undated.body.errors).toHaveProperty(['data[0].dateOfPayment']);
    const many = Array.from({ length: 101 }, (_, i) => ({ dateOfPayment: '2026-11-21', sumOfPayment: i + 1 }));
    expect((await api.post(T, '/api/payments/batch', { data: many })).status).toBe(400);
  });
});

describe('POST /api/movements/issues/single', () => {
  it('takes the issued quantity off the stock card, which then shows as changed', async () => {
    const before = (await api.getAll(T, '/api/catalog-items'))[0];
    const warehouse = before.warehouses[0];
    const since = '2026-11-22T09:00:00';
    const res = await api.post(T, '/api/movements/issues/single', {
      data: { warehouseCode: warehouse.code, items: [{ itemCode: before.itemCode, quantity: 2 }] },
    });
    expect(res.status).toBe(202);
    expect(res.body.requestId).toHaveLength(1);
    const [after] = await api.getAll(
      T,
      `/api/catalog-items?ItemCode=${before.itemCode}&CatalogItemChangedTimestamp=${since}`,
    );
    expect(after.warehouses.find((w: any) => w.code === warehouse.code).quantityOnHand).toBe(
      warehouse.quantityOnHand - 2,
    );
    expect((await api.post(T, '/api/movements/issues/single', { data: { items: [{ quantity: 1 }] } })).status).toBe(
      400,
    );
  });
});
