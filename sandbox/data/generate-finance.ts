import { DAY_MS, parseTimestamp, recordTimestamp } from './calendar';
import { type CompanyProfile, EXPENSE_SEQUENCES } from './company-profile';
import { workingTime } from './generate-catalog';
import { payerIban } from './generate-partner';
import type { Random } from './random';
import type { NumberingSequence, PaymentRecord, StoredInvoice } from './types';

export function generateNumberingSequences(random: Random, profile: CompanyProfile): NumberingSequence[] {
  const { sequences } = profile;
  let id = random.int(10, 90);
  const next = () => (id += random.int(1, 4));
  const list: NumberingSequence[] = [
    { id: next(), name: 'Faktúry', code: sequences.regular, evidence: 'invoices', documentType: 0, isDefault: true },
    {
      id: next(),
      name: 'Zálohové faktúry',
      code: sequences.advance,
      evidence: 'invoices',
      documentType: 2,
      isDefault: false,
    },
    { id: next(), name: 'Dobropisy', code: sequences.credit, evidence: 'invoices', documentType: 1, isDefault: false },
  ];
  if (sequences.eshop)
    list.push({
      id: next(),
      name: 'Faktúry z e-shopu',
      code: sequences.eshop,
      evidence: 'invoices',
      documentType: 0,
      isDefault: false,
    });
  sequences.delivery.forEach((code, i) =>
    list.push({
      id: next(),
      name: i === 0 ? 'Dodacie listy' : 'Dodacie listy – veľkoobchod',
      code,
      evidence: 'deliveryNotes',
      documentType: null,
      isDefault: i === 0,
    }),
  );
  for (const [type, [code, name]] of Object.entries(EXPENSE_SEQUENCES)) {
    list.push({ id: next(), name, code, evidence: 'expenses', documentType: Number(type), isDefault: true });
  }
  list.push({
    id: next(),
    name: 'Prijaté objednávky',
    code: 'OP',
    evidence: 'receivedOrders',
    documentType: null,
    isDefault: true,
  });
  return list;
}

/**
 * The payments GET /api/payments lists: those of the invoices entered with an account (the interface: payments added
 * only to a document are not listed).
 */
export function paymentsOfInvoices(random: Random, invoices: readonly StoredInvoice[]): PaymentRecord[] {
  const list: PaymentRecord[] = [];
  let id = random.int(100_000, 900_000) * 10;
  const sorted = invoices
    .flatMap((invoice) => invoice.details.payments.map((payment) => ({ invoice, payment })))
    .sort((a, b) => a.payment.date.localeCompare(b.payment.date));
  for (const { invoice, payment } of sorted) {
    if (payment.accountId === null) continue;
    const bank = payment.paymentType !== 3;
    const partner = invoice.record.partner;
    const day = Math.floor((parseTimestamp(payment.date) ?? 0) / DAY_MS);
    list.push({
      id: (id += random.int(1, 9)),
      accountId: payment.accountId,
      dateOfPayment: payment.date,
      sumOfPayment: payment.amount,
      currency: invoice.record.prices.currency,
      variableSymbol: invoice.record.variableSymbol,
      externalId: random.chance(0.2) ? `bank-${random.digits(9)}` : null,
      iban: bank ? payerIban(random, partner.address.country) : null,
      partnerName: partner.address.businessName,
      remittanceInformation: bank ? `Úhrada ${invoice.record.documentNumber}` : null,
      paymentReference: bank && random.chance(0.5) ? `/VS${invoice.record.variableSymbol}/SS/KS0308` : null,
      note: random.chance(0.05) ? 'Spárované ručne' : null,
      paymentType: payment.paymentType,
      documentNumber: invoice.record.documentNumber,
      lastModifiedTimestamp: recordTimestamp(day * DAY_MS + workingTime(random)),
    });
  }
  return list;
}
