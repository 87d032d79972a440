import 'server-only';

import { documentTexts } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { type MirrorView, totalsOfMirrored } from '@/lib/features/documents/queries';
import { type ExportFile, type ExportFormat, fileOfRows } from '@/lib/features/lists/export-file';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import type { ListKind } from '@/lib/service/records/list-view';

import { exportColumns } from './columns';
import { exportFileName } from './file-name';
import { exportRows } from './rows';
import { totalsRows } from './totals';

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
