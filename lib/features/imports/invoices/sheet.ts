import type { Readable } from 'node:stream';

import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

import type { Answer, Answerable } from '@/lib/base/errors';
import { plainTextOfNumber } from '@/lib/base/money';

import { decodeStatementText, looksBinary } from '../statements/text';
import { fieldOfHeader, type InvoiceField, REQUIRED_FIELDS } from './fields';
import { boundedWorkbook, XlsxZipRefused } from './xlsx-zip';

/**
 * Reading an invoice sheet (issue 21): a CSV (separator `;`, `,` or tab and encoding detected: UTF-8 with or without
 * its mark, else windows-1250 as Excel writes Slovak CSV; UTF-16 with its mark as Excel's "Unicode text") or an XLSX
 * (its first sheet; real dates and numbers). The header row names the columns (fields.ts); the rows come back as
 * read, with the cells' kinds where the file says them (a date or number cell of an XLSX). Nothing is validated here
 * but the file itself (validate.ts does the rest). Pure: nothing of the file is stored or logged.
 */

export const sheetLimits = { maxBytes: 10 * 1024 * 1024, maxRows: 20_000 } as const;

export type XlsxLimits = { maxUnpackedBytes: number };

/** What a cell held: text as written, or a number or a date the spreadsheet typed (numbers as exact decimals). */
export type SheetCell =
  { kind: 'text'; value: string } | { kind: 'number'; value: string } | { kind: 'date'; value: string };

export type SheetRow = {
  /** The file's row (1 = the header). */
  row: number;
  cells: Partial<Record<InvoiceField, SheetCell>>;
  /** Each cell as read (a date as yyyy-MM-dd, a number as a decimal with a point). */
  text: Partial<Record<InvoiceField, string>>;
};

export type InvoiceSheet = {
  format: 'csv' | 'xlsx';
  /** The known columns, in the file's order. */
  columns: InvoiceField[];
  /** Each known column's header as the file writes it (problems name the column so). */
  headers: Partial<Record<InvoiceField, string>>;
  /** Headers the sheet does not know: reported, their columns left out. */
  ignoredColumns: string[];
  rows: SheetRow[];
};

export type SheetRefusalCode =
  | 'too-large'
  | 'too-many-rows'
  | 'unreadable'
  /** Another kind of file by its content (`params.kind`: PDF, XML, HTML, ZIP), whatever its name says. */
  | 'not-a-sheet'
  /** Bytes that are no text and no workbook (an image, a document of another program). */
  | 'binary'
  /** A workbook whose first sheet (`params.sheet`, the only one read) names no known column. */
  | 'first-sheet'
  /** The same, and a later sheet (`params.found`) does: the invoices are there. */
  | 'other-sheet'
  | 'no-header'
  | 'empty'
  /** The header lacks a column every invoice needs (`params.columns`). */
  | 'missing-columns'
  /** Two columns name the same field (`params.column`). */
  | 'duplicate-column';

/**
 * The file cannot be read as an invoice sheet: one code per reason, params without the file's data but its headers.
 * Always the caller's file, not our fault: answered as a 400 (the contract's "Uploads") wherever it is thrown.
 */
export class SheetRefused extends Error implements Answerable {
  override name = 'SheetRefused';
  constructor(
    readonly code: SheetRefusalCode,
    readonly params: Record<string, string> = {},
  ) {
    super(`invoice sheet refused: ${code}`);
  }

  get answer(): Answer {
    return { code: 'bad_request', reason: `invoice_sheet_${this.code.replace(/-/g, '_')}` };
  }
}

export function isSheetRefused(error: unknown): error is SheetRefused {
  return error instanceof SheetRefused;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const PDF_MAGIC = [...'%PDF-'].map((char) => char.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, at) => bytes[at] === byte);

/**
 * What a file that is no sheet is, by its first bytes (issue 31: a PDF or an XML read as CSV was told its first row
 * names no known column): a PDF, or markup (XML, HTML) in any encoding a CSV may come in; null: maybe a sheet.
 */
