import 'server-only';

import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';
import { driverErrorOf } from '@/lib/platform/db-errors';
import { JOBS_SCHEMA } from '@/lib/platform/jobs/one-per-key';

import { type MirrorCompany, mirrorCompanyKey } from './company';
import type { MirrorStatus } from './status';

/** The queue of the mirror's syncs (lib/owners/mirror/jobs.ts, mirrorSyncQueue; not imported: that module runs syncs). */
const SYNC_QUEUE = 'mirror.sync';
/** SQLSTATE of a relation that does not exist. */
const UNDEFINED_TABLE = '42P01';

/**
 * Whether a sync of the company's copy was asked for and has not ended: its job waits in the queue or runs. The
 * company's row says 'syncing' only once a worker began it, so right after "Update now" (or a view that asked for
 * one) only the queue knows; a page says "updating…" from then on. A job waiting to retry after a failure is not
 * counted (the row says the last update failed). Without the queue's tables (jobs never started on this database)
 * nothing was asked.
 */
/**
 * What a page drew of the copy's state, as one string: its status, when it last ended well or failed, and whether an
 * update was under way. A page watching the copy (MirrorUpdate) is drawn again when the state the server answers
 * differs while no update is under way: the end of an update, a failure, a retry's end, a stop.
 */
export function syncStateKey(
  status: Pick<MirrorStatus, 'status' | 'fullSyncedAt' | 'lastSyncedAt' | 'lastError' | 'syncAsked'>,
): string {
  const at = (date: Date | null | undefined) => date?.toISOString() ?? '-';
  const { fullSyncedAt, lastSyncedAt, lastError, syncAsked: updating } = status;
  return [status.status, at(fullSyncedAt), at(lastSyncedAt), at(lastError?.at), updating ? 'updating' : 'idle'].join(
    ' ',
  );
}

/**
 * Whether a page should watch the copy for a change: an update is under way, or the last one failed and the queue
 * will try it again (the retry's end changes what the page says). Not a paused or stopped copy, nor a settled one.
 */
export function watchesSync(status: Pick<MirrorStatus, 'status' | 'syncAsked' | 'lastError'>): boolean {
  if (status.status === 'paused' || status.status === 'stopped') return false;
  return status.syncAsked || status.lastError !== null;
}

export async function syncAsked(db: Db, company: MirrorCompany): Promise<boolean> {
  try {
    const rows = rowsOf<{ asked: boolean }>(
      await db.execute(sql`
        select exists (
          select 1 from ${sql.identifier(JOBS_SCHEMA)}.job
          where name = ${SYNC_QUEUE} and singleton_key = ${mirrorCompanyKey(company)}
            and state in ('created', 'active')
        ) as asked`),
    );
    return rows[0]?.asked === true;
  } catch (error) {
    if (driverErrorOf(error)?.code === UNDEFINED_TABLE) return false;
    throw error;
  }
}
