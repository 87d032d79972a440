import 'server-only';

import { documentTexts } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { type MirrorView, totalsOfMirrored } from '@/lib/features/documents/queries';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import type { FileOptions } from '@/lib/platform/files/columns';
import { csvStream } from '@/lib/platform/files/csv';
import { xlsxStream } from '@/lib/platform/files/xlsx';
import type { ListKind } from '@/lib/service/records/list-view';

import { type ExportColumn, exportColumns } from './columns';
import { exportFileName, type ExportFormat } from './file-name';
import { exportRows } from './rows';
import { totalsRows } from './totals';

export type { ExportFormat } from './file-name';

export type ExportRequest<K extends ListKind> = {
  kind: K;
  format: ExportFormat;
  /** The list's view: its filters, search and sort (never a page: every matching row is exported). */
  view: Omit<MirrorView<K>, 'top' | 'skip'>;
  locale: Locale;
  /** The company's name as stored with us (null when unknown) and tenant id, for the file name. */
  company: { name: string | null; tenantId: string };
  /** The company's day: the overdue columns and filter count from it, and the file name carries it. */
  today: string;
  /** Rows per database read. */
  batchSize?: number;
  /** Told of a failure after the answer began (the download then ends early). */
  failed: (error: unknown) => void;
};

export type ExportFile = {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: { ascii: string; unicode: string };
};

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A list exported from the company's mirror (the caller checked the mirror may be served): every row of the view in
 * the list's order, as a stream that reads the database a batch at a time while it is being downloaded, and at its
 * end the view's totals as the list's totals bar shows them (read once the last row is out, so they cost the first
 * byte nothing).
 */
export function exportFile<K extends ListKind>(db: Db, mirror: MirrorCompany, request: ExportRequest<K>): ExportFile {
  const { kind, format, locale, today, failed } = request;
  const texts = documentTexts[locale];
  const listKind: ListKind = kind;
  const columns = exportColumns(kind, texts);
  const rows = exportRows(db, mirror, kind, { ...request.view, today }, request.batchSize);
  const totals = async () =>
    totalsRows(columns, await totalsOfMirrored(db, mirror, kind, { ...request.view, today }), texts, locale);
  return fileOfRows(
    format,
    columns,
    rows,
    { locale, today, totals, failed, sheet: texts.nav[listKind] },
    exportFileName(kind, format, texts, request.company, today),
  );
}

/** A file of any list's rows in the format asked: its writer's stream (lib/platform/files/), content type and names. */
export function fileOfRows<R>(
  format: ExportFormat,
  columns: ExportColumn<R>[],
  rows: AsyncIterable<R[]>,
  options: FileOptions & { sheet: string },
  fileName: ExportFile['fileName'],
): ExportFile {
  const body = format === 'csv' ? csvStream(columns, rows, options) : xlsxStream(columns, rows, options);
  return { body, contentType: exportContentTypes[format], fileName };
}
