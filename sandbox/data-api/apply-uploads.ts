/**
 * What an accepted upload does to the company's data. The real service processes uploads later and reports by
 * webhook; the sandbox applies them at once, so the next GET already shows them.
 */
import { type Day, dayOf, isoDay, parseTimestamp, recordDate, recordTimestamp } from '../data/calendar';
import { type CompanyData, noteChange } from '../data/company-data';
import { lineFromTotal, type LineItem, lineItem, pricesOf, round2, sumAmounts, vatBreakdownsOf } from '../data/money';
import { nextDocumentNumber, variableSymbolOf } from '../data/numbering';
import type { Address, Partner, PaymentAccount, PaymentStatus, StoredDeliveryNote, StoredInvoice } from '../data/types';
import { standardVatRateOn, vatRatesOn } from '../data/vat-rates';
import { compareOrdinal } from './list-filters';
import { partnerOfUpload } from './partner-book';
import type { UploadedDocument, UploadProblem } from './types';
import type { DeliveryNoteInput, InvoiceInput, PaymentInput, StockIssueInput } from './upload-schemas';

type PartnerInput = InvoiceInput['partner'];
type AddressInput = PartnerInput['address'];

function toAddress(input: AddressInput, country = 'SK'): Address {
  return {
    businessName: input.businessName ?? null,
    contactName: input.contactName ?? null,
    street: input.street ?? '',
    postCode: input.postCode ?? '',
    city: input.city ?? '',
    country: input.country ?? country,
  };
}

/** `country` stands in for a country the upload left out. */
function toPartner(input: PartnerInput, country = 'SK'): Partner {
  return {
    address: toAddress(input.address, country),
    postalAddress: input.postalAddress ? toAddress(input.postalAddress, country) : null,
    registrationId: input.registrationId ?? null,
    taxId: input.taxId ?? null,
    vatId: input.vatId ?? null,
    phoneNumber: input.phoneNumber ?? null,
    email: input.email ?? null,
  };
}

/** The partner an uploaded invoice carries: the company's partner it matches, or a new one (partner-book.ts). */
function uploadedPartner(company: CompanyData, input: PartnerInput): Partner {
  const partner = partnerOfUpload(company, toPartner(input, ''));
  for (const address of [partner.address, partner.postalAddress]) if (address) address.country ||= 'SK';
  return partner;
}

/** The item an uploaded line names (money.ts gives absent codes as null). */
const itemOf = (item: { name: string; itemCode?: string | null; warehouseCode?: string | null }) => ({
  name: item.name,
  itemCode: item.itemCode,
  warehouseCode: item.warehouseCode,
});

/** An invoice's lines from the upload's line totals (money.ts lineFromTotal); a missing rate is the day's standard. */
function invoiceLines(items: InvoiceInput['items'], taxDay: string): LineItem[] {
  return items.map((item) =>
    lineFromTotal({
      ...itemOf(item),
      quantity: item.amount,
      unit: item.measureUnit ?? 'ks',
      vatRate: item.vatRate ?? standardVatRateOn(taxDay),
      totalPriceInclVat: item.totalPriceInclVat,
    }),
  );
}

function deliveryLines(items: DeliveryNoteInput['items']): LineItem[] {
  return items.map((item) =>
    lineItem({
      ...itemOf(item),
      quantity: item.quantity,
      unit: item.unit ?? 'ks',
      unitPrice: item.unitPrice,
      vatRate: item.vatRate ?? 23,
    }),
  );
}

const dayOrToday = (value: string | null | undefined, today: Day) =>
  value ? dayOf(parseTimestamp(value) ?? 0) : today;
// A loop, not Math.max(...ids): a large company has more ids than a call takes arguments.
export const nextId = (ids: readonly number[]) => ids.reduce((max, id) => (id > max ? id : max), 0) + 1;

interface NumberedDocument {
  record: { documentNumber: string; numberingSequence: string };
}

/**
 * The number an upload gets in its sequence (the one it asks for, else the next free one of its issue year), and the
 * document already holding that number, which the upload then overwrites. Sequence codes match case-insensitively.
 */
