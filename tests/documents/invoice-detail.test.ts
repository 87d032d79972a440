import { describe, expect, it } from 'vitest';

import { loadInvoiceDetail } from '@/lib/features/documents/invoice-detail';

import { createFakeService, json, status } from '../service/fake-service';

const base = { id: 4711, documentNumber: 'FA2026000206', numberingSequence: 'FA', paymentStatus: 0 };
const parts = {
  items: [{ name: 'Croissant', quantity: 2 }],
  vatBreakdowns: [{ vatRate: 20, base: 10, vat: 2, total: 12 }],
  payments: [],
  linkedDocuments: [{ documentNumber: 'DL2026000054' }],
};
/** The parts as the page reads them: amounts as exact decimals. */
const readParts = {
  ...parts,
  items: [{ name: 'Croissant', quantity: '2' }],
  vatBreakdowns: [{ vatRate: '20', base: '10', vat: '2', total: '12' }],
};

describe('the invoice detail', () => {
  it('takes the single record as it is when it carries the extended parts (one call)', async () => {
    const service = createFakeService();
    service.answer(json({ data: { ...base, ...parts } }));
    expect(await loadInvoiceDetail(service.client, 4711)).toMatchObject(readParts);
    expect(service.requests).toHaveLength(1);
  });

  it('asks the list for the parts, narrowed to its number and sequence, when the record carries none', async () => {
    const service = createFakeService();
    service.answer(
      json({ data: base }),
      json({
        data: [
          { ...base, id: 9999 },
          { ...base, ...parts },
        ],
      }),
    );
    expect(await loadInvoiceDetail(service.client, 4711)).toMatchObject({ ...base, ...readParts });
    expect(Object.fromEntries(service.requests[1]!.url.searchParams)).toEqual({
      DocumentNumberFrom: 'FA2026000206',
      DocumentNumberTo: 'FA2026000206',
      NumberingSequence: 'FA',
      ExtendedFields: 'Items,VatBreakdowns,Payments,LinkedDocuments',
      Top: '10',
    });
  });

  it('shows the invoice without the parts when that second call fails', async () => {
    const service = createFakeService();
    service.answer(json({ data: base }), status(403));
    expect(await loadInvoiceDetail(service.client, 4711)).toEqual(base);
  });
});
