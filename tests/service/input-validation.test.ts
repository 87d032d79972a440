import { describe, expect, it } from 'vitest';

import { DataApiError } from '@/lib/service/errors';

import { createFakeService, json } from './fake-service';

/** Every input is checked against the interface's rules before anything is sent. */
async function rejected(run: () => Promise<unknown>): Promise<DataApiError> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DataApiError);
  expect((error as DataApiError).kind).toBe('invalid-input');
  return error as DataApiError;
}

describe('input validation of the data-API client', () => {
  it('always sends Top, 100 unless asked otherwise, with the interface’s parameter names', async () => {
    const service = createFakeService();
    service.always(json({ data: [] }));
    await service.client.invoices.list();
    await service.client.expenses.list({ Top: 25, Skip: 50, DocumentType: '17' });
    expect(service.requests[0]?.url.search).toBe('?Top=100');
    expect(Object.fromEntries(service.requests[1]!.url.searchParams)).toEqual({
      Top: '25',
      Skip: '50',
      DocumentType: '17',
    });
  });

  it('accepts filters as they come from a URL: strings, blanks meaning unset, ExtendedFields in any case', async () => {
    const service = createFakeService();
    service.always(json({ data: [] }));
    await service.client.invoices.list({
      IssueDateFrom: '2026-01-01',
      IssueDateTo: '',
      PaymentStatus: '0',
      DueDateStatus: '2',
      ExtendedFields: 'items, vatbreakdowns',
      Top: '50' as unknown as number,
    });
    expect(Object.fromEntries(service.requests[0]!.url.searchParams)).toEqual({
      IssueDateFrom: '2026-01-01',
      PaymentStatus: '0',
      DueDateStatus: '2',
      ExtendedFields: 'Items,VatBreakdowns',
      Top: '50',
    });
  });

  it.each([
    ['Top above 100', { Top: 101 }, 'Top'],
    ['Top below 0', { Top: -1 }, 'Top'],
    ['Top not an integer', { Top: 2.5 }, 'Top'],
    ['Skip negative', { Skip: -10 }, 'Skip'],
    ['NumberingSequence longer than 5', { NumberingSequence: 'ABCDEF' }, 'NumberingSequence'],
    ['DocumentNumberFrom longer than 20', { DocumentNumberFrom: 'X'.repeat(21) }, 'DocumentNumberFrom'],
    ['OrderNumber longer than 20', { OrderNumber: 'O'.repeat(21) }, 'OrderNumber'],
    ['PaymentStatus outside 0/1', { PaymentStatus: '3' }, 'PaymentStatus'],
    ['DueDateStatus outside 1/2', { DueDateStatus: '0' }, 'DueDateStatus'],
    ['a date not yyyy-MM-dd', { IssueDateFrom: '22.11.2026' }, 'IssueDateFrom'],
    ['a day that does not exist', { DeliveryDateTo: '2026-02-30' }, 'DeliveryDateTo'],
    ['a From after its To', { IssueDateFrom: '2026-03-01', IssueDateTo: '2026-02-01' }, 'IssueDateTo'],
    [
      'document numbers upside down',
      { DocumentNumberFrom: 'OF2026000900', DocumentNumberTo: 'OF2026000100' },
      'DocumentNumberTo',
    ],
    ['an unknown ExtendedFields value', { ExtendedFields: 'Items,Secrets' }, 'ExtendedFields.1'],
    ['a malformed LastModifiedTimestamp', { LastModifiedTimestamp: '2026-11-22 10:00' }, 'LastModifiedTimestamp'],
  ])('refuses an invoice list with %s, names the field and sends nothing', async (_, query, field) => {
    const service = createFakeService();
    const error = await rejected(() => service.client.invoices.list(query));
    expect(error.details.fields).toContain(field);
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    ['a document type the filter does not know', { DocumentType: '14' }],
    ['a price range upside down', { TotalPriceInclVatFrom: 500, TotalPriceInclVatTo: 100 }],
    ['a received-date range upside down', { ReceivedDateFrom: '2026-05-02', ReceivedDateTo: '2026-05-01' }],
    ['a due-date range upside down', { DueDateFrom: '2026-05-02', DueDateTo: '2026-05-01' }],
  ])('refuses an expense list with %s', async (_, query) => {
    const service = createFakeService();
    await rejected(() => service.client.expenses.list(query));
    expect(service.requests).toHaveLength(0);
  });

  it('checks delivery-note filters by the same rules (NumberingSequence ≤ 5, only Items as ExtendedFields)', async () => {
    const service = createFakeService();
    await rejected(() => service.client.deliveryNotes.list({ NumberingSequence: 'DLHE12' }));
    await rejected(() => service.client.deliveryNotes.list({ ExtendedFields: 'Payments' }));
    expect(service.requests).toHaveLength(0);
  });

  it('refuses malformed ids and report ids other than 17, 19 and 101', async () => {
    const service = createFakeService();
    await rejected(() => service.client.invoices.get('12; drop'));
    await rejected(() => service.client.invoices.get(0));
    await rejected(() => service.client.expenses.get('not-a-uuid'));
    await rejected(() => service.client.attachments.content('5b0c5bd8-0c4b-4e0b-9a55-b4f1b1a8e6a1', '../../etc'));
    await rejected(() => service.client.invoices.report(12, 18));
    await rejected(() => service.client.deliveryNotes.previewLink(7, 100));
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    ['hex', '0x10'],
    ['an exponent', '1e3'],
    ['a fraction', '16.0'],
    ['a sign', '+16'],
    ['a minus', '-16'],
    ['a leading zero', '016'],
    ['whitespace', ' 16'],
    ['a trailing newline', '16\n'],
    ['full-width digits', '１６'],
    ['a value past int64', '9223372036854775808'],
    ['zero', '0'],
    ['nothing', ''],
  ])('refuses an int64 id written with %s, and sends nothing', async (_, id) => {
    const service = createFakeService();
    await rejected(() => service.client.invoices.get(id));
    await rejected(() => service.client.deliveryNotes.report(id, 17));
    expect(service.requests).toHaveLength(0);
  });

  it('sends an int64 id exactly as written, up to int64’s maximum (beyond a JavaScript number’s precision)', async () => {
    const service = createFakeService();
    service.always(json({ id: 1 }));
    await service.client.invoices.get('16');
    await service.client.invoices.get('9223372036854775807');
    await service.client.invoices.get(42);
    expect(service.requests.map((request) => request.url.pathname)).toEqual([
      '/api/invoices/16',
      '/api/invoices/9223372036854775807',
      '/api/invoices/42',
    ]);
  });

  it('refuses report ids written loosely (0x11, 1.9e1, 019) though they would read as 17 or 19', async () => {
    const service = createFakeService();
    for (const report of ['0x11', '1.9e1', '019', ' 19'])
      await rejected(() => service.client.invoices.report(12, report));
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    ['NUL', '\u0000'],
    ['a line feed', 'FA\nX'],
    ['a C1 control', 'FA\u0085'],
    ['DEL', 'FA\u007f'],
    ['a right-to-left override', '\u202eAF'],
    ['a left-to-right mark', 'FA\u200e'],
    ['an isolate', '\u2066FA\u2069'],
    ['a byte-order mark', '\ufeffFA'],
  ])('refuses a text filter carrying %s, and sends nothing', async (_, text) => {
    const service = createFakeService();
    for (const field of ['NumberingSequence', 'DocumentNumberFrom', 'OrderNumber']) {
      const error = await rejected(() => service.client.invoices.list({ [field]: text }));
      expect(error.details.fields).toContain(field);
    }
    await rejected(() => service.client.payments.list({ ExternalId: `x${text}` }));
    expect(service.requests).toHaveLength(0);
  });

  it('refuses numbers written loosely in Top, Skip, amounts and AccountId', async () => {
    const service = createFakeService();
    await rejected(() => service.client.invoices.list({ Top: '0x19' }));
    await rejected(() => service.client.invoices.list({ Skip: '1e3' }));
    await rejected(() => service.client.expenses.list({ TotalPriceInclVatFrom: '0x10' }));
    await rejected(() => service.client.expenses.list({ TotalPriceInclVatTo: '1e3' }));
    await rejected(() => service.client.payments.list({ AccountId: '0x10' }));
    expect(service.requests).toHaveLength(0);
  });

  it('refuses an empty batch and one of more than 100 documents', async () => {
    const service = createFakeService();
    await rejected(() => service.client.invoices.uploadBatch([]));
    await rejected(() => service.client.invoices.uploadBatch(Array.from({ length: 101 }, () => ({}))));
    await rejected(() => service.client.deliveryNotes.uploadBatch(Array.from({ length: 101 }, () => ({}))));
    await rejected(() => service.client.receivedOrders.uploadBatch(Array.from({ length: 101 }, () => ({}))));
    expect(service.requests).toHaveLength(0);
  });

  it('refuses upload documents that break the interface’s lengths', async () => {
    const service = createFakeService();
    await rejected(() => service.client.invoices.upload({ documentNumber: 'N'.repeat(21) }));
    await rejected(() => service.client.invoices.upload({ numberingSequence: 'TOOLNG' }));
    await rejected(() => service.client.receivedOrders.uploadBatch([{ orderNumber: 'O'.repeat(21) }]));
    expect(service.requests).toHaveLength(0);
  });

  it('refuses payments without a date or sum, with a bad date, or a variable symbol over 10', async () => {
    const service = createFakeService();
    await rejected(() => service.client.payments.uploadBatch([{ sumOfPayment: 10 } as never]));
    await rejected(() => service.client.payments.uploadBatch([{ dateOfPayment: '2026-11-31', sumOfPayment: 10 }]));
    await rejected(() =>
      service.client.payments.uploadBatch([
        { dateOfPayment: '2026-11-20', sumOfPayment: 10, variableSymbol: '12345678901' },
      ]),
    );
    await rejected(() =>
      service.client.payments.uploadBatch(
        Array.from({ length: 101 }, () => ({ dateOfPayment: '2026-11-20', sumOfPayment: 1 })),
      ),
    );
    expect(service.requests).toHaveLength(0);
  });

  it('refuses a cash account without a name and a stock issue without items', async () => {
    const service = createFakeService();
    await rejected(() => service.client.paymentAccounts.createCash({ name: '  ' }));
    await rejected(() => service.client.stockIssues.createSingle({ items: [] }));
    expect(service.requests).toHaveLength(0);
  });

  it('names fields, never values, in the error', async () => {
    const service = createFakeService();
    const error = await rejected(() => service.client.invoices.list({ OrderNumber: 'secret-looking-value-123456' }));
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain('secret-looking');
  });
});
