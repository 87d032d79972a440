import 'server-only';

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { csvStringifier } from '@/lib/platform/csv';

import { csvCell, csvDelimiter } from './cells';
import type { ExportColumn, ExportRow } from './columns';
import type { WriterOptions } from './writer';

/**
 * An export as CSV, streamed through the add-on's one CSV writer (lib/platform/csv.ts: BOM, CRLF, every field that is
 * not empty in quotes), in the user's language's separator, a header row first.
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
  const stringifier = csvStringifier(csvDelimiter[locale]);
  pipeline(Readable.from(records()), stringifier).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') options.failed(error);
  });
  return Readable.toWeb(stringifier) as ReadableStream<Uint8Array>;
}
