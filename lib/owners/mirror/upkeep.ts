import 'server-only';

import { sql } from 'drizzle-orm';

import { hasWorkingConnection } from '@/lib/owners/connections/states';
import { companiesInUse } from '@/lib/owners/sessions/live';
import { type Db, rowsOf } from '@/lib/platform/db/client';

import type { MirrorCompany } from './company';
import { companiesWithoutState, purgeMirror, purgeStateless } from './retention';

/**
 * What the minute's tick decides about every mirror: which are due a sync, and which must go. Pure of the queue:
 * lib/owners/mirror/jobs.ts sends what this answers.
 */

/** A mirror older than this is synced again while someone uses the company. */
export const FRESH_FOR_SECONDS = 5 * 60;

/**
 * A sync still marked running after this long died with its process (the job's own limit is an hour): the company is
 * due again rather than left waiting for a run that will never end.
 */
export const SYNC_ABANDONED_AFTER_SECONDS = 60 * 60;

/** A mirror whose company no user can reach any more is kept this long (a new connection may come back). */
export const REFUSED_GRACE_SECONDS = 24 * 60 * 60;

/**
 * The companies in use (a live session covers them, a connection works) whose mirror is missing, older than
 * FRESH_FOR_SECONDS, or due its next try; not one paused (402) before its next try, nor one syncing now (unless
 * that sync was abandoned).
 */
export async function companiesDueSync(db: Db, idleSeconds: number): Promise<MirrorCompany[]> {
  const inUse = await companiesInUse(db, idleSeconds);
  if (inUse.length === 0) return [];
  const result = await db.execute(sql`
    select plugin_id as "pluginId", tenant_id as "tenantId", status, last_synced_at as "lastSyncedAt",
           next_try_at as "nextTryAt",
           updated_at < now() - make_interval(secs => ${SYNC_ABANDONED_AFTER_SECONDS}) as "abandoned"
    from mirror_companies
    where (plugin_id, tenant_id) in (${sql.join(
      inUse.map((company) => sql`(${company.pluginId}, ${company.tenantId})`),
      sql`, `,
    )})`);
  const rows = rowsOf<
    MirrorCompany & {
      status: string;
      lastSyncedAt: Date | string | null;
      nextTryAt: Date | string | null;
      abandoned: boolean;
    }
  >(result);
  const now = Date.now();
  const known = new Map(rows.map((row) => [`${row.pluginId}:${row.tenantId}`, row]));
  return inUse.filter((company) => {
    const row = known.get(`${company.pluginId}:${company.tenantId}`);
    if (!row) return true;
    const nextTry = row.nextTryAt ? new Date(row.nextTryAt).getTime() : null;
    if (row.status === 'paused') return nextTry !== null && nextTry <= now;
    if (row.status === 'syncing') return row.abandoned;
    const synced = row.lastSyncedAt ? new Date(row.lastSyncedAt).getTime() : null;
    return synced === null || now - synced > FRESH_FOR_SECONDS * 1000 || (nextTry !== null && nextTry <= now);
  });
}

/**
 * Purges the mirrors nobody may read any more: unopened for `retentionDays`, or whose company no user can reach
 * (every token refused or gone) for REFUSED_GRACE_SECONDS, and documents left without any state row (a sync that
 * outlived its company's purge: lib/owners/mirror/retention.ts). Answers the companies purged.
 */
export async function purgeExpiredMirrors(db: Db, retentionDays: number): Promise<MirrorCompany[]> {
  const result = await db.execute(sql`
    select plugin_id as "pluginId", tenant_id as "tenantId",
           coalesce(last_opened_at, created_at) < now() - make_interval(days => ${retentionDays}) as "unopened",
           status = 'stopped' and updated_at < now() - make_interval(secs => ${REFUSED_GRACE_SECONDS}) as "refused"
    from mirror_companies`);
  const purged: MirrorCompany[] = [];
  for (const row of rowsOf<MirrorCompany & { unopened: boolean; refused: boolean }>(result)) {
    const company = { pluginId: row.pluginId, tenantId: row.tenantId };
    if (row.unopened || (row.refused && !(await hasWorkingConnection(db, company)))) {
      await purgeMirror(db, company);
      purged.push(company);
    }
  }
  for (const company of await companiesWithoutState(db)) {
    await purgeStateless(db, company);
    purged.push(company);
  }
  return purged;
}