function placeInSequence<T extends NumberedDocument>(
  documents: readonly T[],
  code: string,
  requested: string | null | undefined,
  issueDay: Day,
): { documentNumber: string; existing: T | undefined } {
  const sameCode = documents.filter((d) => d.record.numberingSequence.toLowerCase() === code.toLowerCase());
  const documentNumber =
    requested ||
    nextDocumentNumber(
      sameCode.map((d) => d.record.documentNumber),
      code,
      new Date(issueDay * 86_400_000).getUTCFullYear(),
    );
  return { documentNumber, existing: sameCode.find((d) => d.record.documentNumber === documentNumber) };
}

export function paymentStatusOf(total: number, paid: number): PaymentStatus {
  const [due, got] = [Math.abs(total), Math.abs(paid)];
  if (got === 0) return 0;
  if (got === due) return 1;
  return got > due ? 2 : 3;
}

/** The sequence an invoice is numbered in: the one it names, else the company's default for its type. */
function invoiceSequence(company: CompanyData, input: InvoiceInput): string {
  const type = input.invoiceType ?? 0;
  const { sequences } = company.profile;
  return (
    input.numberingSequence || (type === 1 ? sequences.credit : type === 2 ? sequences.advance : sequences.regular)
  );
}

/** The day of the taxable supply, whose VAT rates apply: the delivery date, else the issue date, else today. */
function taxDayOf(company: CompanyData, input: InvoiceInput): string {
  const issueDay = dayOrToday(input.issueDate, company.today);
  return isoDay(dayOrToday(input.deliveryDate, issueDay));
}

/**
 * Why the service would refuse to create this invoice (reported per document in the upload result, status 207): a
 * numbering sequence the company does not have for invoices, a VAT rate not in force on the day of the supply.
 */
export function invoiceProblems(company: CompanyData, input: InvoiceInput): UploadProblem[] {
  const problems: UploadProblem[] = [];
  const code = invoiceSequence(company, input);
  const known = company.numberingSequences.some(
    (s) => s.evidence === 'invoices' && s.code.toLowerCase() === code.toLowerCase(),
  );
  if (!known) {
    problems.push({
      code: 'NumberingSequenceNotFound',
      message: `The numbering sequence '${code}' does not exist for invoices.`,
    });
  }
  const taxDay = taxDayOf(company, input);
  const rates = vatRatesOn(taxDay);
  input.items.forEach((item, i) => {
    if (item.vatRate != null && !rates.includes(item.vatRate)) {
      problems.push({
        code: 'InvalidVatRate',
        message: `Item ${i + 1}: the VAT rate ${item.vatRate} % is not valid on ${taxDay} (valid: ${rates.join(', ')} %).`,
      });
    }
  });
  return problems;
}

/**
 * An uploaded invoice as the service processes it: refused with its problems (nothing created), or created or
 * overwritten (upsertInvoice). Answers it as the upload-finished callback names it.
 */
export function applyInvoice(company: CompanyData, input: InvoiceInput, nowMs: number): UploadedDocument {
  const problems = invoiceProblems(company, input);
  if (problems.length > 0) {
    return {
      id: null,
      externalId: input.externalId ?? null,
      documentNumber: input.documentNumber || null,
      variableSymbol: null,
      problems,
    };
  }
  const { record: r } = upsertInvoice(company, input, nowMs);
  return { id: r.id, externalId: r.externalId, documentNumber: r.documentNumber, variableSymbol: r.variableSymbol };
}

/**
 * Creates the invoice, or overwrites the one with the same (documentNumber, numbering sequence), keeping its id and
 * payments. Prices, VAT breakdowns and items come from the line totals; the partner is matched or created.
 */
