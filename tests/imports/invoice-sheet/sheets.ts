import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

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

/**
 * An XLSX whose first sheet (`firstSheet`, Faktúry unless said) holds the rows (dates as date cells with a Slovak
 * format); more sheets after it.
 */
export async function xlsxBytes(
  rows: Cells[],
  more: { name: string; rows: Cells[] }[] = [],
  firstSheet = 'Faktúry',
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const { name, rows: sheetRows } of [{ name: firstSheet, rows }, ...more]) {
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

/**
 * A real (if small) PDF: its header, the binary comment line a PDF writer puts after it (bytes above 127, which no
 * text check calls binary), a page with one line of text, its cross-reference table and trailer.
 */
export function pdfBytes(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 770 Td (Faktura) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n'), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])];
  const offsets: number[] = [];
  let length = parts.reduce((sum, part) => sum + part.length, 0);
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
  ];
  parts.push(Buffer.from(`${xref.join('\n')}\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** An invoice as XML (the shape of an e-invoice, ISDOC-like), with its prolog unless `prolog` is false. */
export function xmlInvoiceBytes({ prolog = true }: { prolog?: boolean } = {}): Uint8Array {
  const xml = [
    ...(prolog ? ['<?xml version="1.0" encoding="UTF-8"?>'] : []),
    '<Invoice xmlns="http://isdoc.cz/namespace/2013" version="6.0.1">',
    '  <ID>OF2026000101</ID>',
    '  <IssueDate>2026-01-15</IssueDate>',
    '  <AccountingCustomerParty><Party><PartyName><Name>Obchod Hruška s.r.o.</Name></PartyName></Party></AccountingCustomerParty>',
    '  <LegalMonetaryTotal><PayableAmount>12.30</PayableAmount></LegalMonetaryTotal>',
    '</Invoice>',
  ].join('\r\n');
  return new Uint8Array(Buffer.from(`\uFEFF${xml}`, 'utf8'));
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

/**
 * One invoice's two rows (2 h of consultation at 23 %, 3 packs of coffee at 19 %: 281.70 in all), numbered by the
 * sequence, its rows joined by `rowGroup`, to a customer of the file's own named after the group; `overrides` change
 * both rows.
 */
export function twoItemInvoice(
  sequence: string,
  group: string,
  overrides: Record<string, string> = {},
): Record<string, string>[] {
  const invoice = {
    documentNumber: '',
    rowGroup: group,
    numberingSequence: sequence,
    issueDate: '2026-11-20',
    dueDate: '2026-12-04',
    deliveryDate: '2026-11-20',
    currency: 'EUR',
    'partner.businessName': `Odberateľ ${group} s.r.o.`,
    'partner.street': 'Hlavná 1',
    'partner.city': 'Nitra',
    'partner.postCode': '949 01',
    'partner.country': 'SK',
    'partner.email': `fakturacia-${group.toLowerCase()}@example.sk`,
  };
  return [
    {
      ...invoice,
      'item.name': `Konzultácia ${group}`,
      'item.amount': '2',
      'item.measureUnit': 'hod',
      'item.vatRate': '23',
      'item.totalPriceInclVat': '246.00',
      ...overrides,
    },
    {
      ...invoice,
      'item.name': `Káva zrnková ${group}`,
      'item.amount': '3',
      'item.measureUnit': 'ks',
      'item.vatRate': '19',
      'item.totalPriceInclVat': '35.70',
      ...overrides,
    },
  ];
}

/** Rows as a spreadsheet program saves them to CSV: under a header of the columns they use, commas, UTF-8. */
export const invoiceCsv = (rows: RowValues[]) => csvBytes(table(rows), { separator: ',', encoding: 'utf-8' });

/** The entries of a zip (names and unpacked contents), read through its central directory. */
function zipEntries(bytes: Uint8Array): { name: string; data: Buffer }[] {
  const buffer = Buffer.from(bytes);
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i += 1) {
    const method = buffer.readUInt16LE(at + 10);
    const compressed = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const skip = nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const local = buffer.readUInt32LE(at + 42);
    const dataAt = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const raw = buffer.subarray(dataAt, dataAt + compressed);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + skip;
  }
  return entries;
}

/** The same zip with its entries in another order (deflated again): as another program writes its parts. */
export function reorderedZip(bytes: Uint8Array, order: (names: string[]) => string[]): Uint8Array {
  const entries = new Map(zipEntries(bytes).map((entry) => [entry.name, entry.data]));
  return zipOf(order([...entries.keys()]).map((name) => ({ name, data: entries.get(name)! })));
}

/**
 * A zip bomb made of a real workbook: its first sheet padded with `padding` bytes of whitespace before its end
 * (deflated to a few kB), while its headers still declare the sheet's true size: what a hostile upload does.
 */
export function paddedSheetZip(bytes: Uint8Array, padding: number): Uint8Array {
  return zipOf(
    zipEntries(bytes).map(({ name, data }) => {
      if (name !== 'xl/worksheets/sheet1.xml') return { name, data };
      const end = data.lastIndexOf('</sheetData>');
      const padded = Buffer.concat([data.subarray(0, end), Buffer.alloc(padding, 0x20), data.subarray(end)]);
      return { name, data: padded, declaredSize: data.length };
    }),
  );
}

/** A zip of the entries, each deflated; its headers declare `declaredSize` where given, else the true size. */
function zipOf(entries: { name: string; data: Buffer; declaredSize?: number }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize = data.length } of entries) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
