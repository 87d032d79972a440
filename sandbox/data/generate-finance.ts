import { type Day, DAY_MS, parseTimestamp, recordDate, recordTimestamp } from './calendar';
import { type CompanyProfile, EXPENSE_SEQUENCES } from './company-profile';
import { workingTime } from './generate-catalog';
import { payerIban } from './generate-partner';
import type { Random } from './random';
import type { DocumentPayment, NumberingSequence, PaymentRecord, StoredInvoice } from './types';

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

/** The payments of the invoices that GET /api/payments lists: those entered with an account. */
export function listedPayments(invoices: readonly StoredInvoice[]): DocumentPayment[] {
  return invoices.flatMap((invoice) => invoice.details.payments.filter((payment) => payment.accountId !== null));
}

/**
 * Leaves only `keep` of the invoices' listed payments listed: the others, picked at random, stay on their invoices
 * but as entered without an account (the way a tenth of payments are anyway), so every invoice's sums still hold.
 */
export function keepListed(random: Random, invoices: readonly StoredInvoice[], keep: number): void {
  const listed = listedPayments(invoices);
  // A partial Fisher–Yates shuffle: the first `surplus` places end up a uniform pick.
  const surplus = listed.length - keep;
  for (let i = 0; i < surplus; i += 1) {
    const j = random.int(i, listed.length - 1);
    [listed[i], listed[j]] = [listed[j] as DocumentPayment, listed[i] as DocumentPayment];
    (listed[i] as DocumentPayment).accountId = null;
  }
}

const UNPAIRED_MESSAGES = [
  'Platba',
  'Úhrada podľa zmluvy',
  'Záloha na objednávku',
  'Doplatok',
  'Platba za tovar',
  null,
] as const;

/**
 * Receipts no document claims (a customer paying without a usable variable symbol, an advance before its invoice):
 * the rest of a payment volume that the invoices asked for cannot carry. Dated over the invoices' span, on the bank
 * account in EUR (some in cash), numbered after the paired ones.
 */
export function unpairedReceipts(
  random: Random,
  profile: CompanyProfile,
  today: Day,
  count: number,
  firstId: number,
): PaymentRecord[] {
  const bank = profile.accounts.find((a) => a.type === 'bank' && a.currency === 'EUR') ?? profile.accounts[0];
  const cash = profile.accounts.find((a) => a.type === 'cash');
  if (!bank) return [];
  let id = firstId;
  return Array.from({ length: count }, () => {
    const account = cash && random.chance(0.1) ? cash : bank;
    const isBank = account.type === 'bank';
    const partner = random.pick(profile.customers);
    const day = today - Math.floor(420 * random.next() ** 1.4);
    return {
      id: (id += random.int(1, 9)),
      accountId: account.id,
      dateOfPayment: recordDate(day),
      sumOfPayment: random.int(500, 250_000) / 100,
      currency: account.currency,
      variableSymbol: random.chance(0.4) ? random.digits(10) : null,
      externalId: isBank && random.chance(0.3) ? `bank-${random.digits(9)}` : null,
      iban: isBank ? payerIban(random, partner.address.country) : null,
      partnerName: random.chance(0.9) ? partner.address.businessName : null,
      remittanceInformation: isBank ? random.pick(UNPAIRED_MESSAGES) : null,
      paymentReference: null,
      note: 'Nespárovaná platba',
      paymentType: isBank ? 1 : 3,
      documentNumber: null,
      lastModifiedTimestamp: recordTimestamp(Math.min(today, day + random.int(0, 3)) * DAY_MS + workingTime(random)),
    };
  });
}
