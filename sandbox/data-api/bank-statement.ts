/**
 * A bank statement of a sandbox company's open invoices, for demos and tests of the payment import (issue 20): the
 * lines a real statement of the company's account would show, written as camt.053.001.02 or MT940 by
 * statement-formats.ts. Each line says what it is meant to show (`role`) and which invoice it pays, so a test can
 * check the add-on's pairing against the intent:
 *
 * - `exact`: what is left to pay on an invoice, its symbol in the EndToEndId (`/VS…/SS/KS0308`);
 * - `padded`: the same with the symbol padded with zeros to ten digits, as some banks write it;
 * - `partial`: half of what is left;
 * - `foreign`: from a foreign account, the EndToEndId `NOTPROVIDED`, the invoice named only in the message ("Invoice
 *   OF2026000123" or "VS 2026000123");
 * - `suggestion`: the exact amount, no symbol anywhere, from the account and in the name the partner paid from before;
 * - `twin`: two identical lines (same day, amount, reference), each paying half of an invoice: legitimately twice
 *   (an odd cent stays open);
 * - `unknown`: a symbol no invoice carries;
 * - `debit`: money going out (rent, a supplier).
 *
 * The same company, day and account give the same statement. Amounts are whole cents, never floats.
 */
import { type Day, isoDay } from '../data/calendar';
import type { CompanyData } from '../data/company-data';
import { ibanOf, payerIban } from '../data/generate-partner';
import { createRandom, type Random } from '../data/random';
import type { PaymentAccount, StoredInvoice } from '../data/types';

export type StatementRole = 'exact' | 'padded' | 'partial' | 'foreign' | 'suggestion' | 'twin' | 'unknown' | 'debit';

export interface StatementEntry {
  role: StatementRole;
  /** The bank's entry reference (camt `AcctSvcrRef`, MT940 `//`): the same for both lines of a twin. */
  reference: string;
  bookingDate: string;
  direction: 'credit' | 'debit';
  /** Whole cents, positive. */
  cents: number;
  endToEndId: string | null;
  message: string | null;
  counterparty: { name: string; iban: string };
  /** The invoice the line is meant to pay (null: none). */
  invoice: { id: number; documentNumber: string; variableSymbol: string } | null;
}

export interface GeneratedStatement {
  tenantId: string;
  account: { id: number; name: string; iban: string; currency: string; bic: string; owner: string };
  /** Statement number: the same for the same day. */
  number: number;
  from: string;
  to: string;
  createdAt: string;
  openingCents: number;
  closingCents: number;
  entries: StatementEntry[];
}

export interface StatementOptions {
  /** The company's bank account (by id); default its first bank account in EUR with an IBAN. */
  accountId?: number;
}

const KS = '0308';
const FOREIGN_PAYERS = [
  { name: 'Müller Handels GmbH', country: 'DE', bban: '370400440532013000' },
  { name: 'Alpen Trading AG', country: 'AT', bban: '1904300234573201' },
  { name: 'Novák & Partners Ltd', country: 'GB', bban: 'NWBK60161331926819' },
];
const DEBITS = [
  { name: 'Reality Centrum s.r.o.', message: 'Nájom kancelárie', symbol: null },
  { name: 'Energie Slovensko a.s.', message: 'Záloha elektrina', symbol: '7700112233' },
];

const centsOf = (amount: number) => Math.round(amount * 100);

/** The account a statement is of: the one asked for, else the first bank account in EUR with an IBAN, else any. */
function accountOf(company: CompanyData, accountId: number | undefined): PaymentAccount & { iban: string } {
  const banks = company.accounts.filter((a): a is PaymentAccount & { iban: string } => a.type === 'bank' && !!a.iban);
  const account =
    accountId === undefined
      ? (banks.find((a) => a.currency === 'EUR') ?? banks[0])
      : banks.find((a) => a.id === accountId);
  if (!account) throw new RangeError(`the company has no bank account ${accountId ?? 'with an IBAN'}`);
  return account;
}

/** Open: something left to pay, not a credit note, in the account's currency; oldest first. */
function openInvoices(company: CompanyData, currency: string): StoredInvoice[] {
  return company.invoices
    .filter(
      ({ record }) =>
        (record.paymentStatus === 0 || record.paymentStatus === 3) &&
        record.invoiceType !== 1 &&
        record.sumForPayment > 0 &&
        record.variableSymbol !== '' &&
        record.prices.currency === currency,
    )
    .sort((a, b) => a.record.issueDate.localeCompare(b.record.issueDate) || a.record.id - b.record.id);
}

/** Shuffled copy (Fisher–Yates on the statement's own stream). */
function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let at = copy.length - 1; at > 0; at -= 1) {
    const other = random.int(0, at);
    [copy[at], copy[other]] = [copy[other] as T, copy[at] as T];
  }
  return copy;
}

/** The account the partner paid from before (the company's listed payments), else a new one of its country. */
function payerAccountOf(company: CompanyData, random: Random, invoice: StoredInvoice): string {
  const name = invoice.record.partner.address.businessName;
  const earlier = company.payments.find((p) => p.iban && name && p.partnerName === name);
  return earlier?.iban ?? payerIban(random, invoice.record.partner.address.country);
}

