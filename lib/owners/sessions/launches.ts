import 'server-only';

import { sql } from 'drizzle-orm';

import { type CompanyKeyRecord, type Db, rowsOf } from '@/lib/platform/db/client';

/** A user's last launch with one company, as raw SQL returns it (both drivers: a time is a Date or text). */
export type LastLaunchRecord = CompanyKeyRecord & {
  user_id: string;
  last_launched_at: Date | string;
};

/**
 * Each user's last launch per company, the latest first: a launch is a launch code (kept a day after expiry) or the
 * session it opened (kept a day after it ended). Both are pruned (lib/features/upkeep/prune.ts), so "last launched"
 * reaches back as far as those rows do; a company named by neither has no row.
 */
export async function lastLaunches(db: Db): Promise<LastLaunchRecord[]> {
  return rowsOf<LastLaunchRecord>(
    await db.execute(sql`
      select plugin_id, tenant_id, user_id, max(created_at) as last_launched_at
      from (
        select plugin_id, user_id, unnest(tenant_ids) as tenant_id, created_at from launch_codes
        union all
        select plugin_id, user_id, unnest(tenant_ids) as tenant_id, created_at from sessions
      ) launches
      group by plugin_id, tenant_id, user_id
      order by last_launched_at desc, user_id`),
  );
}
