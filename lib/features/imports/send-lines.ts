import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import { HttpError } from '@/lib/base/errors';
import type { ImportKind } from '@/lib/base/imports/states';
import { requestImportSend } from '@/lib/owners/imports/jobs';
import { companyOf } from '@/lib/owners/imports/lines';
import { type LinesToSend, queueLines, resumeImport } from '@/lib/owners/imports/queue';
import { type ImportDetail, readImport } from '@/lib/owners/imports/view';
import type { Db } from '@/lib/platform/db/client';

/**
 * The steps every kind's forms take alike: finding the company's import of the form's kind, and sending (queueing
 * the lines, lifting a stop, asking for the company's sender). What a kind adds (which lines, what the page then
 * says) stays with the kind's own form.
 */

export const noImport = () => new HttpError('not_found', 'import_not_found');

/** The company's import of this kind, or 404 (another company's, another kind's, a malformed id, or none). */
export async function importOf(db: Db, scope: CompanyScope, importId: string, kind: ImportKind): Promise<ImportDetail> {
  // readImport answers null for an id that cannot name an import.
  const detail = await readImport(db, scope, importId);
  if (!detail || detail.kind !== kind) throw noImport();
  return detail;
}

/**
 * Queues the lines (none to queue: nothing is queued) and asks for the company's sender when anything will go. A
 * stopped import's lines wait in the queue already: sending again lifts the stop (queueLines does when it queues).
 * Answers the lines queued and whether the import was resumed.
 */
export async function queueAndSend(
  db: Db,
  scope: CompanyScope,
  detail: Pick<ImportDetail, 'id' | 'stoppedAt'>,
  which: LinesToSend,
): Promise<{ queued: string[]; resumed: boolean }> {
  const nothing = Array.isArray(which) && which.length === 0;
  const { queued } = nothing ? { queued: [] as string[] } : await queueLines(db, scope, detail.id, which);
  const resumed = queued.length === 0 && detail.stoppedAt !== null && (await resumeImport(db, scope, detail.id));
  if (queued.length > 0 || resumed) await requestImportSend(companyOf(scope));
  return { queued, resumed };
}
