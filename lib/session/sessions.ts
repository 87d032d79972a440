import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { sessions, type SessionRow } from '@/lib/db/schema';

export type Session = Pick<SessionRow, 'id' | 'userId' | 'tenantIds' | 'pluginId' | 'expiresAt'>;

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