function otherKindOf(bytes: Uint8Array): 'PDF' | 'XML' | 'HTML' | null {
  if (startsWith(bytes, PDF_MAGIC)) return 'PDF';
  const start = decodeStatementText(bytes.subarray(0, 1024)).replace(/^[\uFEFF\s]+/, '');
  if (/^<!doctype\s+html|^<html[\s>]/i.test(start)) return 'HTML';
  if (/^<(\?xml|[!?]|[a-z_][\w.:-]*[\s>/])/i.test(start)) return 'XML';
  return null;
}

/** Reads the sheet; throws SheetRefused when the file is no sheet of invoices. */
export async function readInvoiceSheet(
  bytes: Uint8Array,
  fileName: string,
  limits: XlsxLimits = xlsxLimits,
): Promise<InvoiceSheet> {
  if (bytes.byteLength > sheetLimits.maxBytes) throw new SheetRefused('too-large', { limit: '10 MB' });
  if (bytes.byteLength === 0) throw new SheetRefused('empty');
  if (startsWith(bytes, ZIP_MAGIC)) {
    const workbook = await xlsxRows(bytes, limits);
    return sheetOf('xlsx', workbook.rows, workbook);
  }
  // An old binary workbook (.xls): not readable as text.
  if (startsWith(bytes, OLE_MAGIC)) throw new SheetRefused('unreadable', { reason: 'not-xlsx' });
  const kind = otherKindOf(bytes);
  if (kind !== null) throw new SheetRefused('not-a-sheet', { kind });
  // Anything else named as a workbook: not readable as text.
  if (/\.xls[xm]?$/i.test(fileName)) throw new SheetRefused('unreadable', { reason: 'not-xlsx' });
  return sheetOf('csv', csvRows(bytes));
}

type RawRow = { row: number; cells: (SheetCell | null)[] };

/**
 * A workbook's sheets as read: the first one's name (null: the workbook names none) and how many it has, and the
 * first later sheet whose header names a known column, when the first one's names none.
 */
type WorkbookSheets = { firstSheet: string | null; sheetCount: number; invoicesOn: string | null };

/** Whether a row names a column the sheet knows (a header of invoices). */
const namesKnownColumn = (row: RawRow | undefined) =>
  row?.cells.some((cell) => cell !== null && fieldOfHeader(cell.value.trim()) !== null) ?? false;

const isNonEmpty = (row: RawRow) => row.cells.some((cell) => cell !== null && cell.value !== '');

/**
 * A workbook whose first sheet has no header of invoices, when it has other sheets: only the first is read, so say
 * which it is (the template's own second sheet is its explanations) and where the invoices are, when a later sheet
 * has their columns.
 */
function refuseOtherSheets(workbook: WorkbookSheets | undefined): void {
  if (!workbook || workbook.sheetCount < 2 || workbook.firstSheet === null) return;
  if (workbook.invoicesOn !== null)
    throw new SheetRefused('other-sheet', { sheet: workbook.firstSheet, found: workbook.invoicesOn });
  throw new SheetRefused('first-sheet', { sheet: workbook.firstSheet });
}

