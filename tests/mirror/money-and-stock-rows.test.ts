import { describe, expect, it } from 'vitest';

import { catalogItemRow, itemKeyOf } from '@/lib/owners/mirror/catalog-item-row';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { partnerKeyOf } from '@/lib/owners/mirror/partner-key';
import { paymentKeyOf, paymentRow } from '@/lib/owners/mirror/payment-row';
import { type Invoice, invoiceSchema } from '@/lib/service/schemas/invoice';
import { catalogItemSchema, paymentSchema } from '@/lib/service/schemas/reference';

/** What the mirror copies out of a payment, a catalog item and a document for the money, stock and partner pages. */

describe('a partner’s key', () => {
  it('is its IČO, spaces dropped, whatever the name says', () => {
    expect(partnerKeyOf('36 123 456', 'Hruška, s.r.o.')).toBe('ico:36123456');
    expect(partnerKeyOf('36123456', 'HRUSKA s. r. o. (stará adresa)')).toBe('ico:36123456');
  });

  it('is its name folded without case, diacritics, punctuation or spaces when there is no IČO', () => {
    expect(partnerKeyOf(null, 'Hruška, s.r.o.')).toBe('name:hruskasro');
    expect(partnerKeyOf('', 'HRUSKA s. r. o.')).toBe('name:hruskasro');
    expect(partnerKeyOf('n/a', '  Ján   Novák ')).toBe('name:jannovak');
  });

  it('is none when the document names neither', () => {
    expect(partnerKeyOf(null, null)).toBeNull();
    expect(partnerKeyOf(undefined, ' – ')).toBeNull();
  });
});

describe('a payment’s row', () => {
  const wire = {
    id: 9_001,
    accountId: 12,
    dateOfPayment: '2026-11-03T00:00:00',
    sumOfPayment: 1234.5,
    currency: 'eur',
    variableSymbol: '2026001',
    partnerName: 'Hruška s.r.o.',
    remittanceInformation: 'Úhrada OF2026001',
    paymentReference: null,
    iban: 'sk31 1200 0000 1987 4263 7541',
    externalId: 'bank-1',
    documentNumber: 'OF2026001',
    lastModifiedTimestamp: '2026-11-03T10:15:30.12',
  };
  const listed = paymentSchema.parse(wire);

  it('copies what lists filter, sort, sum and search on, the amount as written, and keeps the record', () => {
    const row = paymentRow(listed, '9001');
    expect(row).toMatchObject({
      id: '9001',
      accountId: '12',
      paymentDate: '2026-11-03',
      amount: '1234.5',
      currency: 'EUR',
      variableSymbol: '2026001',
      partnerName: 'Hruška s.r.o.',
      partnerNameFolded: 'hruska s.r.o.',
      iban: 'SK3112000000198742637541',
      reference: 'Úhrada OF2026001',
      externalId: 'bank-1',
      documentNumbers: 'OF2026001',
      lastModified: '2026-11-03T10:15:30.12',
      // The record as the service wrote it: its amounts the JSON's numbers again.
      record: wire,
    });
    for (const word of ['hruska', '2026001', 'uhrada', 'sk3112000000198742637541', '1234.50', 'of2026001']) {
      expect(row.searchText).toContain(word);
    }
  });

  it('names the documents it paid under any of the names integrations report', () => {
    const row = paymentRow(
      { ...listed, documentNumber: null, matchedDocuments: [{ documentNumber: 'OF1' }, { documentNumber: 'OF2' }, {}] },
      '9001',
    );
    expect(row.documentNumbers).toBe('OF1 OF2');
  });

  it('has no key without the service’s id', () => {
    expect(paymentKeyOf({ ...listed, id: null })).toBeNull();
    expect(paymentKeyOf({ ...listed, id: ' ' })).toBeNull();
    expect(paymentKeyOf(listed)).toBe('9001');
  });
});

describe('a catalog item’s row', () => {
  const listed = catalogItemSchema.parse({
    itemCode: ' TV0001 ',
    name: 'Čaj zelený',
    unit: 'ks',
    eanCode: '8588000000016',
    warehouses: [
      { code: 'HL', quantityOnHand: 12.5 },
      { code: 'PR', quantityOnHand: -0.25 },
      { code: 'VY', quantityOnHand: 0.1 },
    ],
    lastModifiedTimestamp: '2026-10-01T08:00:00',
  });

  it('keeps the quantity per warehouse and sums them exactly (no float drift)', () => {
    const row = catalogItemRow(listed, itemKeyOf(listed)!);
    expect(row).toMatchObject({
      itemCode: 'TV0001',
      itemCodeFolded: 'tv0001',
      name: 'Čaj zelený',
      nameFolded: 'caj zeleny',
      ean: '8588000000016',
      unit: 'ks',
      quantity: '12.35',
      quantities: { HL: '12.5', PR: '-0.25', VY: '0.1' },
    });
    expect(row.searchText).toBe('tv0001 caj zeleny 8588000000016');
  });

  it('holds nothing in stock when no warehouse lists it, and has no key without an item code', () => {
    expect(catalogItemRow(catalogItemSchema.parse({ itemCode: 'X', warehouses: null }), 'X').quantity).toBe('0');
    expect(itemKeyOf({ itemCode: '  ' })).toBeNull();
  });
});

describe('a document’s partner and what is left to pay', () => {
  const invoice = (fields: Record<string, unknown>): Invoice =>
    invoiceSchema.parse({
      id: 1,
      documentNumber: 'OF1',
      partner: { registrationId: '36123456', address: { businessName: 'Hruška s.r.o.' } },
      prices: { currency: 'EUR', documentPrices: { totalPriceInclVat: 120 } },
      ...fields,
    });

  it('takes what is left to pay from sumForPayment, credit notes negative', () => {
    expect(documentRow('invoices', invoice({ sumForPayment: 20.5 })).amountDue).toBe('20.5');
    expect(documentRow('invoices', invoice({ sumForPayment: -30 })).amountDue).toBe('-30');
  });

  it('without it: nothing for a document paid in full, else its total less what was paid', () => {
    expect(documentRow('invoices', invoice({ paymentStatus: 1 })).amountDue).toBe('0');
    expect(documentRow('invoices', invoice({ paymentStatus: 3, sumOfPayments: 100.1 })).amountDue).toBe('19.90');
  });

  it('keys the partner by IČO', () => {
    expect(documentRow('invoices', invoice({})).partnerKey).toBe('ico:36123456');
  });
});
