import 'server-only';
import { sql } from 'drizzle-orm';
import { fingerprint } from '@/lib/crypto/digest';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { asDate, companyKey, launchesByCompany, selectRows } from './rows';

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
  /** Their sessions (kept a day after they end: lib/db/prune.ts), the newest first. */
  sessions: ConsoleSession[];
};

type Stamp = Date | string | null;

/** Every user who launched the add-on or holds a connection, ordered by add-on and user id. */
export async function consoleUsers(db: Db, idleSeconds: number = getEnv().sessionIdleSeconds): Promise<ConsoleUser[]> {
  const [companies, names, sessionRows] = await Promise.all([
    selectRows<{ plugin_id: string; user_id: string; tenant_id: string; last_launched_at: Stamp }>(
      db,
      sql`
        select plugin_id, user_id, tenant_id, max(created_at) as last_launched_at
        from (${launchesByCompany}
              union all select plugin_id, user_id, tenant_id, null from access_tokens) companies
        group by plugin_id, user_id, tenant_id
        order by plugin_id, user_id, tenant_id`,
    ),
    selectRows<{ plugin_id: string; tenant_id: string; company_name: string }>(
      db,
      sql`
        select distinct on (plugin_id, tenant_id) plugin_id, tenant_id, company_name from access_tokens
        where company_name is not null
        order by plugin_id, tenant_id, delivered_at desc`,
    ),
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

  const nameOf = new Map(names.map((row) => [companyKey(row.plugin_id, row.tenant_id), row.company_name]));
  const users = new Map<string, ConsoleUser>();
  const userOf = (pluginId: string, userId: string) => {
    const key = JSON.stringify([pluginId, userId]);
    let user = users.get(key);
    if (!user) users.set(key, (user = { pluginId, userId, companies: [], lastLaunchedAt: null, sessions: [] }));
    return user;
  };
  for (const row of companies) {
    const user = userOf(row.plugin_id, row.user_id);
    user.companies.push({
      tenantId: row.tenant_id,
      name: nameOf.get(companyKey(row.plugin_id, row.tenant_id)) ?? null,
    });
    const launched = asDate(row.last_launched_at);
    if (launched && (!user.lastLaunchedAt || launched > user.lastLaunchedAt)) user.lastLaunchedAt = launched;
  }
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
  return [...users.values()].sort((a, b) =>
    a.pluginId !== b.pluginId
      ? a.pluginId < b.pluginId
        ? -1
        : 1
      : a.userId < b.userId
        ? -1
        : a.userId > b.userId
          ? 1
          : 0,
  );
}
