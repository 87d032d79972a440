import 'server-only';

import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';
import { driverErrorOf } from '@/lib/platform/db-errors';
import { JOBS_SCHEMA } from '@/lib/platform/jobs/one-per-key';

import { type MirrorCompany, mirrorCompanyKey } from './company';

// What a page draws of the copy's state and whether it watches it are pure (./readiness.ts); handed on for the
// server's callers.
export { syncStateKey, watchesSync } from './readiness';

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