export function upsertInvoice(company: CompanyData, input: InvoiceInput, nowMs: number): StoredInvoice {
  const type = input.invoiceType ?? 0;
  const code = invoiceSequence(company, input);
  const issueDay = dayOrToday(input.issueDate, company.today);
  const { documentNumber, existing } = placeInSequence(company.invoices, code, input.documentNumber, issueDay);
  const items = invoiceLines(input.items, taxDayOf(company, input));
  const prices = pricesOf(items, input.currency ?? 'EUR', input.exchangeRate ?? undefined);
  const payments = existing?.details.payments ?? [];
  const sumOfPayments = sumAmounts(payments.map((p) => p.amount));
  const total = prices.documentPrices.totalPriceInclVat;
  const invoice: StoredInvoice = {
    record: {
      id: existing?.record.id ?? nextId(company.invoices.map((i) => i.record.id)),
      documentNumber,
      numberingSequence: existing?.record.numberingSequence ?? code,
      variableSymbol: input.variableSymbol ?? variableSymbolOf(documentNumber),
      orderNumber: input.orderNumber ?? null,
      externalId: input.externalId ?? null,
      invoiceType: type,
      partner: uploadedPartner(company, input.partner),
      issueDate: recordDate(issueDay),
      deliveryDate: recordDate(dayOrToday(input.deliveryDate, issueDay)),
      dueDate: recordDate(input.dueDate ? dayOrToday(input.dueDate, issueDay) : issueDay + 14),
      lastModifiedTimestamp: recordTimestamp(nowMs),
      paymentStatus: paymentStatusOf(total, sumOfPayments),
      prices,
      sumOfPayments,
      sumForPayment: round2(total - sumOfPayments),
      tags: input.tags ?? [],
      bankAccount: company.profile.ownBank,
      internalNote: null,
    },
    details: {
      items,
      vatBreakdowns: vatBreakdownsOf(items),
      payments,
      linkedDocuments: existing?.details.linkedDocuments ?? [],
    },
  };
  if (existing) Object.assign(existing, invoice);
  else company.invoices.push(invoice);
  noteChange(company);
  return existing ?? invoice;
}

export function upsertDeliveryNote(company: CompanyData, input: DeliveryNoteInput, nowMs: number): StoredDeliveryNote {
  const code = input.numberingSequence || (company.profile.sequences.delivery[0] ?? 'DL');
  const issueDay = dayOrToday(input.issueDate, company.today);
  const { documentNumber, existing } = placeInSequence(company.deliveryNotes, code, input.documentNumber, issueDay);
  const items = deliveryLines(input.items);
  const note: StoredDeliveryNote = {
    record: {
      id: existing?.record.id ?? nextId(company.deliveryNotes.map((n) => n.record.id)),
      documentNumber,
      numberingSequence: existing?.record.numberingSequence ?? code,
      partner: toPartner(input.partner),
      issueDate: recordDate(issueDay),
      deliveryDate: recordDate(dayOrToday(input.deliveryDate, issueDay)),
      lastModifiedTimestamp: recordTimestamp(nowMs),
      orderNumber: input.orderNumber ?? null,
      externalId: input.externalId ?? null,
      prices: pricesOf(items, input.currency ?? 'EUR'),
      tags: input.tags ?? [],
      internalNote: null,
    },
    items,
  };
  if (existing) Object.assign(existing, note);
  else company.deliveryNotes.push(note);
  noteChange(company);
  return existing ?? note;
}

/**
 * The open invoice a payment pays, by variable symbol (interface: the amount decides first, then a proforma wins
 * over a regular invoice, then the oldest document).
 */
function invoicePaidBy(company: CompanyData, input: PaymentInput): StoredInvoice | undefined {
  const symbol = input.variableSymbol;
  const open = symbol
    ? company.invoices.filter(
        (i) => i.record.variableSymbol === symbol && (i.record.paymentStatus === 0 || i.record.paymentStatus === 3),
      )
    : [];
  const rank = (i: StoredInvoice) =>
    [i.record.sumForPayment === input.sumOfPayment ? 0 : 1, i.record.invoiceType === 2 ? 0 : 1] as const;
  return open.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || compareOrdinal(a.record.issueDate, b.record.issueDate);
  })[0];
}

