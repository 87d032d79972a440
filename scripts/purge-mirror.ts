/**
 * `npm run mirror:purge -- --tenant 10001`: erases one company's synchronized copy (its documents, reference data and
 * sync state) now, and nothing of any other company. The copy is made again only if the company is synced again.
 * With the embedded database, stop the add-on first (PGlite allows one process per folder).
 */
import { parseArgs } from 'node:util';

import { purgeMirror } from '@/lib/owners/mirror/retention';
import { closeDb, getDb } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

const { values } = parseArgs({ options: { tenant: { type: 'string' } } });
const tenantId = values.tenant?.trim();
if (!tenantId || !/^[A-Za-z0-9_-]{1,64}$/.test(tenantId)) {
  console.error('Usage: npm run mirror:purge -- --tenant <company id>');
  process.exit(2);
}
const { documents } = await purgeMirror(await getDb(), { pluginId: getEnv().pluginId, tenantId });
console.log(`Purged the copy of company ${tenantId}: ${documents} document(s).`);
await closeDb();
