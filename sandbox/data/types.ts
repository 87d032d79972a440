/**
 * Records as the sandbox serves them (camelCase JSON, field names from service-facts.md "Record fields"). Fields the
 * service is not known to send are kept out, except a deliberate unknown one (`internalNote`) that clients must
 * ignore. Missing values are `null`, except an expense's `dueDate`, which is left out entirely as the real one often is.
 */
import type { LineItem, Prices, VatBreakdown } from './money';

export interface Address {
  businessName: string | null;
  contactName: string | null;
  street: string;
  postCode: string;
  city: string;
  /** ISO 3166 alpha-2 in generated data; uploads may bring other spellings. */
  country: string;
}

export interface Partner {
  address: Address;
  postalAddress: Address | null;
  registrationId: string | null;
  taxId: string | null;
  vatId: string | null;
  phoneNumber: string | null;
  email: string | null;
}

export interface BankAccount {
  iban: string;
  swift: string;
  bankName: string;
}

export type PaymentStatus = 0 | 1 | 2 | 3;
export type InvoiceType = 0 | 1 | 2;

export interface InvoiceRecord {
  id: number;
  documentNumber: string;
  numberingSequence: string;
  variableSymbol: string;
  orderNumber: string | null;
  externalId: string | null;
  invoiceType: InvoiceType;
  partner: Partner;
  issueDate: string;
  deliveryDate: string;
  dueDate: string;
  lastModifiedTimestamp: string;
  paymentStatus: PaymentStatus;
  prices: Prices;
  sumOfPayments: number;
  sumForPayment: number;
  tags: string[];
  bankAccount: BankAccount | null;
  internalNote: string | null;
}

export interface DocumentPayment {
  date: string;
  amount: number;
  /** 1 bank transfer, 2 card, 3 cash. */
  paymentType: number;
  accountId: number | null;
}

export interface LinkedDocument {
  documentType: 'invoice' | 'creditNote' | 'advanceInvoice' | 'deliveryNote';
  id: number;
  documentNumber: string;
}

export interface InvoiceDetails {
  items: LineItem[];
  vatBreakdowns: VatBreakdown[];
  payments: DocumentPayment[];
  linkedDocuments: LinkedDocument[];
}

export interface StoredInvoice {
  record: InvoiceRecord;
  details: InvoiceDetails;
}

export interface DeliveryNoteRecord {
  id: number;
  documentNumber: string;
  numberingSequence: string;
  partner: Partner;
  issueDate: string;
  deliveryDate: string;
  lastModifiedTimestamp: string;
  orderNumber: string | null;
  externalId: string | null;
  prices: Prices;
  tags: string[];
  internalNote: string | null;
}

export interface StoredDeliveryNote {
  record: DeliveryNoteRecord;
  items: LineItem[];
}

export type ExpenseType = 10 | 11 | 13 | 14 | 15 | 17 | 19;

export interface ExpenseRecord {
  id: string;
  documentNumber: string;
  numberingSequence: string;
  documentType: ExpenseType;
  /** Internal documents have no partner. */
  partner: Partner | null;
  issueDate: string;
  deliveryDate: string;
  dueDate?: string;
  receivedDate: string;
  lastModifiedTimestamp: string;
  paymentStatus: PaymentStatus;
  /** 1 bank transfer, 2 card, 3 cash, 4 cash on delivery. */
  paymentType: number;
  hasAttachments: boolean;
  tags: string[];
  prices: Prices;
  variableSymbol: string | null;
  internalNote: string | null;
}

export interface JournalItem {
  description: string;
  tags: string[];
  totalPrice: number;
  legislativeTotalPrice: number;
}

export interface AttachmentSpec {
  id: string;
  documentId: string;
  fileName: string;
  contentType: 'application/pdf' | 'image/png';
  createdTimestamp: string;
}

export interface StoredExpense {
  record: ExpenseRecord;
  journalItems: JournalItem[];
  lines: LineItem[];
  attachments: AttachmentSpec[];
}

export interface NumberingSequence {
  id: number;
  name: string;
  code: string;
  /** Which book the sequence numbers: invoices, deliveryNotes, expenses, receivedOrders. */
  evidence: 'invoices' | 'deliveryNotes' | 'expenses' | 'receivedOrders';
  /** invoiceType for invoices, documentType for expenses, null elsewhere. */
  documentType: number | null;
  isDefault: boolean;
}

export interface PaymentAccount {
  id: number;
  name: string;
  iban: string | null;
  currency: string;
  type: 'bank' | 'cash';
}

export interface PaymentRecord {
  id: number;
  accountId: number;
  dateOfPayment: string;
  sumOfPayment: number;
  currency: string;
  variableSymbol: string | null;
  externalId: string | null;
  /** The counter-party's account; null for cash. */
  iban: string | null;
  partnerName: string | null;
  remittanceInformation: string | null;
  paymentReference: string | null;
  note: string | null;
  /** 1 bank transfer, 2 card, 3 cash. */
  paymentType: number;
  documentNumber: string | null;
  lastModifiedTimestamp: string;
}

export interface Warehouse {
  id: number;
  code: string;
  name: string;
}

export interface CatalogItem {
  itemCode: string;
  name: string;
  unit: string;
  /** A valid EAN-13 on most cards; null where the card has none. */
  eanCode: string | null;
  price: number;
  vatRate: number;
  /** Only the warehouses that keep the card; quantities may be zero, fractional (kg, m2…) or, rarely, negative. */
  warehouses: { code: string; quantityOnHand: number }[];
  lastModifiedTimestamp: string;
  /** Read by the OnlyMarkedForEshop filter. */
  markedForEshop: boolean;
}
