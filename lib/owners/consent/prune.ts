import 'server-only';

import { lt, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { instant } from '@/lib/platform/db/clock';
import { consentRequests } from '@/lib/platform/db/schema';

/**
 * A consent's answer may be posted again minutes after it completed; a day after the attempt expired nothing will
 * come, so the hourly prune (lib/features/upkeep/prune.ts) deletes it then (`now`: the database's clock).
 */
export async function pruneConsentRequests(db: Db, now: Date): Promise<void> {
  await db.delete(consentRequests).where(lt(consentRequests.expiresAt, sql`${instant(now)} - interval '1 day'`));
}
