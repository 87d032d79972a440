import 'server-only';

import { lt } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { instant } from '@/lib/platform/db/clock';
import { rateLimits } from '@/lib/platform/db/schema';

/**
 * A failure budget whose window has ended counts nothing more (`now` is the database's clock); the limiter leaves
 * such rows to the hourly prune (lib/features/upkeep/prune.ts) instead of a timer of its own.
 */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, instant(now)));
}