/** The header (the first row with anything in it) and the rows after it, limits checked. */
function sheetOf(format: InvoiceSheet['format'], raw: RawRow[], workbook?: WorkbookSheets): InvoiceSheet {
  const nonEmpty = raw.filter(isNonEmpty);
  const [head, ...data] = nonEmpty;
  if (!namesKnownColumn(head)) refuseOtherSheets(workbook);
  if (!head) throw new SheetRefused('empty');
  if (data.length > sheetLimits.maxRows)
    throw new SheetRefused('too-many-rows', { limit: String(sheetLimits.maxRows) });
  const columns: InvoiceField[] = [];
  const headers: Partial<Record<InvoiceField, string>> = {};
  const ignoredColumns: string[] = [];
  const at: [InvoiceField, number][] = [];
  head.cells.forEach((cell, index) => {
    const header = cell?.value.trim() ?? '';
    if (header === '') return;
    const field = fieldOfHeader(header);
    if (field === null) return void ignoredColumns.push(header);
    if (headers[field] !== undefined) throw new SheetRefused('duplicate-column', { column: header });
    headers[field] = header;
    columns.push(field);
    at.push([field, index]);
  });
  if (columns.length === 0) throw new SheetRefused('no-header', { columns: ignoredColumns.slice(0, 10).join(', ') });
  const missing = REQUIRED_FIELDS.filter((field) => headers[field] === undefined);
  if (missing.length > 0) throw new SheetRefused('missing-columns', { columns: missing.join(', ') });
  if (data.length === 0) throw new SheetRefused('empty');
  const rows = data.map(({ row, cells: read }): SheetRow => {
    const cells: SheetRow['cells'] = {};
    const text: SheetRow['text'] = {};
    for (const [field, index] of at) {
      const cell = read[index];
      if (!cell || cell.value === '') continue;
      cells[field] = cell;
      text[field] = cell.value;
    }
    return { row, cells, text };
  });
  return { format, columns, headers, ignoredColumns, rows };
}

// --- CSV ---

/** The separator of the header line: the one of `;`, tab and `,` that splits it most (outside quotes). */
function detectDelimiter(text: string): ';' | ',' | '\t' {
  const firstLine = (/^[^\r\n]*/.exec(text.replace(/^\s+/, ''))?.[0] ?? '').replace(/"[^"]*"/g, '');
  const score = (delimiter: string) => firstLine.split(delimiter).length - 1;
  return ([';', '\t', ','] as const).reduce((best, delimiter) => (score(delimiter) > score(best) ? delimiter : best));
}

/**
 * The longest CSV row read (characters): a row of the template is a few hundred. A longer one is no sheet's, and the
 * parser's work on one 10 MB "row" took seconds (issue 30).
 */
const MAX_ROW_CHARS = 65_536;

/** A text our failed.csv (or an export) guarded against running as a formula, without its apostrophe again. */
const unguarded = (value: string) => (/^'[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? value.slice(1) : value);

function csvRows(bytes: Uint8Array): RawRow[] {
  const text = decodeStatementText(bytes);
  if (looksBinary(text)) throw new SheetRefused('binary');
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      bom: true,
      max_record_size: MAX_ROW_CHARS,
    });
  } catch {
    throw new SheetRefused('unreadable', { reason: 'csv' });
  }
  return records.map((cells, index) => ({
    row: index + 1,
    cells: cells.map((value) => ({ kind: 'text', value: unguarded(value.replace(/\s+/g, ' ').trim()) })),
  }));
}

// --- XLSX ---

/**
 * At most this much unpacked, counted as it is inflated (./xlsx-zip.ts): a small file may unpack to gigabytes (a zip
 * bomb). A sheet of the most rows allowed (20 000) unpacks to 13 MB with 21 columns as exceljs writes it; every
 * column of the template in Excel's wordier cells, some 40 MB. What is under the cap is parsed (the shared strings
 * kept in memory): 100 MB leaves room for real files and halves what a hostile one may make the server parse.
 */
export const xlsxLimits = { maxUnpackedBytes: 100 * 1024 * 1024 } as const;

/**
 * The rows of the workbook's first sheet, read by exceljs's streaming reader: rows are taken as they are parsed and
 * let go (the whole workbook's model of a 10 000-row sheet took five times the memory and three times the time). A
 * reader is fed the zip ./xlsx-zip.ts makes of the upload: only the parts it needs, measured (a zip bomb is refused
 * there), in an order that lets it read the sheet as it streams, never through a temporary file. The other sheets
 * (the template's explanations) are not read, but for their header when the first sheet has none of invoices: then
 * the user is told where the invoices are (issue 31).
 */
