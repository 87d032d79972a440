import 'server-only';

import type { Db } from '@/lib/platform/db/client';
import { isDataApiError } from '@/lib/service/errors';

import type { MirrorCompany } from './company';
import type { SyncedKind } from './kinds';
import { type Refusal, type SyncCursors, type SyncProgress, updateState } from './state';

/**
 * One kind refused does not stall the others. The interface allows 404 on every list, and a company may be refused a
 * kind with 403 (a company without the stock module and its delivery notes): either answer to a kind's list marks
 * that kind `refused` in the progress and the sync goes on with the next kind. A refused kind counts as finished for
 * the full sync's end, is never served from the copy (readinessOf), and is asked again by every later sync: the
 * incremental sync reads it whole (its cursor is dropped), and once the service lists it the mark goes.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (isDataApiError(error, 'not-found')) return 'not-found';
  if (isDataApiError(error, 'forbidden')) return 'forbidden';
  return null;
}

/** The progress and cursors after the service refused `kind`: marked, its cursor dropped (read whole next time). */
export function markRefused(
  progress: SyncProgress,
  cursors: SyncCursors,
  kind: SyncedKind,
  refused: Refusal,
): { progress: SyncProgress; cursors: SyncCursors } {
  const was = progress[kind] ?? { read: 0, skip: 0, done: false };
  const { [kind]: _dropped, ...kept } = cursors;
  return { progress: { ...progress, [kind]: { ...was, done: false, refused } }, cursors: kept };
}

/**
 * After `error` ended the read of `kind`: a refusal is marked and stored, and the sync goes on with what this answers;
 * anything else is thrown on.
 */
export async function storeRefusal(
  db: Db,
  company: MirrorCompany,
  saved: { progress: SyncProgress; cursors: SyncCursors },
  kind: SyncedKind,
  error: unknown,
): Promise<{ progress: SyncProgress; cursors: SyncCursors }> {
  const refused = refusalOf(error);
  if (refused === null) throw error;
  const next = markRefused(saved.progress, saved.cursors, kind, refused);
  await updateState(db, company, { progress: { ...next.progress }, cursors: { ...next.cursors } });
  return next;
}

/**
 * What a full sync that starts over keeps of each kind: its refusal (a refused kind stays marked until it is listed)
 * and whether it was read whole once (its pages are served meanwhile).
 */
export function refusalsOnly(progress: SyncProgress): SyncProgress {
  return Object.fromEntries(
    Object.entries(progress).flatMap(([kind, each]) =>
      each?.refused || each?.whole
        ? [[kind, { read: 0, skip: 0, done: false, refused: each.refused, whole: each.whole }]]
        : [],
    ),
  );
}
