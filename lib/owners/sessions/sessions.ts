import 'server-only';

import { and, eq, gt, isNull, sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';
import { type SessionRow, sessions } from '@/lib/platform/db/schema';
import { getEnv } from '@/lib/platform/env';

export type Session = Pick<SessionRow, 'id' | 'userId' | 'tenantIds' | 'pluginId' | 'expiresAt'>;

/**
 * How stale `last_seen_at` may grow before a request writes it again. Most page views then cost no write; in return
 * the idle timeout counts from the last request to within this much (a session ends between idle − 1 minute and idle
 * after its last request).
 */
export const LAST_SEEN_GRANULARITY_SECONDS = 60;

/** A session row as raw SQL returns it (both drivers). */
export type SessionRecord = {
  id: string;
  user_id: string;
  tenant_ids: string[];
  plugin_id: string;
  expires_at: Date | string;
};

/**
 * When a session row is live, in SQL over the `sessions` row and on the database clock: not revoked, before its
 * absolute expiry, and seen within the idle timeout. The one rule: the door (findActiveSession) and the console's
 * session states (sessionStates) both ask it.
 */
const isRevoked = sql`revoked_at is not null`;
const isExpired = sql`expires_at <= now()`;
const isIdle = (idleSeconds: number) => sql`last_seen_at <= now() - make_interval(secs => ${idleSeconds})`;
// The columns are not null (but revoked_at), so each `not (…)` is the plain opposite: revoked_at is null, expires_at >
// now(), last_seen_at > now() − idle.
const isLive = (idleSeconds: number) => sql`not (${isRevoked}) and not (${isExpired}) and not (${isIdle(idleSeconds)})`;

/**
 * The session if it exists, is not revoked, has not reached its absolute expiry and has not been idle for
 * `idleSeconds`; null otherwise. Seeing it live counts as activity: in the same statement (one round trip, the
 * database clock throughout), `last_seen_at` is moved to now, but only when it is older than a minute. Every instance
 * and every cached cookie therefore defers to the row.
 */
export async function findActiveSession(
  db: Db,
  id: string,
  idleSeconds: number = getEnv().sessionIdleSeconds,
): Promise<Session | null> {
  const result = await db.execute(sql`
    with live as (
      select id, user_id, tenant_ids, plugin_id, expires_at, last_seen_at from sessions
      where id = ${id} and ${isLive(idleSeconds)}
    ), touched as (
      update sessions set last_seen_at = now()
      where id = (select id from live)
        and last_seen_at < now() - make_interval(secs => ${LAST_SEEN_GRANULARITY_SECONDS})
    )
    select id, user_id, tenant_ids, plugin_id, expires_at from live`);
  const [row] = rowsOf<SessionRecord>(result);
  return row ? sessionOf(row) : null;
}

export function sessionOf(row: SessionRecord): Session {
  return {
    id: row.id,
    userId: row.user_id,
    tenantIds: row.tenant_ids,
    pluginId: row.plugin_id,
    expiresAt: new Date(row.expires_at),
  };
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/**
 * Ends every live session of a user of the add-on (an operator's action, lib/features/console/): each instance defers to the
 * row, so the user's next page answers 401 everywhere. Answers how many were ended.
 */
export async function revokeUserSessions(db: Db, user: { pluginId: string; userId: string }): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.pluginId, user.pluginId),
        eq(sessions.userId, user.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: sessions.userId });
  return ended.length;
}

/** A session's state for the operators' console: live (would be accepted now), idle, revoked or expired. */
export type SessionState = 'live' | 'idle' | 'revoked' | 'expired';

/** A session row with its state, as raw SQL returns it (both drivers: a time is a Date or text). */
export type SessionStateRecord = {
  id: string;
  plugin_id: string;
  user_id: string;
  tenant_ids: string[];
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  state: SessionState;
};

/**
 * Every session row with its state by the rule findActiveSession applies (revoked first, then expired, then idle),
 * the newest first. The id is a bearer secret: the caller fingerprints it at once (lib/features/console/users.ts).
 */
export async function sessionStates(
  db: Db,
  idleSeconds: number = getEnv().sessionIdleSeconds,
): Promise<SessionStateRecord[]> {
  return rowsOf<SessionStateRecord>(
    await db.execute(sql`
      select id, plugin_id, user_id, tenant_ids, created_at, last_seen_at, expires_at, revoked_at,
             case when ${isRevoked} then 'revoked'
                  when ${isExpired} then 'expired'
                  when ${isIdle(idleSeconds)} then 'idle'
                  else 'live' end as state
      from sessions
      order by created_at desc`),
  );
}
