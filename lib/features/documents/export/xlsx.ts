import 'server-only';

import { PassThrough, Readable } from 'node:stream';

import ExcelJS from 'exceljs';

import type { Locale } from '@/lib/base/i18n/messages';

import type { Cell, ExportColumn, ExportRow } from './columns';
import type { WriterOptions } from './writer';

/**
 * An export as an XLSX workbook, streamed by exceljs's streaming writer (rows are written and let go as they come,
 * the zip is written as it grows). Cells are typed: amounts and counts are numbers, days are dates (a day is midnight
 * UTC, which exceljs turns into the day's serial number, so no zone can move it), each with a number format; texts are
 * strings, never formulas, so nothing needs guarding. The formats: amounts `#,##0.00` (Excel shows its own
 * separators), days as the lists show them (Slovak "24. 11. 2026", English "24/11/2026"). The next batch is read only
 * once the reader has taken what was written (the output's buffer drained), so a slow download holds about one batch.
 * The zip's first entries (theme, relations) leave before the database is read, so the download starts at once. The
 * totals rows (totals.ts) come last, in bold.
 */

const dayFormat: Record<Locale, string> = { sk: 'd. m. yyyy', en: 'dd/mm/yyyy' };
const numberFormat: Record<Exclude<Cell['type'], 'text'>, (locale: Locale) => string | undefined> = {
  amount: () => '#,##0.00',
  count: () => '0',
  day: (locale) => dayFormat[locale],
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
      return xmlText(cell.value);
    case 'amount':
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

export function xlsxStream<R = ExportRow>(
  columns: readonly ExportColumn<R>[],
  batches: AsyncIterable<R[]>,
  options: WriterOptions & { sheet: string },
): ReadableStream<Uint8Array> {
  const { locale, today } = options;
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(options.sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => {
    const numFmt = column.type === 'text' ? undefined : numberFormat[column.type](locale);
    return { header: column.header, key: String(index), width: column.width, style: numFmt ? { numFmt } : {} };
  });
  sheet.getRow(1).font = { bold: true };

  void (async () => {
    try {
      for await (const batch of batches) {
        if (output.destroyed) return;
        for (const row of batch) sheet.addRow(columns.map((column) => xlsxValue(column.cell(row, today)))).commit();
        await roomIn(output);
      }
      if (output.destroyed) return;
      for (const cells of await options.totals()) {
        const row = sheet.addRow(cells.map(xlsxValue));
        row.font = { bold: true };
        row.commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      options.failed(error);
      output.destroy(error instanceof Error ? error : new Error('export failed'));
    }
  })();
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
