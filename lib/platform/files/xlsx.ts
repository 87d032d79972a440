import 'server-only';

import { PassThrough, Readable } from 'node:stream';

import ExcelJS from 'exceljs';

import type { Locale } from '@/lib/base/i18n/messages';

import { type Cell, cellBatches, type CellType, type FileColumn, type FileOptions } from './columns';

/**
 * The one way the add-on writes an XLSX workbook (every list's export, the invoice template), streamed by exceljs's
 * streaming writer: rows are written and let go as they come, the zip is written as it grows. Cells are typed:
 * amounts, counts and quantities are numbers, days are dates (a day is midnight UTC, which exceljs turns into the
 * day's serial number, so no zone can move it), each with its column's number format; texts are strings, never
 * formulas, so nothing needs guarding. The formats: amounts `#,##0.00` (Excel shows its own separators), days as the
 * lists show them (Slovak "24. 11. 2026", English "24/11/2026"). The header row is bold (and stays in view unless a
 * sheet says otherwise), so are the totals rows at a sheet's end. The next batch is read only once the reader has
 * taken what was written (the output's buffer drained), so a slow download holds about one batch. The zip's first
 * entries (theme, relations) leave before the rows are read, so the download starts at once.
 */

const dayFormat: Record<Locale, string> = { sk: 'd. m. yyyy', en: 'dd/mm/yyyy' };
const numberFormat: Record<Exclude<CellType, 'text'>, (locale: Locale) => string | undefined> = {
  amount: () => '#,##0.00',
  count: () => '0',
  day: (locale) => dayFormat[locale],
  // Quantities show the decimals they have (Excel's General), not two.
  quantity: () => undefined,
  asWritten: () => undefined,
};

/**
 * What XML 1.0 cannot hold (U+FFFE, U+FFFF, a surrogate without its pair, the C0 controls but tab, LF and CR) is left
 * out of a text: one such character in a partner's name would make the sheet's XML not well-formed, and spreadsheet
 * programs refuse the whole file. exceljs leaves out the controls itself, not the rest.
 */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
export const xmlText = (value: string) => value.replace(notXmlChar, '');

function xlsxValue(cell: Cell): string | number | Date | null {
  if (cell.value === null) return null;
  switch (cell.type) {
    case 'text':
    case 'asWritten':
      return xmlText(cell.value);
    case 'amount':
    case 'quantity':
      return Number(cell.value);
    case 'count':
      return cell.value;
    case 'day': {
      const [year, month, day] = cell.value.split('-').map(Number);
      return new Date(Date.UTC(year!, month! - 1, day));
    }
  }
}

/** The sheet's name: Excel allows 31 characters and none of []:*?/\ */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Export';

/** Resolves once the output has room again, or is gone (the reader cancelled). */
const roomIn = (output: PassThrough) =>
  output.writableNeedDrain && !output.destroyed
    ? new Promise<void>((resolve) => {
        const done = () => {
          output.off('drain', done).off('close', done);
          resolve();
        };
        output.on('drain', done).on('close', done);
      })
    : Promise.resolve();

/**
 * A sheet of a workbook: its columns and its rows' cells in batches (cellBatches as they are read, or [cellRows] of a
 * small sheet), so sheets of different rows make one workbook.
 */
export type XlsxSheet = {
  name: string;
  columns: readonly Omit<FileColumn<never>, 'cell'>[];
  rows: AsyncIterable<Cell[][]> | Iterable<Cell[][]>;
  totals?: () => Promise<Cell[][]>;
  /** The header row stays in view while scrolling (true unless said). */
  freezeHeader?: boolean;
};

type Workbook = ExcelJS.stream.xlsx.WorkbookWriter;

async function writeSheet(workbook: Workbook, sheet: XlsxSheet, locale: Locale, output: PassThrough) {
  const frozen = sheet.freezeHeader ?? true;
  const worksheet = workbook.addWorksheet(sheetName(sheet.name), {
    views: frozen ? [{ state: 'frozen', ySplit: 1 }] : undefined,
  });
  worksheet.columns = sheet.columns.map((column, index) => {
    const numFmt = column.type === 'text' ? undefined : numberFormat[column.type](locale);
    const style: Partial<ExcelJS.Style> = {};
    if (numFmt) style.numFmt = numFmt;
    if (column.wrap) style.alignment = { wrapText: true, vertical: 'top' };
    return { header: column.header, key: String(index), width: column.width, style };
  });
  worksheet.getRow(1).font = { bold: true };
  for await (const rows of sheet.rows) {
    if (output.destroyed) return;
    for (const cells of rows) worksheet.addRow(cells.map(xlsxValue)).commit();
    await roomIn(output);
  }
  if (output.destroyed) return;
  for (const cells of (await sheet.totals?.()) ?? []) {
    const row = worksheet.addRow(cells.map(xlsxValue));
    row.font = { bold: true };
    row.commit();
  }
  worksheet.commit();
}

/** A workbook of these sheets, in order, as a stream; `failed` learns of a failure after the first byte. */
export function xlsxWorkbook(
  sheets: readonly XlsxSheet[],
  { locale, failed }: Pick<FileOptions, 'locale' | 'failed'>,
): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  void (async () => {
    try {
      for (const sheet of sheets) {
        await writeSheet(workbook, sheet, locale, output);
        if (output.destroyed) return;
      }
      await workbook.commit();
    } catch (error) {
      failed(error);
      output.destroy(error instanceof Error ? error : new Error('export failed'));
    }
  })();
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

/** A list as a workbook of one sheet: its rows a batch at a time, then its totals rows. */
export function xlsxStream<R>(
  columns: readonly FileColumn<R>[],
  batches: AsyncIterable<R[]>,
  options: FileOptions & { sheet: string },
): ReadableStream<Uint8Array> {
  const rows = cellBatches(columns, batches, options.today);
  return xlsxWorkbook([{ name: options.sheet, columns, rows, totals: options.totals }], options);
}
