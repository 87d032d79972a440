import 'server-only';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Locale } from '@/lib/i18n/messages';
import { csvCell, csvDelimiter } from './cells';
import type { ExportColumn, ExportRow } from './columns';

/**
 * An export as CSV, streamed: UTF-8 with a BOM (without it Excel reads the file in the machine's legacy code page and
 * mangles "Hruška"), a header row, CRLF line ends (RFC 4180), quotes only where a field needs them (csv-stringify).
 * Rows are pulled from the database only as fast as the reader takes the file: the stringifier's buffer decides when
 * the next row is asked for, and the next batch is read only when its rows are. A failure after the first byte can
 * only end the download early (the status is sent); `failed` learns of it, a reader going away is not one.
 */
export function csvStream(
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
  options: { locale: Locale; today: string; failed: (error: unknown) => void },
): ReadableStream<Uint8Array> {
  const { locale, today } = options;
  async function* records() {
    for await (const batch of batches) {
      for (const row of batch) yield columns.map((column) => csvCell(column.cell(row, today), locale));
    }
  }
  const stringifier = stringify({
    bom: true,
    delimiter: csvDelimiter[locale],
    record_delimiter: 'windows',
    header: true,
    columns: columns.map((column, index) => ({ key: String(index), header: column.header })),
  });
  pipeline(Readable.from(records()), stringifier).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') options.failed(error);
  });
  return Readable.toWeb(stringifier) as ReadableStream<Uint8Array>;
}
