import 'server-only';
import { desc, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { accessTokens } from '@/lib/db/schema';
import { companyKey } from '@/lib/console/rows';

/**
 * Companies' names as the service named them with their connections (the newest delivery carrying a name wins), by
 * `companyKey(pluginId, tenantId)`: for pages that know a company only by its ids (the operational records).
 */
export async function companyNames(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ pluginId: accessTokens.pluginId, tenantId: accessTokens.tenantId, name: accessTokens.companyName })
    .from(accessTokens)
    .where(isNotNull(accessTokens.companyName))
    .orderBy(desc(accessTokens.deliveredAt));
  const names = new Map<string, string>();
  for (const row of rows) {
    const key = companyKey(row.pluginId, row.tenantId);
    if (row.name && !names.has(key)) names.set(key, row.name);
  }
  return names;
}
