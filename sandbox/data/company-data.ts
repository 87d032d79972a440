import { type Day, notLaterThan } from './calendar';
import { type CompanyProfile, createProfile } from './company-profile';
import { generateCatalog, generateWarehouses } from './generate-catalog';
import { generateDeliveryNotes } from './generate-delivery-notes';
import { generateExpenses } from './generate-expenses';
import { generateNumberingSequences, paymentsOfInvoices } from './generate-finance';
import { generateInvoices } from './generate-invoices';
import { createRandom } from './random';
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

/** How many documents of each kind a company holds; a kind left out keeps its usual size (about 300/170/75). */
export interface CompanyVolume {
  invoices?: number;
  expenses?: number;
  deliveryNotes?: number;
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
  const catalogItems = generateCatalog(stream('catalog'), profile.theme, warehouses, today);
  const invoices = generateInvoices(stream('invoices'), profile, catalogItems, today, volume.invoices);
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
    payments: paymentsOfInvoices(stream('payments'), invoices),
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

/** Marks the company's documents as changed, so lists see the change (every in-place change calls it). */
export function noteChange(company: CompanyData): void {
  company.revision += 1;
}
