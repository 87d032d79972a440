import 'server-only';

import { randomBytes } from 'node:crypto';

import { sql } from 'drizzle-orm';

import { SESSION_LIFETIME_SECONDS } from '@/lib/owners/sessions/cookie';
import { type Session, sessionOf, type SessionRecord } from '@/lib/owners/sessions/sessions';
import { sha256Hex } from '@/lib/platform/crypto/digest';
import { type Db, rowsOf } from '@/lib/platform/db/client';

/**
 * Redeems a launch code for a new session, in one statement (one round trip, atomic):
 * - the code is consumed by one conditional update whose affected row decides, so exactly one request wins, also
 *   when many arrive at once on several instances; expired, used and unknown codes all give null;
 * - the session the browser already had, if any, is revoked only when the code was good;
 * - the new session row takes the launch's user, companies and plugin, with an absolute expiry on the database
 *   clock. If it cannot be written, the code stays unused.
 */
export async function signInWithLaunchCode(
  db: Db,
  code: string,
  previousSessionId: string | null,
): Promise<Session | null> {
  const result = await db.execute(sql`
    with granted as (
      update launch_codes set consumed_at = now()
      where code_hash = ${sha256Hex(code)} and consumed_at is null and expires_at > now()
      returning user_id, tenant_ids, plugin_id
    ), replaced as (
      update sessions set revoked_at = now()
      where id = ${previousSessionId} and revoked_at is null and exists (select 1 from granted)
    )
    insert into sessions (id, user_id, tenant_ids, plugin_id, expires_at)
    select ${randomBytes(32).toString('base64url')}, user_id, tenant_ids, plugin_id,
           now() + make_interval(secs => ${SESSION_LIFETIME_SECONDS})
    from granted
    returning id, user_id, tenant_ids, plugin_id, expires_at`);
  const [row] = rowsOf<SessionRecord>(result);
  return row ? sessionOf(row) : null;
}
