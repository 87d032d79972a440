import 'server-only';
import { and, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import { mirrorDocuments } from '@/lib/db/schema';
import { getLogger } from '@/lib/log';
import type { MirrorCompany } from './company';
import type { DocumentKind } from './kinds';
import { documentsOf } from './rows';

/**
 * A full pass over a kind reads every record the service lists and writes each (its `synced_at` set to the database's
 * now). So once its last page is in, a row of the kind that was not written since the pass began is one the service
 * no longer lists, and goes: a "full" resync leaves the copy as the service has it, without waiting for the daily
 * reconciliation (./reconcile.ts). The pass's start is kept with its progress (lib/mirror/state.ts), so a pass
 * resumed by another job after a restart still removes what the whole pass did not see. A kind whose read failed or
 * was refused never reaches its last page, and keeps its rows.
 */

/**
 * The database's now, exactly (as text, to the microsecond), for the start of a pass: taken before its first page,
 * it is no later than the `synced_at` of anything the pass writes, whatever the application's clock says.
 */
export async function passStart(db: Db): Promise<string> {
  const [row] = rowsOf<{ now: string }>(await db.execute(sql`select now()::text as now`));
  return row!.now;
}

/** Deletes the company's rows of the kind not written since `since` (in the transaction of the pass's last page). */
export async function removeUnseen(db: Db, company: MirrorCompany, kind: DocumentKind, since: string): Promise<number> {
  const removed = await db
    .delete(mirrorDocuments)
    .where(and(documentsOf(company, kind), sql`${mirrorDocuments.syncedAt} < ${since}::timestamptz`))
    .returning({ id: mirrorDocuments.id });
  if (removed.length > 0) {
    getLogger().info({ tenantId: company.tenantId, kind, removed: removed.length }, 'mirror removed unlisted');
  }
  return removed.length;
}
