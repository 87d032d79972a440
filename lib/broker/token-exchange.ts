import 'server-only';
import type { Db } from '@/lib/db/client';
import type { LaunchClaims } from '@/lib/broker/launch-jwt';
import { LaunchJwtRejected } from '@/lib/broker/launch-jwt';
import { mintLaunchCode, recordJwtId } from '@/lib/broker/launch-codes';
import { needsAccessToken } from '@/lib/broker/connections';

export type ExchangeResult = { launchCode: string; requestAccessToken: boolean };

/**
 * Turns a verified launch into a launch code. The `jti` is recorded in the same transaction that stores the
 * code, so a replayed JWT is refused and a failed exchange leaves the `jti` usable for the gateway's retry.
 */
export async function exchangeLaunch(db: Db, claims: LaunchClaims, pluginId: string): Promise<ExchangeResult> {
  return db.transaction(async (tx) => {
    if (!(await recordJwtId(tx, claims.jti, claims.expiresAt))) throw new LaunchJwtRejected('jwt_replayed');
    const grant = { userId: claims.userId, tenantIds: claims.tenantIds, pluginId };
    const launchCode = await mintLaunchCode(tx, grant);
    return { launchCode, requestAccessToken: await needsAccessToken(tx, grant) };
  });
}
