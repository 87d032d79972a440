import { createProfile, type CompanyProfile } from './company-profile';
import type { Day } from './calendar';
import { generateCatalog, generateWarehouses } from './generate-catalog';
import { generateDeliveryNotes } from './generate-delivery-notes';
import { generateExpenses } from './generate-expenses';
import { generateInvoices } from './generate-invoices';
import { generateNumberingSequences, paymentsOfInvoices } from './generate-finance';
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

/** Everything one company's data API serves; uploads change it in place. */
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
}

/**
 * Each kind of record draws from its own random stream, so changing how one kind is generated leaves the others as
 * they were.
 */
export function generateCompany(tenantId: string, today: Day): CompanyData {
  const stream = (name: string) => createRandom(`${tenantId}/${name}`);
  const profile = createProfile(tenantId);
  const warehouses = generateWarehouses(stream('warehouses'), profile.theme);
  const catalogItems = generateCatalog(stream('catalog'), profile.theme, warehouses, today);
  const invoices = generateInvoices(stream('invoices'), profile, catalogItems, today);
  const deliveryNotes = generateDeliveryNotes(stream('delivery-notes'), profile, catalogItems, invoices, today);
  return {
    profile,
    today,
    invoices,
    deliveryNotes,
    expenses: generateExpenses(stream('expenses'), profile, today),
    numberingSequences: generateNumberingSequences(stream('sequences'), profile),
    accounts: [...profile.accounts],
    payments: paymentsOfInvoices(stream('payments'), invoices),
    warehouses,
    catalogItems,
  };
}

export interface CompanyStore {
  /** Generated on first use and kept for the life of the sandbox, uploads included. */
  get(tenantId: string): CompanyData;
}

export function createCompanyStore(today: Day): CompanyStore {
  const cache = new Map<string, CompanyData>();
  return {
    get(tenantId) {
      let data = cache.get(tenantId);
      if (!data) {
        data = generateCompany(tenantId, today);
        cache.set(tenantId, data);
      }
      return data;
    },
  };
}
