import 'server-only';

import type { Db } from '@/lib/platform/db/client';
import type { DataApiClient } from '@/lib/service/client';

import type { MirrorCompany } from './company';
import { documentRow } from './document-row';
import { upsertDocuments } from './documents';
import { storeRefusal } from './kind-refusal';
import { DOCUMENT_KINDS } from './kinds';
import { writeSyncPage } from './page-guard';
import { pagesOf } from './service-pages';
import { type SyncCursors, type SyncProgress, updateState } from './state';
import { laterTimestamp, overlapStart } from './timestamps';

/**
 * Reads, per kind, only what changed since the cursor (minus the overlap, so records sharing a timestamp are never
 * skipped) and upserts it. A kind's cursor moves once all its pages are in: the lists are ordered by issue date, not
 * by change, so a sync stopped half-way must read every changed record again.
 *
 * A kind the service refuses (404, 403) is marked so and passed over (kind-refusal.ts); one refused before has no
 * cursor, so it is read whole, and once it is in it is marked done and served like the others.
 */
export async function readChanges(
  db: Db,
  company: MirrorCompany,
  client: DataApiClient,
  saved: { progress: SyncProgress; cursors: SyncCursors },
  signal?: AbortSignal,
): Promise<number> {
  let cursors: SyncCursors = { ...saved.cursors };
  let progress: SyncProgress = { ...saved.progress };
  let read = 0;
  for (const kind of DOCUMENT_KINDS) {
    const since = cursors[kind];
    const changedSince = since === undefined ? undefined : overlapStart(since);
    let readOfKind = 0;
    try {
      for await (const page of pagesOf(client, kind, { changedSince, signal })) {
        read += page.records.length;
        readOfKind += page.records.length;
        for (const record of page.records) cursors[kind] = laterTimestamp(cursors[kind], record.lastModifiedTimestamp);
        const rows = page.records.map((record) => documentRow(kind, record));
        await writeSyncPage(db, company, (tx) => upsertDocuments(tx, company, rows));
      }
    } catch (error) {
      ({ progress, cursors } = await storeRefusal(db, company, { progress, cursors }, kind, error));
      continue;
    }
    if (progress[kind]?.refused) {
      // Listed again, whole (it had no cursor): from now on it is as complete as the other kinds.
      progress = { ...progress, [kind]: { read: readOfKind, skip: readOfKind, done: true } };
      await updateState(db, company, { progress: { ...progress }, cursors: { ...cursors } });
    } else {
      await updateState(db, company, { cursors: { ...cursors } });
    }
  }
  return read;
}
