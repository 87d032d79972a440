import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/platform/db/client';

/**
 * Small helpers of the console's read models: raw statements answer timestamps as Date or text and counts as text
 * or number depending on the driver, and the console's figures must not depend on which database runs.
 */

export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

export function asDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

export function asNumber(value: number | string | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** Plain code-unit order, the same whichever database (and collation) answered. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One company: the add-on (plugin) and the company (tenant), as `${pluginId}:${tenantId}` for maps. */
export const companyKey = (pluginId: string, tenantId: string) => `${pluginId}:${tenantId}`;

/**
 * Each launch of a user, by company: a launch code (kept a day after expiry) or the session it opened (kept a day
 * after it ended). Both are pruned (lib/features/upkeep/prune.ts), so "last launched" reaches back as far as those rows do.
 */
export const launchesByCompany = sql`
  select plugin_id, user_id, unnest(tenant_ids) as tenant_id, created_at from launch_codes
  union all
  select plugin_id, user_id, unnest(tenant_ids) as tenant_id, created_at from sessions`;
