import 'server-only';

import type { Db } from '@/lib/platform/db/client';
import type { DataApiClient } from '@/lib/service/client';

import type { MirrorCompany } from './company';
import { storeRefusal } from './kind-refusal';
import { KIND_STORES } from './kind-stores';
import { SYNCED_KINDS } from './kinds';
import { writeSyncPage } from './page-guard';
import { type SyncCursors, type SyncProgress, updateState } from './state';
import { laterTimestamp, overlapStart } from './timestamps';

/**
 * Reads, per kind, only what changed since the cursor (minus the overlap, so records sharing a timestamp are never
 * skipped) and upserts it. A kind's cursor moves once all its pages are in: the lists are ordered by issue date, not
 * by change, so a sync stopped half-way must read every changed record again.
 *
 * A kind the service refuses (404, 403) is marked so and passed over (kind-refusal.ts); one refused before has no
 * cursor, so it is read whole, and once it is in it is marked done and served like the others. So is a kind the
 * mirror did not keep when the company's full sync ended (payments and catalog items came later).
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
  for (const kind of SYNCED_KINDS) {
    const since = cursors[kind];
    const changedSince = since === undefined ? undefined : overlapStart(since);
    let readOfKind = 0;
    try {
      for await (const page of KIND_STORES[kind].pages(client, company, { changedSince, signal })) {
        read += page.read;
        readOfKind += page.read;
        for (const stamp of page.timestamps) cursors[kind] = laterTimestamp(cursors[kind], stamp);
        await writeSyncPage(db, company, page.write);
      }
    } catch (error) {
      ({ progress, cursors } = await storeRefusal(db, company, { progress, cursors }, kind, error));
      continue;
    }
    if (progress[kind]?.done !== true) {
      // Listed again after a refusal, or first read since the mirror began to keep the kind: read whole (it had no
      // cursor), so from now on it is as complete as the other kinds.
      progress = { ...progress, [kind]: { read: readOfKind, skip: readOfKind, done: true, whole: true } };
      await updateState(db, company, { progress: { ...progress }, cursors: { ...cursors } });
    } else {
      await updateState(db, company, { cursors: { ...cursors } });
    }
  }
  return read;
}
