import { describe, expect, it } from 'vitest';

import { DataApiError } from '@/lib/service/errors';

import { createFakeService, json } from './fake-service';

const invoice = {
  id: 4711,
  documentNumber: 'OF2026000123',
  numberingSequence: 'OF',
  invoiceType: 1,
  paymentStatus: 0,
  issueDate: '2026-10-01T00:00:00',
  dueDate: '2026-10-15T00:00:00',
  partner: { address: { businessName: 'Pekáreň Novák s.r.o.', city: 'Žilina' }, vatId: 'SK2020202020' },
  prices: {
    currency: 'CZK',
    exchangeRate: 25.2,
    documentPrices: { totalPrice: -1000, vatTotalPrice: -230, totalPriceInclVat: -1230 },
    legislativePrices: { totalPrice: -39.68, vatTotalPrice: -9.13, totalPriceInclVat: -48.81 },
  },
  somethingNew: { nested: true },
};

const expenseId = '5b0c5bd8-0c4b-4e0b-9a55-b4f1b1a8e6a1';

describe('answers of the data API', () => {
  it('reads a list from its { data: [...] } envelope, known fields typed and unknown fields kept', async () => {
    const service = createFakeService();
    service.answer(json({ data: [invoice] }));
    const [first] = await service.client.invoices.list();
    // An amount as the exact decimal the JSON wrote (lib/base/money), never a float.
    expect(first?.prices?.legislativePrices?.totalPriceInclVat).toBe('-48.81');
    expect(first?.partner?.address?.businessName).toBe('Pekáreň Novák s.r.o.');
    expect(first).toHaveProperty('somethingNew', { nested: true });
  });

  it('reads a single record at the top level and under data alike', async () => {
    const service = createFakeService();
    service.answer(json(invoice), json({ data: invoice }));
    const top = await service.client.invoices.get(4711);
    const wrapped = await service.client.invoices.get(4711);
    expect(top).toEqual(wrapped);
    expect(top.documentNumber).toBe('OF2026000123');
  });

  it('accepts a numeric id sent as a string and missing optional fields', async () => {
    const service = createFakeService();
    service.answer(json({ data: [{ id: '4712' }] }));
    expect(await service.client.invoices.list()).toEqual([{ id: 4712 }]);
  });

  it.each([
    ['not JSON', new Response('<html>gateway</html>', { status: 200 })],
    ['a list where a record belongs', json({ data: [invoice] })],
    ['a record without its id', json({ data: { documentNumber: 'X' } })],
    ['a known field of the wrong type', json({ ...invoice, paymentStatus: 'paid' })],
    ['an empty body', new Response('', { status: 200 })],
  ])('turns %s into a typed error', async (_, answer) => {
    const service = createFakeService();
    service.answer(answer);
    await expect(service.client.invoices.get(4711)).rejects.toMatchObject({ kind: 'malformed-response' });
  });

  it('refuses a list answer that is not a list', async () => {
    const service = createFakeService();
    service.answer(json({ data: { id: 1 } }));
    await expect(service.client.invoices.list()).rejects.toBeInstanceOf(DataApiError);
  });

  it('normalizes attachment metadata from the names integrations use', async () => {
    const service = createFakeService();
    service.answer(
      json({
        data: [
          { id: 'a1', fileName: 'blocek.pdf', contentType: 'application/pdf', size: 1234 },
          { id: 'a2', name: 'scan.png', mimeType: 'image/png', length: 99 },
        ],
      }),
    );
    const list = await service.client.attachments.list(expenseId);
    expect(list.map(({ fileName, contentType, size }) => ({ fileName, contentType, size }))).toEqual([
      { fileName: 'blocek.pdf', contentType: 'application/pdf', size: 1234 },
      { fileName: 'scan.png', contentType: 'image/png', size: 99 },
    ]);
    expect(service.requests[0]?.url.pathname).toBe(`/api/attachments/expenses/${expenseId}`);
  });

  it('reads a preview link however it is wrapped, but only an http(s) one', async () => {
    const service = createFakeService();
    const url = 'https://preview.example.test/r/abc';
    service.answer(
      json(url),
      json({ data: { url } }),
      json({ previewLink: url }),
      json({ data: 'javascript:alert(1)' }),
    );
    expect(await service.client.invoices.previewLink(1, 17)).toBe(url);
    expect(await service.client.invoices.previewLink(1, 19)).toBe(url);
    expect(await service.client.deliveryNotes.previewLink(1, 101)).toBe(url);
    await expect(service.client.invoices.previewLink(1, 17)).rejects.toMatchObject({ kind: 'malformed-response' });
  });

  it('answers the auth check with true on an empty 200', async () => {
    const service = createFakeService();
    service.answer(new Response(null, { status: 200 }));
    await expect(service.client.auth.check()).resolves.toBe(true);
  });

  it('wraps uploads in { data } and reads the request ids, as an array or a string', async () => {
    const service = createFakeService();
    service.answer(json({ requestId: ['r-1'] }, { status: 202 }), json({ requestId: 'r-2' }, { status: 202 }));
    const single = await service.client.invoices.upload({ externalId: 'shop-1' });
    const batch = await service.client.invoices.uploadBatch([{ externalId: 'shop-2' }, { externalId: 'shop-3' }]);
    expect(single.requestIds).toEqual(['r-1']);
    expect(batch.requestIds).toEqual(['r-2']);
    expect(service.requests[0]?.body).toEqual({ data: { externalId: 'shop-1' } });
    expect(service.requests[1]?.body).toEqual({ data: [{ externalId: 'shop-2' }, { externalId: 'shop-3' }] });
    expect(service.requests[1]?.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('takes a 201 or 202 without a body as an acceptance', async () => {
    const service = createFakeService();
    service.answer(new Response(null, { status: 202 }));
    expect(
      (await service.client.stockIssues.createSingle({ items: [{ itemCode: 'CHLIEB', quantity: 2 }] })).requestIds,
    ).toEqual([]);
  });

  it('calls every endpoint of the interface at its path with the bearer token', async () => {
    const service = createFakeService();
    service.always(() => json({ data: [] }));
    const c = service.client;
    await c.auth.check().catch(() => {});
    await c.expenses.list();
    await c.deliveryNotes.list();
    await c.payments.list({ AccountId: 3 });
    await c.paymentAccounts.list();
    await c.numberingSequences.list();
    await c.catalogItems.list({ CatalogItemChangedTimestamp: '2026-11-01T00:00:00', OnlyMarkedForEshop: 'true' });
    await c.warehouses.list();
    expect(service.requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      'GET /api/auth/check',
      'GET /api/expenses?Top=100',
      'GET /api/delivery-notes?Top=100',
      'GET /api/payments?AccountId=3&Top=100',
      'GET /api/payments/accounts',
      'GET /api/numberingSequences',
      'GET /api/catalog-items?CatalogItemChangedTimestamp=2026-11-01T00%3A00%3A00&OnlyMarkedForEshop=true&Top=100',
      'GET /api/warehouses',
    ]);
    for (const request of service.requests)
      expect(request.headers.get('authorization')).toBe('Bearer secret-company-token');
  });
});
