import type { NewLine } from '@/lib/owners/imports/lines';

export type InvoiceLineOptions = {
  /** The numbering sequence every invoice is numbered in (its documentNumber is left empty: the next number). */
  sequence: string;
  /** The positions (from 0) of invoices sent in a sequence the company does not have: the service refuses them. */
  refused?: ReadonlySet<number>;
  /** How many different customers the invoices go to (legal entities, by IČO). */
  customers?: number;
};

const cents = (value: number) => (value / 100).toFixed(2);

/**
 * `count` ready invoice lines as a sheet's validation hands them over (the upload body of service-facts.md, "Invoice
 * upload body", with items by quantity and line total including VAT), externalIds `${prefix}-1`, `${prefix}-2`, ….
 * Each invoice has two items, at 23 % and 19 %; the display is the contract's and the preview's.
 */
export function invoiceLines(count: number, prefix: string, options: InvoiceLineOptions): NewLine[] {
  const customers = options.customers ?? 25;
  return Array.from({ length: count }, (_, index) => {
    const customer = index % customers;
    const sequence = options.refused?.has(index) ? 'ZZZ' : options.sequence;
    const first = 1230 + (index % 97);
    const second = 119 * (1 + (index % 4));
    const partner = {
      address: {
        businessName: `Odberateľ ${customer + 1} s.r.o.`,
        street: `Hlavná ${customer + 1}`,
        city: 'Nitra',
        postCode: '949 01',
        country: 'SK',
      },
      registrationId: String(46_000_000 + customer),
      email: `fakturacia${customer + 1}@example.sk`,
    };
    const items = [
      { name: 'Konzultácia', amount: 1, measureUnit: 'hod', vatRate: 23, totalPriceInclVat: first / 100 },
      {
        name: 'Káva zrnková',
        amount: 1 + (index % 4),
        measureUnit: 'ks',
        vatRate: 19,
        totalPriceInclVat: second / 100,
      },
    ];
    const row = 2 + index * 2;
    return {
      state: 'ready',
      externalId: `${prefix}-${index + 1}`,
      payload: {
        documentNumber: '',
        numberingSequence: sequence,
        invoiceType: 0,
        issueDate: '2026-11-20',
        deliveryDate: '2026-11-20',
        dueDate: '2026-12-04',
        currency: 'EUR',
        partner,
        items,
      },
      display: {
        rows: [row, row + 1],
        documentNumber: '',
        numberingSequence: sequence,
        issueDate: '2026-11-20',
        dueDate: '2026-12-04',
        currency: 'EUR',
        total: cents(first + second),
        partner: {
          name: partner.address.businessName,
          registrationId: partner.registrationId,
          taxId: null,
          vatId: null,
          email: partner.email,
          city: partner.address.city,
        },
        items: items.map((item) => ({
          name: item.name,
          amount: String(item.amount),
          measureUnit: item.measureUnit,
          vatRate: String(item.vatRate),
          totalPriceInclVat: item.totalPriceInclVat.toFixed(2),
        })),
        exists: null,
      },
    };
  });
}
