import 'server-only';
import { createHmac } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';

/**
 * A short-lived permission to open one file or preview in a new browser tab.
 *
 * Inside the service's window the session cookie is partitioned (CHIPS) under the service's site; a tab opened with
 * target=_blank is a top-level page of our own site and carries no cookie, so a plain link would land on the
 * signed-out page. The page therefore adds a grant to such links: sealed (encrypted and authenticated) under keys
 * derived from the session secrets for this purpose only, so it can never pass as a session cookie, bound to one
 * target (company, document, report or attachment), valid for ten minutes, and honoured only while the session it
 * names is still live (signing out ends it).
 */

export const OPEN_GRANT_TTL_SECONDS = 10 * 60;
const PURPOSE = 'kros-addon open-grant v1';

const derived = new WeakMap<readonly string[], { sealing: Record<string, string>; unsealing: Record<string, string> }>();

function passwords(secrets: readonly string[]) {
  let set = derived.get(secrets);
  if (!set) {
    const entries = secrets.map((secret) => {
      const key = createHmac('sha256', secret).update(PURPOSE).digest('hex');
      return [String(createHmac('sha256', key).update('id').digest().readUInt32BE(0)), key] as const;
    });
    const [current] = entries;
    if (!current) throw new Error('No session secret configured.');
    set = { sealing: Object.fromEntries([current]), unsealing: Object.fromEntries(entries) };
    derived.set(secrets, set);
  }
  return set;
}

/** What a grant opens, e.g. `invoice-preview 10001 4711 19`; built by the page and by the route alike. */
export const grantTarget = (...parts: (string | number)[]) => parts.map(String).join(' ');

export async function sealOpenGrant(sessionId: string, target: string, secrets: readonly string[]): Promise<string> {
  return sealData({ g: sessionId, t: target }, { password: passwords(secrets).sealing, ttl: OPEN_GRANT_TTL_SECONDS });
}

/** The session id a grant was issued to, when it is genuine, unexpired and for this very target; null otherwise. */
export async function openGrantSession(grant: string | null, target: string, secrets: readonly string[]): Promise<string | null> {
  if (!grant || grant.length > 2048) return null;
  try {
    const data = await unsealData<{ g?: unknown; t?: unknown }>(grant, {
      password: passwords(secrets).unsealing,
      ttl: OPEN_GRANT_TTL_SECONDS,
    });
    return typeof data.g === 'string' && data.g !== '' && data.t === target ? data.g : null;
  } catch {
    return null;
  }
}
