import { type Day, notLaterThan } from './calendar';
import { type CompanyProfile, createProfile } from './company-profile';
import { generateCatalog, generateWarehouses } from './generate-catalog';
import { generateDeliveryNotes } from './generate-delivery-notes';
import { generateExpenses } from './generate-expenses';
import {
  generateNumberingSequences,
  keepListed,
  listedPayments,
  paymentsOfInvoices,
  unpairedReceipts,
} from './generate-finance';
import { generateInvoices } from './generate-invoices';
import { createRandom, type Random } from './random';
import type {
  CatalogItem,
  NumberingSequence,
  PaymentAccount,
  PaymentRecord,
  StoredDeliveryNote,
  StoredExpense,
  StoredInvoice,
  Warehouse,
} from './types';

/** Everything one company's data API serves; uploads and record changes alter it in place. */
export interface CompanyData {
  profile: CompanyProfile;
  today: Day;
  invoices: StoredInvoice[];
  deliveryNotes: StoredDeliveryNote[];
  expenses: StoredExpense[];
  numberingSequences: NumberingSequence[];
  accounts: PaymentAccount[];
  payments: PaymentRecord[];
  warehouses: Warehouse[];
  catalogItems: CatalogItem[];
  /**
   * Counts the changes made to the documents since generation (uploads, payments, record changes): the list indexes
   * (company-index.ts) are rebuilt when it moves. Change it only through `noteChange`.
   */
  revision: number;
  /** How many record-change batches the company has seen: each draws from its own stream, so they replay alike. */
  changeBatches: number;
}

/**
 * How many records of each kind a company holds; a kind left out keeps its usual size (about 300 invoices, 170
 * expenses, 75 delivery notes, 250 payments, a few dozen catalog items).
 */
export interface CompanyVolume {
  invoices?: number;
  expenses?: number;
  deliveryNotes?: number;
  /**
   * What GET /api/payments lists: the invoices' payments entered with an account. Without an invoice count, the
   * company gets as many invoices as carrying that many payments takes (about 1.2 per payment); with one, payments
   * those invoices do not carry are receipts no document claims. Fewer than the invoices carry: the rest stay on
   * their invoices as entered without an account.
   */
  payments?: number;
  /** Stock cards: the theme's goods, then the same goods under brands and product lines. */
  catalogItems?: number;
}

export interface GenerateOptions {
  volume?: CompanyVolume;
  /**
   * The moment the sandbox started (epoch ms). Documents dated on that day are generated over its working hours, so
   * some would carry modification times still to come; those are moved before this moment, keeping their order, as
   * the service never stamps a change in the future (a sync that follows the newest stamp it saw relies on that).
   */
  notAfterMs?: number;
}

/**
 * Each kind of record draws from its own random stream, so changing how one kind is generated leaves the others as
 * they were. The same tenant, day and options give the same documents.
 */
export function generateCompany(tenantId: string, today: Day, options: GenerateOptions = {}): CompanyData {
  const { volume = {} } = options;
  const stream = (name: string) => createRandom(`${tenantId}/${name}`);
  const profile = createProfile(tenantId);
  const warehouses = generateWarehouses(stream('warehouses'), profile.theme);
  const catalogItems = generateCatalog(
    {
      cards: stream('catalog'),
      more: stream('catalog-more'),
      eans: stream('catalog-eans'),
      fractions: stream('catalog-fractions'),
    },
    profile.theme,
    warehouses,
    today,
    volume.catalogItems,
  );
  const invoices = invoicesCarrying(stream, profile, catalogItems, today, volume);
  const deliveryNotes = generateDeliveryNotes(
    stream('delivery-notes'),
    profile,
    catalogItems,
    invoices,
    today,
    volume.deliveryNotes,
  );
  const company: CompanyData = {
    profile,
    today,
    invoices,
    deliveryNotes,
    expenses: generateExpenses(stream('expenses'), profile, today, volume.expenses),
    numberingSequences: generateNumberingSequences(stream('sequences'), profile),
    accounts: [...profile.accounts],
    payments: paymentsAsAsked(stream, profile, invoices, today, volume.payments),
    warehouses,
    catalogItems,
    revision: 0,
    changeBatches: 0,
  };
  if (options.notAfterMs !== undefined) {
    const stamped = [
      ...company.invoices.map((i) => i.record),
      ...company.deliveryNotes.map((n) => n.record),
      ...company.expenses.map((e) => e.record),
      ...company.payments,
      ...company.catalogItems,
    ];
    for (const record of stamped)
      record.lastModifiedTimestamp = notLaterThan(record.lastModifiedTimestamp, options.notAfterMs);
  }
  return company;
}

/**
 * The invoices, as many as asked; without a count but with a payment volume, enough of them to carry those payments
 * (each try draws the invoices afresh from their stream, so the result depends only on the volume).
 */
function invoicesCarrying(
  stream: (name: string) => Random,
  profile: CompanyProfile,
  catalog: readonly CatalogItem[],
  today: Day,
  volume: CompanyVolume,
): StoredInvoice[] {
  let invoices = generateInvoices(stream('invoices'), profile, catalog, today, volume.invoices);
  if (volume.invoices !== undefined || volume.payments === undefined) return invoices;
  for (let tries = 0; tries < 5; tries += 1) {
    const carried = listedPayments(invoices).length;
    if (carried >= volume.payments) return invoices;
    const perInvoice = Math.max(carried, 1) / invoices.length;
    invoices = generateInvoices(
      stream('invoices'),
      profile,
      catalog,
      today,
      Math.ceil((volume.payments / perInvoice) * 1.03) + 20,
    );
  }
  return invoices;
}

/** The listed payments: the invoices' own, cut to the volume asked for or topped up with unpaired receipts. */
function paymentsAsAsked(
  stream: (name: string) => Random,
  profile: CompanyProfile,
  invoices: readonly StoredInvoice[],
  today: Day,
  asked: number | undefined,
): PaymentRecord[] {
  if (asked === undefined) return paymentsOfInvoices(stream('payments'), invoices);
  keepListed(stream('payments-volume'), invoices, asked);
  const payments = paymentsOfInvoices(stream('payments'), invoices);
  if (payments.length >= asked) return payments;
  // Paired payments are numbered in date order: the unpaired ones come after the last.
  const after = payments.reduce((max, payment) => Math.max(max, payment.id), 1_000_000);
  return [
    ...payments,
    ...unpairedReceipts(stream('payments-unpaired'), profile, today, asked - payments.length, after),
  ];
}

/** Marks the company's documents as changed, so lists see the change (every in-place change calls it). */
export function noteChange(company: CompanyData): void {
  company.revision += 1;
}
