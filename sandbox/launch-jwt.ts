import { randomUUID } from 'node:crypto';

import { SignJWT } from 'jose';

import type { KeyRing } from './key-ring';

/** Fixed values of the interface ("JWT claims" of the token broker). */
export const LAUNCH_JWT_ISSUER = 'plugin-broker';
export const LAUNCH_JWT_AUDIENCE = 'plugin';
export const LAUNCH_JWT_DEFAULT_LIFETIME_SECONDS = 15 * 60;

export interface LaunchJwtInput {
  /** The user id: an e-mail in the invoicing gateway, a numeric id in the standalone gateway. */
  sub: string;
  pluginId: string;
  /** Companies the launch is authorized for; empty means sign-in only. */
  tenantIds: readonly string[];
  lifetimeSeconds?: number;
  /** Lets tests mint JWTs that are already expired or not yet valid. */
  now?: Date;
}

/** Signs a launch JWT exactly as the gateway does, with the ring's current signing key. */
export async function signLaunchJwt(ring: KeyRing, input: LaunchJwtInput): Promise<string> {
  const key = ring.signingKey();
  const iat = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const lifetime = input.lifetimeSeconds ?? LAUNCH_JWT_DEFAULT_LIFETIME_SECONDS;
  return new SignJWT({ plugin_id: input.pluginId, tenant_ids: [...input.tenantIds] })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid })
    .setIssuer(LAUNCH_JWT_ISSUER)
    .setAudience(LAUNCH_JWT_AUDIENCE)
    .setSubject(input.sub)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + lifetime)
    .sign(key.privateKey);
}
