import 'server-only';

import type { Db } from '@/lib/platform/db/client';
import type { DataApiClient } from '@/lib/service/client';

import type { MirrorCompany } from './company';
import { refusalsOnly, storeRefusal } from './kind-refusal';
import { KIND_STORES } from './kind-stores';
import { SYNCED_KINDS, type SyncedKind } from './kinds';
import { writeSyncPage } from './page-guard';
import { type SyncCursors, type SyncProgress, updateState } from './state';
import { laterTimestamp } from './timestamps';

/** Every kind read to its last page, or refused by the service (lib/owners/mirror/kind-refusal.ts). */
export const fullSyncDone = (progress: SyncProgress) =>
  SYNCED_KINDS.every((kind) => progress[kind]?.done === true || progress[kind]?.refused !== undefined);

/**
 * Reads every record of every kind, a page at a time, each page upserted in one transaction together with where the
 * next page starts, so a sync stopped anywhere (a restart, a failed call) resumes at the next page. A full sync that
 * had ended (`ended`: the company's `fullSyncedAt` is set) starts over; one whose kinds were all read but that did
 * not end (it failed after its last page) reads nothing more, rather than starting over: pages serve each kind once
 * its last page is in (readinessOf), and a restart would take that back. Answers how many records this run read;
 * what the service no longer lists goes by the reconciliation that follows a "full" resync (./plan.ts).
 *
 * The cursor of a kind is the newest timestamp seen by the run that started reading it. A run that resumes a kind
 * leaves it there: records changed between the runs, on pages already read, are newer than anything the first run
 * saw, so the first incremental sync still finds them.
 *
 * A kind whose list the service refuses (404, 403) is marked so and passed over: the other kinds are read and the
 * full sync ends without it (kind-refusal.ts). A full sync that starts over keeps the marks until a kind is listed.
 */
export async function readEverything(
  db: Db,
  company: MirrorCompany,
  client: DataApiClient,
  saved: { progress: SyncProgress; cursors: SyncCursors; ended: boolean },
  signal?: AbortSignal,
): Promise<number> {
  let readNow = 0;
  let progress: SyncProgress =
    saved.ended && fullSyncDone(saved.progress) ? refusalsOnly(saved.progress) : { ...saved.progress };
  let cursors: SyncCursors = { ...saved.cursors };
  for (const kind of SYNCED_KINDS) {
    const done = progress[kind] ?? { read: 0, skip: 0, done: false };
    if (done.done) continue;
    try {
      await readKind(kind, done.skip === 0);
    } catch (error) {
      ({ progress, cursors } = await storeRefusal(db, company, { progress, cursors }, kind, error));
    }
  }
  return readNow;

  async function readKind(kind: SyncedKind, startedHere: boolean) {
    let { read, skip } = progress[kind] ?? { read: 0, skip: 0 };
    const whole = progress[kind]?.whole;
    for await (const page of KIND_STORES[kind].pages(client, company, { from: skip, signal })) {
      read += page.read;
      readNow += page.read;
      skip = page.next;
      progress[kind] = { read, skip, done: page.last, ...(page.last || whole ? { whole: true } : {}) };
      if (startedHere) {
        for (const stamp of page.timestamps) cursors[kind] = laterTimestamp(cursors[kind], stamp);
      }
      await writeSyncPage(db, company, async (tx) => {
        await page.write(tx);
        await updateState(tx, company, { progress: { ...progress }, cursors: { ...cursors } });
      });
    }
  }
}
