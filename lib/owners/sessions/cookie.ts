import 'server-only';

import { createHash } from 'node:crypto';

import { sealData, unsealData } from 'iron-session';

import { SESSION_COOKIE } from '@/lib/owners/sessions/cookie-name';

export { SESSION_COOKIE };

/**
 * The session cookie holds only a session id, sealed with iron-session. `__Host-` pins it to our origin and
 * path `/`; `SameSite=None; Partitioned` lets it travel inside the service's embedding frame (CHIPS), keyed to
 * that top-level site only.
 */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;

// iron-session seals with the password of the highest numeric id and unseals with any. Ids derived from the
// secret itself stay stable when secrets are added or removed during a rotation.
const passwordId = (secret: string) => String(createHash('sha256').update(secret).digest().readUInt32BE(0));

// Built once per configured list (the configuration is parsed once), not on every request.
type Passwords = { sealing: Record<string, string>; unsealing: Record<string, string> };
const passwordMaps = new WeakMap<readonly string[], Passwords>();
function passwordsOf(secrets: readonly string[]): Passwords {
  let passwords = passwordMaps.get(secrets);
  if (!passwords) {
    const [current] = secrets;
    if (!current) throw new Error('No session secret configured.');
    passwords = {
      sealing: { [passwordId(current)]: current },
      unsealing: Object.fromEntries(secrets.map((secret) => [passwordId(secret), secret])),
    };
    passwordMaps.set(secrets, passwords);
  }
  return passwords;
}

export async function sealSessionId(sessionId: string, secrets: readonly string[]): Promise<string> {
  return sealData({ sid: sessionId }, { password: passwordsOf(secrets).sealing, ttl: SESSION_LIFETIME_SECONDS });
}

/**
 * Cookies unsealed lately, per configured secret list (a rotation starts a new map): unsealing costs a few ms of
 * CPU on every page view, and the answer for a given cookie value does not change. Entries are kept for minutes
 * only; the session row, checked on every request, is what decides whether the session is still live.
 */
const UNSEALED_TTL_MS = 5 * 60_000;
const UNSEALED_MAX = 10_000;
const unsealedBySecrets = new WeakMap<readonly string[], Map<string, { sid: string; until: number }>>();

function unsealedCache(secrets: readonly string[]) {
  let cache = unsealedBySecrets.get(secrets);
  if (!cache) {
    cache = new Map();
    unsealedBySecrets.set(secrets, cache);
  }
  return cache;
}

/** The session id inside a cookie value, or null for anything forged, expired or sealed under an unknown secret. */
export async function unsealSessionId(sealed: string | undefined, secrets: readonly string[]): Promise<string | null> {
  if (!sealed || sealed.length > 4096) return null;
  const cache = unsealedCache(secrets);
  const now = Date.now();
  const hit = cache.get(sealed);
  if (hit && hit.until > now) return hit.sid;
  try {
    const data = await unsealData<{ sid?: unknown }>(sealed, {
      password: passwordsOf(secrets).unsealing,
      ttl: SESSION_LIFETIME_SECONDS,
    });
    const sid = typeof data.sid === 'string' && data.sid.length > 0 ? data.sid : null;
    if (sid) {
      if (cache.size >= UNSEALED_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(sealed, { sid, until: now + UNSEALED_TTL_MS });
    }
    return sid;
  } catch {
    return null;
  }
}

const attributes = 'Path=/; HttpOnly; Secure; SameSite=None; Partitioned';

export function sessionCookieHeader(sealed: string): string {
  return `${SESSION_COOKIE}=${sealed}; ${attributes}; Max-Age=${SESSION_LIFETIME_SECONDS}`;
}

export function clearedSessionCookieHeader(): string {
  return `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`;
}

/** Reads our cookie from a raw Cookie header (route handlers get the request, not next/headers). */
export function readSessionCookie(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return undefined;
}
