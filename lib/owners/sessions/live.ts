import 'server-only';

import { type SQL, sql } from 'drizzle-orm';

import { companyHasUsableToken } from '@/lib/owners/connections/missing-token';
import { type Db, rowsOf } from '@/lib/platform/db/client';

/**
 * A live session as other statements ask about it: not revoked, not past its absolute expiry, seen within
 * `idleSeconds` (the rule findActiveSession applies to the session of a request, lib/owners/sessions/sessions.ts).
 */
const isLive = (idleSeconds: number) =>
  sql`s.revoked_at is null and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => ${idleSeconds})`;

/**
 * True when the session is live, for a statement to embed (a consent's completion: the answer comes without our
 * cookie). `sessionId` is a value or an outer statement's column written in full (inside, `s` is the session).
 */
export function sessionIsLive(sessionId: string | SQL, idleSeconds: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from sessions s where s.id = ${sessionId}
    and ${isLive(idleSeconds)})`;
}

/**
 * The companies someone is using now: a live session whose launch covered the company, and a working connection to it
 * (any user's). Their mirrors are kept fresh in the background (lib/owners/mirror/upkeep.ts).
 */
export async function companiesInUse(db: Db, idleSeconds: number): Promise<{ pluginId: string; tenantId: string }[]> {
  const working = companyHasUsableToken({ pluginId: sql`s.plugin_id`, tenantId: sql`launched.tenant_id` });
  const result = await db.execute(sql`
    select distinct s.plugin_id as "pluginId", launched.tenant_id as "tenantId"
    from sessions s cross join unnest(s.tenant_ids) as launched(tenant_id)
    where ${isLive(idleSeconds)} and ${working}`);
  return rowsOf<{ pluginId: string; tenantId: string }>(result);
}
