import 'server-only';
import { sql } from 'drizzle-orm';
import { allConnections } from '@/lib/owners/connections/overview';
import { fingerprint } from '@/lib/platform/crypto/digest';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import { asDate, companyKey, compareText, launchesByCompany, selectRows } from './rows';

/**
 * The console's Users page, as plain data: who launched the add-on, with which companies, and their sessions. A
 * session id is a bearer secret (the cookie seals it), so a session is told apart by a short fingerprint of its
 * SHA-256 only: the id is fingerprinted as it is read and goes no further.
 */

export type ConsoleSessionState = 'live' | 'idle' | 'revoked' | 'expired';

export type ConsoleSession = {
  /** The first 16 hex digits of the SHA-256 of the session id: tells sessions apart, opens nothing. */
  fingerprint: string;
  tenantIds: string[];
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** live: would be accepted now; idle: not seen for the idle timeout; revoked; expired (absolute lifetime). */
  state: ConsoleSessionState;
};

export type ConsoleUser = {
  pluginId: string;
  userId: string;
  /** The companies of their launches and connections, with the name stored for each (any user's connection). */
  companies: { tenantId: string; name: string | null }[];
  lastLaunchedAt: Date | null;
  /** Their sessions (kept a day after they end: lib/features/upkeep/prune.ts), the newest first. */
  sessions: ConsoleSession[];
};

type Stamp = Date | string | null;

/** Every user who launched the add-on or holds a connection, ordered by add-on and user id. */
export async function consoleUsers(db: Db, idleSeconds: number = getEnv().sessionIdleSeconds): Promise<ConsoleUser[]> {
  const [launched, connections, sessionRows] = await Promise.all([
    selectRows<{ plugin_id: string; user_id: string; tenant_id: string; last_launched_at: Stamp }>(
      db,
      sql`
        select plugin_id, user_id, tenant_id, max(created_at) as last_launched_at
        from (${launchesByCompany}) launches
        group by plugin_id, user_id, tenant_id`,
    ),
    // The sealed columns are never selected (lib/owners/connections/overview.ts).
    allConnections(db),
    selectRows<{
      id: string;
      plugin_id: string;
      user_id: string;
      tenant_ids: string[];
      created_at: Stamp;
      last_seen_at: Stamp;
      expires_at: Stamp;
      revoked_at: Stamp;
      state: ConsoleSessionState;
    }>(
      db,
      sql`
        select id, plugin_id, user_id, tenant_ids, created_at, last_seen_at, expires_at, revoked_at,
               case when revoked_at is not null then 'revoked'
                    when expires_at <= now() then 'expired'
                    when last_seen_at <= now() - make_interval(secs => ${idleSeconds}) then 'idle'
                    else 'live' end as state
        from sessions
        order by created_at desc`,
    ),
  ]);

  // A company's name as the latest connection that carried one stored it (connections come the latest first).
  const nameOf = new Map<string, string>();
  for (const row of connections) {
    const key = companyKey(row.pluginId, row.tenantId);
    if (row.companyName && !nameOf.has(key)) nameOf.set(key, row.companyName);
  }
  const users = new Map<string, ConsoleUser>();
  const userOf = (pluginId: string, userId: string) => {
    const key = JSON.stringify([pluginId, userId]);
    let user = users.get(key);
    if (!user) users.set(key, (user = { pluginId, userId, companies: [], lastLaunchedAt: null, sessions: [] }));
    return user;
  };
  const addCompany = (user: ConsoleUser, tenantId: string) => {
    if (user.companies.some((company) => company.tenantId === tenantId)) return;
    user.companies.push({ tenantId, name: nameOf.get(companyKey(user.pluginId, tenantId)) ?? null });
  };
  for (const row of launched) {
    const user = userOf(row.plugin_id, row.user_id);
    addCompany(user, row.tenant_id);
    const at = asDate(row.last_launched_at);
    if (at && (!user.lastLaunchedAt || at > user.lastLaunchedAt)) user.lastLaunchedAt = at;
  }
  for (const row of connections) addCompany(userOf(row.pluginId, row.userId), row.tenantId);
  for (const row of sessionRows) {
    userOf(row.plugin_id, row.user_id).sessions.push({
      fingerprint: fingerprint(row.id),
      tenantIds: row.tenant_ids,
      createdAt: asDate(row.created_at)!,
      lastSeenAt: asDate(row.last_seen_at)!,
      expiresAt: asDate(row.expires_at)!,
      revokedAt: asDate(row.revoked_at),
      state: row.state,
    });
  }
  for (const user of users.values()) user.companies.sort((a, b) => compareText(a.tenantId, b.tenantId));
  return [...users.values()].sort((a, b) => compareText(a.pluginId, b.pluginId) || compareText(a.userId, b.userId));
}