/**
 * Adds the payment to the invoice it pays (the one given, else the one its variable symbol pairs it with), and lists
 * it under GET /api/payments when it names an account. Answers the payment as the upload-finished notification names
 * it: its own id (the invoice's when it has no account, as it then exists only on the invoice), its externalId, and
 * the invoice it paid (`documentId`, `documentNumber`), if any.
 */
export function addPayment(
  company: CompanyData,
  input: PaymentInput,
  nowMs: number,
  invoice = invoicePaidBy(company, input),
): UploadedDocument {
  const symbol = input.variableSymbol;
  noteChange(company);
  const date = recordDate(dayOf(parseTimestamp(input.dateOfPayment) ?? nowMs));
  if (invoice) {
    invoice.details.payments.push({
      date,
      amount: input.sumOfPayment,
      paymentType: input.paymentType ?? 1,
      accountId: input.accountId ?? null,
    });
    const paid = sumAmounts(invoice.details.payments.map((p) => p.amount));
    const total = invoice.record.prices.documentPrices.totalPriceInclVat;
    Object.assign(invoice.record, {
      sumOfPayments: paid,
      sumForPayment: round2(total - paid),
      paymentStatus: paymentStatusOf(total, paid),
      lastModifiedTimestamp: recordTimestamp(nowMs),
    });
  }
  const paid = {
    externalId: input.externalId ?? null,
    documentNumber: invoice?.record.documentNumber ?? null,
    variableSymbol: symbol ?? null,
    ...(invoice ? { documentId: invoice.record.id } : {}),
  };
  const account = company.accounts.find((a) => a.id === input.accountId);
  if (!account) return { id: invoice?.record.id ?? 0, ...paid };
  const id = nextId(company.payments.map((p) => p.id));
  company.payments.push({
    id,
    accountId: account.id,
    dateOfPayment: date,
    sumOfPayment: input.sumOfPayment,
    currency: account.currency,
    variableSymbol: symbol ?? null,
    externalId: input.externalId ?? null,
    iban: null,
    partnerName: input.partnerName ?? invoice?.record.partner.address.businessName ?? null,
    remittanceInformation: input.remittanceInformation ?? null,
    paymentReference: input.paymentReference ?? null,
    note: input.note ?? null,
    paymentType: input.paymentType ?? 1,
    documentNumber: invoice?.record.documentNumber ?? null,
    lastModifiedTimestamp: recordTimestamp(nowMs),
  });
  return { id, ...paid };
}

/** Takes the quantities off the stock cards (matched by item code, else by name); unknown items change nothing. */
export function issueStock(company: CompanyData, input: StockIssueInput, nowMs: number): void {
  // The catalog's order (oldest change first) moves with the stamps below.
  noteChange(company);
  for (const item of input.items) {
    const card =
      company.catalogItems.find((c) => item.itemCode && c.itemCode.toLowerCase() === item.itemCode.toLowerCase()) ??
      company.catalogItems.find((c) => item.name && c.name.toLowerCase() === item.name.toLowerCase());
    if (!card) continue;
    const code =
      item.warehouseCode ?? input.warehouseCode ?? card.warehouses[0]?.code ?? company.warehouses[0]?.code ?? 'HL';
    let stock = card.warehouses.find((w) => w.code.toLowerCase() === code.toLowerCase());
    if (!stock) card.warehouses.push((stock = { code, quantityOnHand: 0 }));
    stock.quantityOnHand = round2(stock.quantityOnHand - item.quantity);
    card.lastModifiedTimestamp = recordTimestamp(nowMs);
  }
}

/** Idempotent by (name, currency): asking again for the same cash account answers the existing one. */
export function ensureCashAccount(
  company: CompanyData,
  name: string,
  currency: string,
): { account: PaymentAccount; created: boolean } {
  const existing = company.accounts.find(
    (a) => a.type === 'cash' && a.currency === currency && a.name.toLowerCase() === name.toLowerCase(),
  );
  if (existing) return { account: existing, created: false };
  const account: PaymentAccount = {
    id: nextId(company.accounts.map((a) => a.id)),
    name,
    iban: null,
    currency,
    type: 'cash',
  };
  company.accounts.push(account);
  return { account, created: true };
}
