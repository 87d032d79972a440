import 'server-only';

import { companyKey } from '@/lib/features/console/rows';
import { allConnections } from '@/lib/owners/connections/overview';
import type { Db } from '@/lib/platform/db/client';

/**
 * Companies' names as the service named them with their connections (the newest delivery carrying a name wins), by
 * `companyKey(pluginId, tenantId)`: for pages that know a company only by its ids (the operational records). Read
 * through lib/owners/connections/, the one owner of the stored connections.
 */
export async function companyNames(db: Db): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  // Newest delivery first: the first name seen for a company is its latest.
  for (const connection of await allConnections(db)) {
    const key = companyKey(connection.pluginId, connection.tenantId);
    if (connection.companyName && !names.has(key)) names.set(key, connection.companyName);
  }
  return names;
}
