import 'server-only';

import type { FileColumn, FileOptions } from '@/lib/platform/files/columns';
import { csvStream } from '@/lib/platform/files/csv';
import { xlsxStream } from '@/lib/platform/files/xlsx';

/** The formats every list is exported in. */
export type ExportFormat = 'csv' | 'xlsx';

export type ExportFile = {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: { ascii: string; unicode: string };
};

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A file of any list's rows in the format asked: its writer's stream (lib/platform/files/), content type and names. */
export function fileOfRows<R>(
  format: ExportFormat,
  columns: FileColumn<R>[],
  rows: AsyncIterable<R[]>,
  options: FileOptions & { sheet: string },
  fileName: ExportFile['fileName'],
): ExportFile {
  const body = format === 'csv' ? csvStream(columns, rows, options) : xlsxStream(columns, rows, options);
  return { body, contentType: exportContentTypes[format], fileName };
}
