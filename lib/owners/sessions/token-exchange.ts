import 'server-only';

import { sql } from 'drizzle-orm';

import { someCompanyLacksToken } from '@/lib/owners/connections/missing-token';
import { LAUNCH_CODE_LIFETIME_SECONDS } from '@/lib/owners/sessions/launch-codes';
import { type LaunchClaims, LaunchJwtRejected } from '@/lib/owners/sessions/launch-jwt';
import { randomToken64, sha256Hex } from '@/lib/platform/crypto/digest';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { launchCodes, usedJwtIds } from '@/lib/platform/db/schema';

export type ExchangeResult = { launchCode: string; requestAccessToken: boolean };

/**
 * Turns a verified launch into a launch code, in one statement (one round trip, atomic):
 * - the `jti` is recorded with `on conflict do nothing`: across all instances exactly one exchange of a JWT sees
 *   its row inserted (concurrent inserts of one id serialize on the primary key); a replay is refused;
 * - only then is the code stored, by its SHA-256 only, expiring 30 s later on the database clock; if that fails,
 *   the `jti` is not recorded either, so the gateway may retry;
 * - and `requestAccessToken` is true exactly when some company of the launch has no usable stored token.
 */
export async function exchangeLaunch(db: Db, claims: LaunchClaims, pluginId: string): Promise<ExchangeResult> {
  const launchCode = randomToken64();
  const tenantIds = sql.param(claims.tenantIds, launchCodes.tenantIds);
  const result = await db.execute(sql`
    with accepted as (
      insert into used_jwt_ids (jti, expires_at)
      values (${claims.jti}, ${sql.param(claims.expiresAt, usedJwtIds.expiresAt)})
      on conflict do nothing
      returning jti
    ), minted as (
      insert into launch_codes (code_hash, user_id, tenant_ids, plugin_id, expires_at)
      select ${sha256Hex(launchCode)}, ${claims.userId}, ${tenantIds}::text[], ${pluginId},
             now() + make_interval(secs => ${LAUNCH_CODE_LIFETIME_SECONDS})
      from accepted
      returning 1
    )
    select exists (select 1 from minted) as accepted,
           ${someCompanyLacksToken({ userId: claims.userId, pluginId, tenantIds: sql`${tenantIds}::text[]` })} as needs_tokens`);
  const [row] = rowsOf<{ accepted: boolean; needs_tokens: boolean }>(result);
  if (!row?.accepted) throw new LaunchJwtRejected('jwt_replayed');
  return { launchCode, requestAccessToken: row.needs_tokens };
}