const nameOf = (invoice: StoredInvoice) =>
  invoice.record.partner.address.businessName ?? invoice.record.partner.address.contactName ?? 'Neznámy platiteľ';

const invoiceRef = ({ record }: StoredInvoice) => ({
  id: record.id,
  documentNumber: record.documentNumber,
  variableSymbol: record.variableSymbol,
});

/** The roles credits take, in the order open invoices are handed out (fewer invoices: the first roles only). */
const CREDIT_ROLES: readonly StatementRole[] = [
  'exact',
  'partial',
  'foreign',
  'suggestion',
  'padded',
  'exact',
  'twin',
  'foreign',
  'exact',
  'partial',
  'exact',
];

export function generateStatement(
  company: CompanyData,
  tenantId: string,
  options: StatementOptions = {},
): GeneratedStatement {
  const account = accountOf(company, options.accountId);
  const random = createRandom(`${tenantId}/statement/${account.id}/${company.today}`);
  const to: Day = company.today - 1;
  const from: Day = to - 6;
  const day = () => isoDay(random.int(from, to));
  let sequence = 0;
  const reference = (bookingDate: string) =>
    `B${bookingDate.replace(/-/g, '').slice(2)}${String((sequence += 1)).padStart(5, '0')}`;
  const entries: StatementEntry[] = [];
  const open = shuffled(random, openInvoices(company, account.currency));

  CREDIT_ROLES.forEach((role, at) => {
    const invoice = open[at];
    if (!invoice) return;
    const { record } = invoice;
    const due = centsOf(record.sumForPayment);
    const vs = record.variableSymbol;
    const bookingDate = day();
    const base = {
      role,
      reference: reference(bookingDate),
      bookingDate,
      direction: 'credit' as const,
      cents: due,
      endToEndId: `/VS${vs}/SS/KS${KS}`,
      message: `Úhrada faktúry ${record.documentNumber}`,
      counterparty: { name: nameOf(invoice), iban: payerAccountOf(company, random, invoice) },
      invoice: invoiceRef(invoice),
    };
    if (role === 'exact') entries.push(base);
    else if (role === 'padded') entries.push({ ...base, endToEndId: `/VS${vs.padStart(10, '0')}/SS/KS${KS}` });
    else if (role === 'partial') entries.push({ ...base, cents: Math.max(1, Math.floor(due / 2)) });
    else if (role === 'foreign') {
      const payer = FOREIGN_PAYERS[at % FOREIGN_PAYERS.length]!;
      entries.push({
        ...base,
        endToEndId: 'NOTPROVIDED',
        message: at % 2 === 0 ? `Invoice ${record.documentNumber}` : `Payment VS ${vs} thank you`,
        counterparty: { name: payer.name, iban: ibanOf(payer.country, payer.bban) },
      });
    } else if (role === 'suggestion') entries.push({ ...base, endToEndId: 'NOTPROVIDED', message: 'Ďakujeme' });
    else if (role === 'twin') {
      // Two identical halves pay the invoice (an odd cent stays open).
      const half = { ...base, cents: Math.max(1, Math.floor(due / 2)) };
      entries.push(half, { ...half });
    }
  });

  for (let n = 0; n < 2; n += 1) {
    const bookingDate = day();
    const vs = `9${random.digits(8)}`;
    entries.push({
      role: 'unknown',
      reference: reference(bookingDate),
      bookingDate,
      direction: 'credit',
      cents: random.int(1_000, 90_000),
      endToEndId: `/VS${vs}/SS/KS${KS}`,
      message: 'Platba',
      counterparty: { name: 'Ján Neznámy', iban: payerIban(random, 'SK') },
      invoice: null,
    });
  }
  for (const debit of DEBITS) {
    const bookingDate = day();
    entries.push({
      role: 'debit',
      reference: reference(bookingDate),
      bookingDate,
      direction: 'debit',
      cents: random.int(20_000, 150_000),
      endToEndId: debit.symbol ? `/VS${debit.symbol}/SS/KS${KS}` : 'NOTPROVIDED',
      message: debit.message,
      counterparty: { name: debit.name, iban: payerIban(random, 'SK') },
      invoice: null,
    });
  }

  // By day; a twin's two lines stay side by side (a stable sort keeps their order).
  entries.sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
  const openingCents = random.int(500_000, 5_000_000);
  const closingCents = entries.reduce((sum, e) => sum + (e.direction === 'credit' ? e.cents : -e.cents), openingCents);
  const bic = company.profile.ownBank.iban === account.iban ? company.profile.ownBank.swift : 'TATRSKBX';
  return {
    tenantId,
    account: {
      id: account.id,
      name: account.name,
      iban: account.iban,
      currency: account.currency,
      bic,
      owner: company.profile.name,
    },
    number: to % 1000,
    from: isoDay(from),
    to: isoDay(to),
    createdAt: `${isoDay(company.today)}T06:00:00`,
    openingCents,
    closingCents,
    entries,
  };
}
