import 'server-only';

import { sql } from 'drizzle-orm';

import { type CompanyKeyRecord, type Db, rowsOf } from '@/lib/platform/db/client';

/** Notifications stored for one company, as raw SQL returns them (both drivers: a count is a number or text). */
export type ReceivedRecord = CompanyKeyRecord & {
  received: number | string;
  last_received_at: Date | string | null;
};

/**
 * How many notifications are stored for each company and when the last came, for the operators' console (kept 90
 * days: lib/features/upkeep/prune.ts). A notification naming several companies counts for each.
 */
export async function notificationsByCompany(db: Db): Promise<ReceivedRecord[]> {
  return rowsOf<ReceivedRecord>(
    await db.execute(sql`
      select plugin_id, tenant_id, count(*) as received, max(received_at) as last_received_at
      from (select plugin_id, unnest(tenant_ids) as tenant_id, received_at from webhook_events) events
      group by plugin_id, tenant_id`),
  );
}
