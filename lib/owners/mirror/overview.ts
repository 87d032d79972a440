import 'server-only';

import { sql } from 'drizzle-orm';

import { type CompanyKeyRecord, type Db, rowsOf } from '@/lib/platform/db/client';

import type { DocumentKind } from './kinds';
import type { MirrorStatusName } from './state';

/**
 * Every company's mirror at a glance, for the operators' console (lib/features/console/companies.ts): its state row
 * and how many documents it holds per kind. Raw rows as both drivers return them (a time is a Date or text, a count
 * a number or text): the console reads them alike whichever database answered.
 */

type Stamp = Date | string | null;

export type MirrorStateRecord = CompanyKeyRecord & {
  status: MirrorStatusName;
  full_synced_at: Stamp;
  last_synced_at: Stamp;
  /** Seconds since the last sync that ended well, on the database clock; null before the first. */
  lag_seconds: number | string | null;
  last_error_kind: string | null;
  last_error_at: Stamp;
  next_try_at: Stamp;
  last_opened_at: Stamp;
};

/** The state row of every company that has a mirror. */
export async function allMirrorStates(db: Db): Promise<MirrorStateRecord[]> {
  return rowsOf<MirrorStateRecord>(
    await db.execute(sql`
      select plugin_id, tenant_id, status, full_synced_at, last_synced_at,
             floor(extract(epoch from now() - last_synced_at)) as lag_seconds,
             last_error_kind, last_error_at, next_try_at, last_opened_at
      from mirror_companies`),
  );
}

export type MirroredCountRecord = CompanyKeyRecord & {
  kind: DocumentKind;
  records: number | string;
};

/** How many documents every company's mirror holds, per kind (kinds without any have no row). */
export async function allMirroredCounts(db: Db): Promise<MirroredCountRecord[]> {
  return rowsOf<MirroredCountRecord>(
    await db.execute(sql`
      select plugin_id, tenant_id, kind, count(*) as records
      from mirror_documents group by plugin_id, tenant_id, kind`),
  );
}
