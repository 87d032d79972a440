import 'server-only';

import { lt, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { instant } from '@/lib/platform/db/clock';
import { launchCodes, sessions, usedJwtIds } from '@/lib/platform/db/schema';

/**
 * What the hourly prune (lib/features/upkeep/prune.ts) deletes of the sign-in's tables: rows that can no longer
 * decide anything, `now` being the database's clock.
 */

/** A JWT id is refused again only while its JWT could still be valid; an hour later it cannot. */
export async function pruneUsedJwtIds(db: Db, now: Date): Promise<void> {
  await db.delete(usedJwtIds).where(lt(usedJwtIds.expiresAt, sql`${instant(now)} - interval '1 hour'`));
}

/** Launch codes are kept a day after expiry: replay detection and the delivery window need far less. */
export async function pruneLaunchCodes(db: Db, now: Date): Promise<void> {
  await db.delete(launchCodes).where(lt(launchCodes.expiresAt, sql`${instant(now)} - interval '1 day'`));
}

/** Sessions are kept a day after they ended. */
export async function pruneSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`${instant(now)} - interval '1 day'`));
}
