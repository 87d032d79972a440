import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { launchCodes, usedJwtIds } from '@/lib/db/schema';
import { randomToken64, sha256Hex } from '@/lib/crypto/digest';

export const LAUNCH_CODE_LIFETIME_SECONDS = 30;

/** What a launch authorizes: this user, these companies, this plugin. */
export type LaunchGrant = { userId: string; tenantIds: string[]; pluginId: string };

/** The shape of a code we mint (48 random bytes, base64url). Checked before the database is touched. */
export const isLaunchCodeShaped = (code: unknown): code is string =>
  typeof code === 'string' && /^[A-Za-z0-9_-]{64}$/.test(code);

/**
 * Records a JWT id as used. One conditional insert decides: false when any instance has already accepted it.
 * Concurrent inserts of one id serialize on the primary key, so exactly one of them sees its row inserted.
 */
export async function recordJwtId(db: Db, jti: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(usedJwtIds)
    .values({ jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: usedJwtIds.jti });
  return inserted.length === 1;
}

/** Mints a single-use code; only its SHA-256 is stored, with an expiry on the database clock. */
export async function mintLaunchCode(db: Db, grant: LaunchGrant): Promise<string> {
  const code = randomToken64();
  await db.insert(launchCodes).values({
    codeHash: sha256Hex(code),
    userId: grant.userId,
    tenantIds: grant.tenantIds,
    pluginId: grant.pluginId,
    expiresAt: sql`now() + make_interval(secs => ${LAUNCH_CODE_LIFETIME_SECONDS})`,
  });
  return code;
}

/**
 * Consumes a code atomically: one conditional update whose affected row decides, so exactly one request wins,
 * also when many arrive at once on several instances. Expired, used and unknown codes all give null.
 */
export async function consumeLaunchCode(db: Db, code: string): Promise<LaunchGrant | null> {
  const [row] = await db
    .update(launchCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(launchCodes.codeHash, sha256Hex(code)),
        isNull(launchCodes.consumedAt),
        gt(launchCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: launchCodes.userId, tenantIds: launchCodes.tenantIds, pluginId: launchCodes.pluginId });
  return row ?? null;
}
