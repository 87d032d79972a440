import 'server-only';

import { allConnections } from '@/lib/owners/connections/overview';
import { lastLaunches } from '@/lib/owners/sessions/launches';
import { type SessionState, sessionStates } from '@/lib/owners/sessions/sessions';
import { fingerprint } from '@/lib/platform/crypto/digest';
import { type Db, getDb } from '@/lib/platform/db/client';

import { asDate, companyKey, compareText } from './rows';

/**
 * The console's Users page, as plain data: who launched the add-on, with which companies, and their sessions. A
 * session id is a bearer secret (the cookie seals it), so a session is told apart by a short fingerprint of its
 * SHA-256 only: the id is fingerprinted as it is read and goes no further.
 */

export type ConsoleSession = {
  /** The first 16 hex digits of the SHA-256 of the session id: tells sessions apart, opens nothing. */
  fingerprint: string;
  tenantIds: string[];
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** live: would be accepted now; idle: not seen for the idle timeout; revoked; expired (absolute lifetime). */
  state: SessionState;
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

/**
 * Every user who launched the add-on or holds a connection, ordered by add-on and user id. A session's state is the
 * sessions' owner's rule (lib/owners/sessions/sessions.ts), the one the door applies.
 */
export async function consoleUsers(db?: Db, idleSeconds?: number): Promise<ConsoleUser[]> {
  db ??= await getDb();
  const [launched, connections, sessionRows] = await Promise.all([
    lastLaunches(db),
    // The sealed columns are never selected (lib/owners/connections/overview.ts).
    allConnections(db),
    sessionStates(db, idleSeconds),
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
