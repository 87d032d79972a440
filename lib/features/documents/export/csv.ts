import 'server-only';

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { stringify } from 'csv-stringify';

import { csvCell, csvDelimiter } from './cells';
import type { ExportColumn, ExportRow } from './columns';
import type { WriterOptions } from './writer';

/**
 * An export as CSV, streamed: UTF-8 with a BOM (without it Excel reads the file in the machine's legacy code page and
 * mangles "Hruška"), a header row, CRLF line ends (RFC 4180), and every field that is not empty in quotes. Quoting
 * only where the file's own delimiter needs it is not enough: a spreadsheet set to the other language's separator
 * (`,` for a Slovak `;` file, or the reverse) would split an unquoted `Firma a.s.,=1+1` in two and could read the
 * second part as a formula (the guard's apostrophe only stands at the start of the whole field), or split a Slovak
 * amount "120,50" and shift every column after it. Quotes are CSV's syntax, not the value's: spreadsheets still read
 * a quoted "120,50" as a number.
 * The header row is the first record, written before the database is read, so the download starts at once. Rows are
 * pulled from the database only as fast as the reader takes the file: the stringifier's buffer decides when the next
 * row is asked for, and the next batch is read only when its rows are. The totals rows (totals.ts) come last, once
 * every row is out. A failure after the first byte can only end the download early (the status is sent); `failed`
 * learns of it, a reader going away is not one.
 */
export function csvStream<R = ExportRow>(
  columns: readonly ExportColumn<R>[],
  batches: AsyncIterable<R[]>,
  options: WriterOptions,
): ReadableStream<Uint8Array> {
  const { locale, today } = options;
  async function* records() {
    yield columns.map((column) => column.header);
    for await (const batch of batches) {
      for (const row of batch) yield columns.map((column) => csvCell(column.cell(row, today), locale));
    }
    for (const cells of await options.totals()) yield cells.map((cell) => csvCell(cell, locale));
  }
  const stringifier = stringify({
    bom: true,
    delimiter: csvDelimiter[locale],
    record_delimiter: 'windows',
    quoted: true,
  });
  pipeline(Readable.from(records()), stringifier).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') options.failed(error);
  });
  return Readable.toWeb(stringifier) as ReadableStream<Uint8Array>;
}
