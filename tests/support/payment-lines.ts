import type { NewLine } from '@/lib/owners/imports/lines';

/** What a payment line needs of the invoice it pays. */
type Invoice = { id: number; documentNumber: string; variableSymbol: string };

/**
 * `count` payment lines of a statement, each paying one of the invoices in turn (its variable symbol; a small amount,
 * so any invoice may be paid more than once), with externalIds `${prefix}-1`, `${prefix}-2`, ….
 */
export function paymentLines(invoices: readonly Invoice[], count: number, prefix: string): NewLine[] {
  return Array.from({ length: count }, (_, index) => {
    const invoice = invoices[index % invoices.length]!;
    const amount = (1 + (index % 50) / 100).toFixed(2);
    return {
      state: 'ready',
      externalId: `${prefix}-${index + 1}`,
      payload: {
        dateOfPayment: '2026-11-20',
        sumOfPayment: Number(amount),
        variableSymbol: invoice.variableSymbol,
        paymentType: 1,
      },
      display: {
        date: '2026-11-20',
        amount,
        currency: 'EUR',
        variableSymbol: invoice.variableSymbol,
        counterparty: { name: 'Odberateľ s.r.o.', iban: 'SK3112000000198742637541' },
        reference: `REF-${index + 1}`,
      },
      document: { id: String(invoice.id), documentNumber: invoice.documentNumber },
    };
  });
}
