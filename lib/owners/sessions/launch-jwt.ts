import 'server-only';

import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { z } from 'zod';

import { type KeyResolver, KeySetUnavailable } from '@/lib/owners/sessions/key-set';

/** Fixed by the interface, not configurable. */
export const LAUNCH_JWT = {
  issuer: 'plugin-broker',
  audience: 'plugin',
  algorithm: 'RS256',
  clockSkewSeconds: 30,
  maxLifetimeSeconds: 15 * 60,
  maxTenants: 100,
} as const;

const nonEmpty = z.string().min(1).max(512);

const claimsSchema = z.object({
  iss: z.literal(LAUNCH_JWT.issuer),
  aud: z.literal(LAUNCH_JWT.audience),
  sub: nonEmpty,
  plugin_id: nonEmpty,
  // Plural only: a singular `tenant_id` claim means nothing and is ignored.
  tenant_ids: z.array(nonEmpty).max(LAUNCH_JWT.maxTenants),
  jti: nonEmpty,
  iat: z.number().finite(),
  nbf: z.number().finite(),
  exp: z.number().finite(),
});

export type LaunchClaims = {
  userId: string;
  tenantIds: string[];
  jti: string;
  expiresAt: Date;
};

/** A launch JWT that must not be accepted. `reason` is for the log line only. */
export class LaunchJwtRejected extends Error {
  override name = 'LaunchJwtRejected';
  constructor(readonly reason: string) {
    super(reason);
  }
}

const joseReasons: [new (...args: never[]) => Error, string][] = [
  [errors.JWTExpired, 'jwt_expired'],
  [errors.JWTClaimValidationFailed, 'jwt_claim_invalid'],
  [errors.JOSEAlgNotAllowed, 'jwt_alg_not_allowed'],
  [errors.JWSSignatureVerificationFailed, 'jwt_signature_invalid'],
  [errors.JWKSNoMatchingKey, 'jwt_kid_unknown'],
  [errors.JWKSMultipleMatchingKeys, 'jwt_kid_ambiguous'],
  [errors.JWSInvalid, 'jwt_malformed'],
  [errors.JWTInvalid, 'jwt_malformed'],
];

function reasonOf(error: unknown): string {
  for (const [type, reason] of joseReasons) if (error instanceof type) return reason;
  return 'jwt_invalid';
}

/**
 * Verifies a launch JWT by every rule of the interface. The algorithm is RS256 whatever the header says, the key
 * comes only from the broker's key set by `kid`; `jku`, `x5u`, `jwk` and `x5c` headers are never looked at.
 * Replay of `jti` is checked by the caller against the database, after this succeeds.
 */
export async function verifyLaunchJwt(
  token: string,
  context: { pluginId: string; resolveKey: KeyResolver; now?: Date },
): Promise<LaunchClaims> {
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new LaunchJwtRejected('jwt_malformed');
  }
  // Checked before the key set is consulted, so a wrong algorithm or a missing kid costs no fetch.
  if (header.alg !== LAUNCH_JWT.algorithm) throw new LaunchJwtRejected('jwt_alg_not_allowed');
  if (typeof header.kid !== 'string' || header.kid.length === 0) throw new LaunchJwtRejected('jwt_kid_missing');

  const now = context.now ?? new Date();
  let payload;
  try {
    ({ payload } = await jwtVerify(token, context.resolveKey, {
      algorithms: [LAUNCH_JWT.algorithm],
      issuer: LAUNCH_JWT.issuer,
      audience: LAUNCH_JWT.audience,
      clockTolerance: LAUNCH_JWT.clockSkewSeconds,
      requiredClaims: ['iss', 'aud', 'sub', 'jti', 'iat', 'nbf', 'exp'],
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof KeySetUnavailable) throw error;
    throw new LaunchJwtRejected(reasonOf(error));
  }

  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) throw new LaunchJwtRejected(`jwt_claim_${String(parsed.error.issues[0]?.path[0] ?? 'invalid')}`);
  const claims = parsed.data;

  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (claims.iat > nowSeconds + LAUNCH_JWT.clockSkewSeconds) throw new LaunchJwtRejected('jwt_issued_in_future');
  // A token that could never be valid (ends before it starts) is refused even inside the skew window.
  if (claims.exp <= claims.iat || claims.nbf > claims.exp) throw new LaunchJwtRejected('jwt_times_inconsistent');
  if (claims.exp - claims.iat > LAUNCH_JWT.maxLifetimeSeconds) throw new LaunchJwtRejected('jwt_lifetime_too_long');
  if (claims.plugin_id !== context.pluginId) throw new LaunchJwtRejected('jwt_plugin_mismatch');

  return {
    userId: claims.sub,
    tenantIds: [...new Set(claims.tenant_ids)],
    jti: claims.jti,
    expiresAt: new Date((claims.exp + LAUNCH_JWT.clockSkewSeconds) * 1000),
  };
}