async function xlsxRows(bytes: Uint8Array, limits: XlsxLimits): Promise<WorkbookSheets & { rows: RawRow[] }> {
  let zip: Readable;
  try {
    zip = await boundedWorkbook(bytes, limits.maxUnpackedBytes);
  } catch (error) {
    if (!(error instanceof XlsxZipRefused)) throw error;
    if (error.reason === 'not-xlsx') throw new SheetRefused('not-a-sheet', { kind: 'ZIP' });
    throw error.reason === 'too-large'
      ? new SheetRefused('too-large', { limit: '10 MB' })
      : new SheetRefused('unreadable', { reason: error.reason });
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(zip, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const read: WorkbookSheets & { rows: RawRow[] } = { rows: [], firstSheet: null, sheetCount: 0, invoicesOn: null };
  let found = false;
  try {
    for await (const emitted of reader) {
      const worksheet = emitted as unknown as AsyncIterable<ExcelJS.Row> & { name: string };
      const sheets = (reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? [];
      read.sheetCount = sheets.length;
      read.firstSheet = sheets[0]?.name ?? null;
      const named = sheets.some((sheet) => sheet.name === worksheet.name);
      const first = !named || worksheet.name === sheets[0]!.name;
      if (found || !first) {
        // Another sheet (before the first one too: the file's order may not be the tabs'), while the first one has
        // no invoices or is still to come: only its header is looked at, and only until one has invoices.
        if (read.invoicesOn === null && (await headerNamesKnown(worksheet))) read.invoicesOn = worksheet.name;
        continue;
      }
      // A sheet the workbook names but not first is skipped; one it could not name is taken as the first.
      found = true;
      for await (const row of worksheet) {
        const cells = cellsOf(row);
        if (cells.some((cell) => cell !== null && cell.value !== '')) read.rows.push({ row: row.number, cells });
        if (read.rows.length > sheetLimits.maxRows + 1)
          throw new SheetRefused('too-many-rows', { limit: String(sheetLimits.maxRows) });
      }
      // The first sheet has invoices: the rest is not read.
      if (namesKnownColumn(read.rows.find(isNonEmpty))) break;
    }
  } catch (error) {
    if (error instanceof SheetRefused) throw error;
    throw new SheetRefused('unreadable', { reason: 'xlsx' });
  } finally {
    // Read no further than needed, whatever ended the reading.
    zip.destroy();
  }
  if (!found) throw new SheetRefused('empty');
  return read;
}

/** A sheet row's cells by column (0-based), empty ones null. */
function cellsOf(row: ExcelJS.Row): (SheetCell | null)[] {
  const cells: (SheetCell | null)[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    cells[column - 1] = cellOf(cell.value);
  });
  return cells;
}

/** Whether a later sheet's first non-empty row names a known column: read no further than that row. */
async function headerNamesKnown(worksheet: AsyncIterable<ExcelJS.Row>): Promise<boolean> {
  let looked = 0;
  for await (const row of worksheet) {
    const cells = cellsOf(row);
    if (cells.some((cell) => cell !== null && cell.value !== '')) return namesKnownColumn({ row: row.number, cells });
    if ((looked += 1) > sheetLimits.maxRows) return false;
  }
  return false;
}

/** A date cell's calendar day: exceljs gives the day at midnight UTC (a time of day is dropped). */
function dayOfDate(date: Date): string {
  const rounded = new Date(Math.round(date.getTime() / 1000) * 1000);
  return rounded.toISOString().slice(0, 10);
}

function cellOf(value: ExcelJS.CellValue): SheetCell | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return { kind: 'number', value: plainTextOfNumber(value) };
  if (typeof value === 'string') return { kind: 'text', value: value.replace(/\s+/g, ' ').trim() };
  if (typeof value === 'boolean') return { kind: 'text', value: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date) return { kind: 'date', value: dayOfDate(value) };
  if ('richText' in value) return cellOf(value.richText.map((part) => part.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result !== null && typeof result === 'object' && !(result instanceof Date)) return null; // an error value
    return cellOf(result as ExcelJS.CellValue);
  }
  if ('hyperlink' in value) return cellOf(value.text);
  return null;
}
