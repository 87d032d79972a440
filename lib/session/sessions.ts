import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { sessions, type SessionRow } from '@/lib/db/schema';
import type { LaunchGrant } from '@/lib/broker/launch-codes';
import { SESSION_LIFETIME_SECONDS } from '@/lib/session/cookie';

export type Session = Pick<SessionRow, 'id' | 'userId' | 'tenantIds' | 'pluginId' | 'expiresAt'>;

/** A new session row with an absolute expiry on the database clock. */
export async function createSession(db: Db, grant: LaunchGrant): Promise<Session> {
  const [row] = await db
    .insert(sessions)
    .values({
      id: randomBytes(32).toString('base64url'),
      userId: grant.userId,
      tenantIds: grant.tenantIds,
      pluginId: grant.pluginId,
      expiresAt: sql`now() + make_interval(secs => ${SESSION_LIFETIME_SECONDS})`,
    })
    .returning();
  if (!row) throw new Error('Session insert returned no row.');
  return row;
}

/** The session if it exists, is not revoked and has not expired; null otherwise. */
export async function findActiveSession(db: Db, id: string): Promise<Session | null> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      tenantIds: sessions.tenantIds,
      pluginId: sessions.pluginId,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}
