import { foldForSearch } from '@/lib/owners/mirror/search-text';

/**
 * The columns of an invoice sheet: the contract's template headers (../shared/design/contract.md, "Uploads"), the
 * service's own field names, plus three of ours: `rowGroup` (the key of a row group when `documentNumber` is empty),
 * `exchangeRate` (required when the currency is not EUR) and `total` (the invoice's total incl. VAT, a check of its
 * items: optional). Slovak headers are accepted as aliases, in any case, with or without diacritics. Pure.
 */
export const INVOICE_FIELDS = [
  'documentNumber',
  'numberingSequence',
  'rowGroup',
  'issueDate',
  'dueDate',
  'deliveryDate',
  'currency',
  'exchangeRate',
  'variableSymbol',
  'orderNumber',
  'partner.businessName',
  'partner.registrationId',
  'partner.taxId',
  'partner.vatId',
  'partner.street',
  'partner.city',
  'partner.postCode',
  'partner.country',
  'partner.email',
  'item.name',
  'item.itemCode',
  'item.amount',
  'item.measureUnit',
  'item.vatRate',
  'item.totalPriceInclVat',
  'total',
] as const;

export type InvoiceField = (typeof INVOICE_FIELDS)[number];

/** The fields every invoice states once (its rows must agree on them); the rest describe one item each. */
export const INVOICE_LEVEL_FIELDS = INVOICE_FIELDS.filter(
  (field) => !field.startsWith('item.') && field !== 'rowGroup',
) as readonly Exclude<InvoiceField, `item.${string}` | 'rowGroup'>[];

/** Columns a sheet cannot do without: a partner to invoice, and what each item is, how many and for how much. */
export const REQUIRED_FIELDS: readonly InvoiceField[] = [
  'partner.businessName',
  'item.name',
  'item.amount',
  'item.vatRate',
  'item.totalPriceInclVat',
];

/** Slovak (and a few English) header names accepted for each field, besides the field's own name. */
export const FIELD_ALIASES: Record<InvoiceField, readonly string[]> = {
  documentNumber: ['Číslo dokladu', 'Číslo faktúry', 'Document number', 'Invoice number'],
  numberingSequence: ['Číselný rad', 'Číselná rada', 'Numbering sequence'],
  rowGroup: ['Skupina riadkov', 'Skupina', 'Row group'],
  issueDate: ['Dátum vystavenia', 'Vystavené', 'Issue date'],
  dueDate: ['Dátum splatnosti', 'Splatnosť', 'Due date'],
  deliveryDate: ['Dátum dodania', 'Dátum zdaniteľného plnenia', 'DZP', 'Delivery date'],
  currency: ['Mena', 'Currency'],
  exchangeRate: ['Kurz', 'Výmenný kurz', 'Exchange rate'],
  variableSymbol: ['Variabilný symbol', 'VS', 'Variable symbol'],
  orderNumber: ['Číslo objednávky', 'Objednávka', 'Order number'],
  'partner.businessName': ['Odberateľ', 'Názov odberateľa', 'Obchodné meno', 'Partner', 'Customer'],
  'partner.registrationId': ['IČO', 'Registration ID'],
  'partner.taxId': ['DIČ', 'Tax ID'],
  'partner.vatId': ['IČ DPH', 'VAT ID'],
  'partner.street': ['Ulica', 'Street'],
  'partner.city': ['Mesto', 'Obec', 'City'],
  'partner.postCode': ['PSČ', 'Post code'],
  'partner.country': ['Krajina', 'Štát', 'Country'],
  'partner.email': ['E-mail', 'Email'],
  'item.name': ['Položka', 'Názov položky', 'Item'],
  'item.itemCode': ['Kód položky', 'Item code'],
  'item.amount': ['Množstvo', 'Quantity'],
  'item.measureUnit': ['MJ', 'Merná jednotka', 'Unit'],
  'item.vatRate': ['Sadzba DPH', 'DPH %', 'VAT rate'],
  'item.totalPriceInclVat': ['Spolu s DPH', 'Cena s DPH', 'Položka spolu s DPH', 'Total incl. VAT'],
  total: ['Faktúra spolu', 'Doklad spolu', 'Celkom s DPH', 'Invoice total'],
};

/** A header as it is compared: case, diacritics, spaces, dots, dashes and underscores dropped ("IČ DPH" = "ic dph"). */
export function headerKey(header: string): string {
  return foldForSearch(header.replace(/^\uFEFF/, '')).replace(/[\s._\-–/%()]+/g, '');
}

const fieldByKey = new Map<string, InvoiceField>();
for (const field of INVOICE_FIELDS) {
  for (const name of [field, ...FIELD_ALIASES[field]]) fieldByKey.set(headerKey(name), field);
}

/** The field a header names, or null for a column the sheet does not know. */
export function fieldOfHeader(header: string): InvoiceField | null {
  return fieldByKey.get(headerKey(header)) ?? null;
}
