import 'server-only';
import type { Db } from '@/lib/db/client';
import type { DataApiClient } from '@/lib/service/client';
import type { MirrorCompany } from './company';
import { documentRow } from './document-row';
import { upsertDocuments } from './documents';
import { DOCUMENT_KINDS } from './kinds';
import { writeSyncPage } from './page-guard';
import { pagesOf } from './service-pages';
import { updateState, type SyncCursors } from './state';
import { laterTimestamp, overlapStart } from './timestamps';

/**
 * Reads, per kind, only what changed since the cursor (minus the overlap, so records sharing a timestamp are never
 * skipped) and upserts it. A kind's cursor moves once all its pages are in: the lists are ordered by issue date, not
 * by change, so a sync stopped half-way must read every changed record again.
 */
export async function readChanges(
  db: Db,
  company: MirrorCompany,
  client: DataApiClient,
  saved: SyncCursors,
  signal?: AbortSignal,
): Promise<number> {
  const cursors: SyncCursors = { ...saved };
  let read = 0;
  for (const kind of DOCUMENT_KINDS) {
    const since = cursors[kind];
    const changedSince = since === undefined ? undefined : overlapStart(since);
    for await (const page of pagesOf(client, kind, { changedSince, signal })) {
      read += page.records.length;
      for (const record of page.records) cursors[kind] = laterTimestamp(cursors[kind], record.lastModifiedTimestamp);
      const rows = page.records.map((record) => documentRow(kind, record));
      await writeSyncPage(db, company, (tx) => upsertDocuments(tx, company, rows));
    }
    await updateState(db, company, { cursors: { ...cursors } });
  }
  return read;
}
