import 'server-only';

import type { MirrorView } from '@/lib/features/documents/queries';
import { iterateExportRows } from '@/lib/features/documents/queries/export-rows';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import type { ListKind } from '@/lib/service/records/list-view';

import type { ExportRow } from './columns';

/**
 * Every row of the view, in the list's order, a batch at a time: the mirror's owner reads exactly the fields the
 * columns need (lib/features/documents/queries/export-rows.ts), which are an ExportRow.
 */
export function exportRows<K extends ListKind>(
  db: Db,
  company: MirrorCompany,
  kind: K,
  view: Omit<MirrorView<K>, 'top' | 'skip'>,
  batchSize?: number,
): AsyncGenerator<ExportRow[], void, undefined> {
  return iterateExportRows(db, company, kind, view, batchSize);
}
