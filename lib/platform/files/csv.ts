import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { type Options, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

import type { Locale } from '@/lib/base/i18n/messages';

import { type Cell, cellBatches, cellRows, type FileColumn, type FileOptions } from './columns';
import { csvCell, csvSeparator } from './csv-cells';

/**
 * The one way the add-on writes a CSV file: the exports of every list, failed.csv and the invoice template. A header
 * row of the columns' headers, the rows' cells written the user's language's way (csv-cells.ts: separator, decimal
 * comma, days, the formula guard), then the totals rows. UTF-8 with a BOM (without it Excel reads the file in the
 * machine's legacy code page and mangles "Hruška"), CRLF line ends (RFC 4180), and every field that is not empty in
 * quotes. Quoting only where the file's own separator needs it is not enough: a spreadsheet set to the other
 * language's separator (`,` for a Slovak `;` file, or the reverse) would split an unquoted `Firma a.s.,=1+1` in two
 * and could read the second part as a formula (the guard's apostrophe only stands at the start of the whole field),
 * or split a Slovak amount "120,50" and shift every column after it. Quotes are CSV's syntax, not the value's:
 * spreadsheets still read a quoted "120,50" as a number, and our own reader takes them off.
 */

const options = (locale: Locale): Options => ({
  bom: true,
  delimiter: csvSeparator[locale],
  record_delimiter: 'windows',
  quoted: true,
});

const header = <R>(columns: readonly FileColumn<R>[]) => columns.map((each) => each.header);
const fields = (cells: readonly Cell[], locale: Locale) => cells.map((cell) => csvCell(cell, locale));

/**
 * A list as a CSV stream. The header row is the first record, written before the rows are read, so the download
 * starts at once. Rows are pulled only as fast as the reader takes the file: the stringifier's buffer decides when
 * the next row is asked for, and the next batch is read only when its rows are. The totals rows come last, once every
 * row is out. A failure after the first byte can only end the download early (the status is sent); `failed` learns of
 * it, a reader going away is not one.
 */
export function csvStream<R>(
  columns: readonly FileColumn<R>[],
  batches: AsyncIterable<R[]>,
  { locale, today, totals, failed }: FileOptions,
): ReadableStream<Uint8Array> {
  async function* records() {
    yield header(columns);
    for await (const rows of cellBatches(columns, batches, today)) {
      for (const cells of rows) yield fields(cells, locale);
    }
    for (const cells of await totals()) yield fields(cells, locale);
  }
  const stringifier = stringify(options(locale));
  pipeline(Readable.from(records()), stringifier).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') failed(error);
  });
  return Readable.toWeb(stringifier) as ReadableStream<Uint8Array>;
}

/** A small file written at once (a template, failed rows): its text, the BOM first. */
export function csvText<R>(
  columns: readonly FileColumn<R>[],
  rows: readonly R[],
  { locale, today, totals = [] }: { locale: Locale; today?: string; totals?: readonly Cell[][] },
): string {
  const records = [
    header(columns),
    ...cellRows(columns, rows, today).map((cells) => fields(cells, locale)),
    ...totals.map((cells) => fields(cells, locale)),
  ];
  return stringifySync(records, options(locale));
}
