import { invoiceSheetTexts } from '@/lib/base/i18n/invoice-sheet';
import { cellRows, column, type FileColumn } from '@/lib/platform/files/columns';
import { csvText } from '@/lib/platform/files/csv';
import { xlsxWorkbook } from '@/lib/platform/files/xlsx';

import { FIELD_ALIASES, INVOICE_FIELDS, type InvoiceField } from './fields';

/**
 * The templates of an invoice sheet (`template.csv`, `template.xlsx`): one row per invoice item, the contract's field
 * names as headers, and two example invoices, both numbered by the company's default sequence (no document number:
 * each a `rowGroup` of its own): a company's with two items at two VAT rates, and a person's in Czech crowns. The
 * XLSX's second sheet explains each column in Slovak and English (a sheet is read only by its first). Pure.
 */

export const INVOICE_TEMPLATE_FIELDS: readonly InvoiceField[] = INVOICE_FIELDS;

/** An example's cells as written in the sheet: days as yyyy-MM-dd, numbers as exact decimals (columnType says which). */
type Example = Partial<Record<InvoiceField, string>>;

/** The typed columns: a day is a date in XLSX ("15. 1. 2026" in CSV), a number a number (with a decimal comma). */
const DAY_FIELDS: readonly InvoiceField[] = ['issueDate', 'dueDate', 'deliveryDate'];
const NUMBER_FIELDS: readonly InvoiceField[] = [
  'exchangeRate',
  'item.amount',
  'item.vatRate',
  'item.totalPriceInclVat',
  'total',
];
const columnType = (field: InvoiceField): 'day' | 'quantity' | 'text' =>
  DAY_FIELDS.includes(field) ? 'day' : NUMBER_FIELDS.includes(field) ? 'quantity' : 'text';

const company = {
  rowGroup: 'objednavka-1001',
  issueDate: '2026-01-15',
  dueDate: '2026-01-29',
  deliveryDate: '2026-01-15',
  currency: 'EUR',
  orderNumber: '1001',
  'partner.businessName': 'Obchod Hruška s.r.o.',
  'partner.registrationId': '36123456',
  'partner.taxId': '2021234567',
  'partner.vatId': 'SK2021234567',
  'partner.street': 'Hlavná 12',
  'partner.city': 'Žilina',
  'partner.postCode': '010 01',
  'partner.country': 'SK',
  'partner.email': 'fakturacia@hruska.example.sk',
} satisfies Example;

const EXAMPLES: Example[] = [
  {
    ...company,
    'item.name': 'Stolička dubová',
    'item.itemCode': 'STO-01',
    'item.amount': '4',
    'item.measureUnit': 'ks',
    'item.vatRate': '23',
    'item.totalPriceInclVat': '492',
    total: '541.2',
  },
  {
    ...company,
    'item.name': 'Kniha o nábytku',
    'item.amount': '2',
    'item.measureUnit': 'ks',
    'item.vatRate': '5',
    'item.totalPriceInclVat': '49.2',
    total: '541.2',
  },
  {
    rowGroup: 'objednavka-1002',
    issueDate: '2026-01-16',
    dueDate: '2026-01-30',
    currency: 'CZK',
    exchangeRate: '25.2',
    'partner.businessName': 'Jana Nováková',
    'partner.street': 'Dlhá 5',
    'partner.city': 'Brno',
    'partner.postCode': '602 00',
    'partner.country': 'CZ',
    'partner.email': 'jana.novakova@example.cz',
    'item.name': 'Montáž',
    'item.amount': '1.5',
    'item.measureUnit': 'hod',
    'item.vatRate': '23',
    'item.totalPriceInclVat': '1845',
  },
];

/** A field's column in the invoices' sheet: its name as header, its examples' cells typed. */
const exampleColumns = INVOICE_TEMPLATE_FIELDS.map((field) =>
  column(columnType(field), field, Math.max(12, field.length + 2), (example: Example) => example[field] ?? null),
);

/**
 * The CSV template: Slovak Excel's CSV (`;` between columns, a decimal comma, days as "15. 1. 2026"), written by the
 * add-on's one CSV writer (lib/platform/files/csv.ts: UTF-8 with its byte-order mark, every field quoted).
 */
export function invoiceTemplateCsv(): string {
  return csvText(exampleColumns, EXAMPLES, { locale: 'sk' });
}

const explanationColumns = (): FileColumn<InvoiceField>[] => {
  const { sk, en } = invoiceSheetTexts;
  const text = (header: string, width: number, value: (field: InvoiceField) => string) => ({
    ...column('text', header, width, value),
    wrap: true,
  });
  return [
    text(`${sk.template.headers.column} / ${en.template.headers.column}`, 24, (field) => field),
    text(`${sk.template.headers.aliases} / ${en.template.headers.aliases}`, 40, (field) =>
      FIELD_ALIASES[field].join(', '),
    ),
    text(sk.template.headers.sk, 80, (field) => sk.columns[field]),
    text(en.template.headers.en, 80, (field) => en.columns[field]),
  ];
};

/**
 * The XLSX template, by the add-on's one XLSX writer (lib/platform/files/xlsx.ts): the invoices' sheet (typed numbers
 * and dates, Slovak day format) and the explanations' sheet.
 */
export async function invoiceTemplateXlsx(): Promise<Buffer> {
  const { sk, en } = invoiceSheetTexts;
  const explanations = explanationColumns();
  const workbook = xlsxWorkbook(
    [
      { name: sk.template.sheet, columns: exampleColumns, rows: [cellRows(exampleColumns, EXAMPLES)] },
      {
        name: `${sk.template.explanationSheet} – ${en.template.explanationSheet}`,
        columns: explanations,
        rows: [cellRows(explanations, INVOICE_TEMPLATE_FIELDS)],
        freezeHeader: false,
      },
    ],
    // A failure ends the stream, and reading it whole rejects with it.
    { locale: 'sk', failed: () => {} },
  );
  return Buffer.from(await new Response(workbook).arrayBuffer());
}
