import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

import type { InvoiceContext } from '@/lib/features/imports/invoices/validate';

/** Sheets as the tests write them: CSV text in an encoding, or an XLSX built by exceljs. */

export type Cells = (string | number | Date | null)[];

/** CSV text: cells joined by the separator, rows by CRLF (quoted only where needed). */
export function csvText(rows: Cells[], separator = ';'): string {
  const quote = (value: string) =>
    value.includes(separator) || value.includes('"') || value.includes('\n') ? `"${value.replace(/"/g, '""')}"` : value;
  return rows.map((row) => row.map((cell) => quote(cell === null ? '' : String(cell))).join(separator)).join('\r\n');
}

export function csvBytes(
  rows: Cells[],
  {
    separator = ';',
    encoding = 'utf-8-bom',
  }: { separator?: string; encoding?: 'utf-8' | 'utf-8-bom' | 'windows-1250' } = {},
): Uint8Array {
  const text = csvText(rows, separator);
  if (encoding === 'windows-1250') return new Uint8Array(iconv.encode(text, 'windows-1250'));
  return new Uint8Array(Buffer.from(`${encoding === 'utf-8-bom' ? '\uFEFF' : ''}${text}`, 'utf8'));
}

/** An XLSX whose first sheet holds the rows (dates as date cells with a Slovak format); more sheets after it. */
export async function xlsxBytes(rows: Cells[], more: { name: string; rows: Cells[] }[] = []): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const { name, rows: sheetRows } of [{ name: 'Faktúry', rows }, ...more]) {
    const sheet = workbook.addWorksheet(name);
    for (const cells of sheetRows) {
      const row = sheet.addRow(cells);
      row.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = 'd. m. yyyy';
      });
    }
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A day as a date cell: midnight UTC, as spreadsheets' days are read. */
export const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A company with the sandbox's usual invoice sequences (OF the default, EF an e-shop's), nothing issued yet. */
export function contextOf(overrides: Partial<InvoiceContext> = {}): InvoiceContext {
  return {
    numberingSequences: ['OF', 'EF'],
    defaultSequence: 'OF',
    existing: new Map(),
    partners: [],
    today: '2026-11-27',
    ...overrides,
  };
}

/** The contract's headers in a handy order; a row of values by header. */
export const HEADERS = [
  'documentNumber',
  'numberingSequence',
  'issueDate',
  'dueDate',
  'deliveryDate',
  'currency',
  'partner.businessName',
  'partner.registrationId',
  'partner.taxId',
  'partner.vatId',
  'partner.email',
  'item.name',
  'item.amount',
  'item.measureUnit',
  'item.vatRate',
  'item.totalPriceInclVat',
] as const;

export type RowValues = Partial<Record<string, string | number | Date | null>>;

/** One invoice item's row: a company's invoice OF2026000101 of 12.30 at 23 %, with whatever the test changes. */
export const itemRow = (values: RowValues = {}): RowValues => ({
  documentNumber: 'OF2026000101',
  numberingSequence: 'OF',
  issueDate: '15. 1. 2026',
  dueDate: '29. 1. 2026',
  deliveryDate: '15. 1. 2026',
  currency: 'EUR',
  'partner.businessName': 'Obchod Hruška s.r.o.',
  'partner.registrationId': '36123456',
  'partner.taxId': '2021234567',
  'partner.vatId': 'SK2021234567',
  'partner.email': 'fakturacia@hruska.example.sk',
  'item.name': 'Stolička',
  'item.amount': '1',
  'item.measureUnit': 'ks',
  'item.vatRate': '23',
  'item.totalPriceInclVat': '12,30',
  ...values,
});

/** The table of rows under a header of every key they use (the HEADERS first, in order). */
export function table(rows: RowValues[]): Cells[] {
  const headers = [...new Set([...HEADERS.filter((h) => rows.some((r) => h in r)), ...rows.flatMap(Object.keys)])];
  return [headers, ...rows.map((row) => headers.map((header) => row[header] ?? null))];
}
