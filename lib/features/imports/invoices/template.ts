import ExcelJS from 'exceljs';

import { invoiceSheetTexts } from '@/lib/base/i18n/invoice-sheet';
import { csvText } from '@/lib/platform/csv';

import { FIELD_ALIASES, INVOICE_FIELDS, type InvoiceField } from './fields';

/**
 * The templates of an invoice sheet (`template.csv`, `template.xlsx`): one row per invoice item, the contract's field
 * names as headers, and two example invoices, both numbered by the company's default sequence (no document number:
 * each a `rowGroup` of its own): a company's with two items at two VAT rates, and a person's in Czech crowns. The
 * XLSX's second sheet explains each column in Slovak and English (a sheet is read only by its first). Pure.
 */

export const INVOICE_TEMPLATE_FIELDS: readonly InvoiceField[] = INVOICE_FIELDS;

type Example = Partial<Record<InvoiceField, string | number | { date: string }>>;

const company = {
  rowGroup: 'objednavka-1001',
  issueDate: { date: '2026-01-15' },
  dueDate: { date: '2026-01-29' },
  deliveryDate: { date: '2026-01-15' },
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
    'item.amount': 4,
    'item.measureUnit': 'ks',
    'item.vatRate': 23,
    'item.totalPriceInclVat': 492,
    total: 541.2,
  },
  {
    ...company,
    'item.name': 'Kniha o nábytku',
    'item.amount': 2,
    'item.measureUnit': 'ks',
    'item.vatRate': 5,
    'item.totalPriceInclVat': 49.2,
    total: 541.2,
  },
  {
    rowGroup: 'objednavka-1002',
    issueDate: { date: '2026-01-16' },
    dueDate: { date: '2026-01-30' },
    currency: 'CZK',
    exchangeRate: 25.2,
    'partner.businessName': 'Jana Nováková',
    'partner.street': 'Dlhá 5',
    'partner.city': 'Brno',
    'partner.postCode': '602 00',
    'partner.country': 'CZ',
    'partner.email': 'jana.novakova@example.cz',
    'item.name': 'Montáž',
    'item.amount': 1.5,
    'item.measureUnit': 'hod',
    'item.vatRate': 23,
    'item.totalPriceInclVat': 1845,
  },
];

/** A day as Slovak spreadsheets write it: `15. 1. 2026`. */
const slovakDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return `${date}. ${month}. ${year}`;
};

/**
 * The CSV template: `;` between columns and a decimal comma (Slovak Excel's CSV), written by the add-on's one CSV writer
 * (lib/platform/csv.ts: UTF-8 with its byte-order mark, every field quoted).
 */
export function invoiceTemplateCsv(): string {
  const cell = (value: Example[InvoiceField]) =>
    value === undefined
      ? ''
      : typeof value === 'object'
        ? slovakDay(value.date)
        : typeof value === 'number'
          ? String(value).replace('.', ',')
          : value;
  const rows = [[...INVOICE_TEMPLATE_FIELDS], ...EXAMPLES.map((ex) => INVOICE_TEMPLATE_FIELDS.map((f) => cell(ex[f])))];
  return csvText(rows, ';');
}

/** The XLSX template: the invoices' sheet (typed numbers and dates) and the explanations' sheet. */
export async function invoiceTemplateXlsx(): Promise<Buffer> {
  const { sk, en } = invoiceSheetTexts;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sk.template.sheet);
  sheet.addRow([...INVOICE_TEMPLATE_FIELDS]).font = { bold: true };
  for (const example of EXAMPLES) {
    const row = sheet.addRow(
      INVOICE_TEMPLATE_FIELDS.map((field) => {
        const value = example[field];
        if (value === undefined) return null;
        if (typeof value === 'object') {
          const [year, month, day] = value.date.split('-').map(Number);
          return new Date(Date.UTC(year!, month! - 1, day));
        }
        return value;
      }),
    );
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'd. m. yyyy';
    });
  }
  INVOICE_TEMPLATE_FIELDS.forEach((field, index) => {
    sheet.getColumn(index + 1).width = Math.max(12, field.length + 2);
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const explanation = workbook.addWorksheet(`${sk.template.explanationSheet} – ${en.template.explanationSheet}`);
  explanation.addRow([
    `${sk.template.headers.column} / ${en.template.headers.column}`,
    `${sk.template.headers.aliases} / ${en.template.headers.aliases}`,
    sk.template.headers.sk,
    en.template.headers.en,
  ]).font = { bold: true };
  for (const field of INVOICE_TEMPLATE_FIELDS) {
    explanation.addRow([field, FIELD_ALIASES[field].join(', '), sk.columns[field], en.columns[field]]);
  }
  [24, 40, 80, 80].forEach((width, index) => {
    const column = explanation.getColumn(index + 1);
    column.width = width;
    column.alignment = { wrapText: true, vertical: 'top' };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
