import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import { HttpError } from '@/lib/base/errors';
import type { ImportKind } from '@/lib/base/imports/states';
import { discardImport } from '@/lib/owners/imports/discard';
import type { Db } from '@/lib/platform/db/client';
import { getLogger } from '@/lib/platform/log';
import { companyPath } from '@/lib/service/records/present';

import { importPageOfKind } from './import-paths';

/**
 * "Discard" of an import with nothing sent (`POST …/imports/{importId}/discard`, for a statement and an invoice
 * import alike): the import and its lines are deleted and the user goes to the Imports list, which says so
 * (`discarded` = the file's name, `lines` = how many lines went). The log keeps one line of it (the company, the
 * import's id, kind and count of lines: no file name, no user). An import with anything queued, sent or of unknown
 * fate is refused: the caller answers a page saying why, with the way back to the import. Another company's import,
 * or no import, is not found (404).
 */

export type DiscardAnswer =
  { kind: 'discarded'; to: string } | { kind: 'refused'; importKind: ImportKind; back: string };

/** The longest file name the Imports list's message repeats (the import keeps up to 255). */
const FILE_SHOWN = 120;

export async function discardImportOf(db: Db, scope: CompanyScope, importId: string): Promise<DiscardAnswer> {
  const result = await discardImport(db, scope, importId);
  if (result.kind === 'not-found') throw new HttpError('not_found', 'import_not_found');
  if (result.kind === 'refused') {
    return {
      kind: 'refused',
      importKind: result.importKind,
      back: importPageOfKind(scope.tenantId, result.importKind, importId),
    };
  }
  getLogger().info(
    { tenantId: scope.tenantId, importId, kind: result.importKind, lines: result.lines },
    'import discarded',
  );
  const search = new URLSearchParams({ discarded: result.fileName.slice(0, FILE_SHOWN), lines: String(result.lines) });
  return { kind: 'discarded', to: `${companyPath(scope.tenantId, 'imports')}?${search.toString()}` };
}
