import 'server-only';

import { connectionsAtWebhook, type WebhookCandidate as Candidate } from '@/lib/owners/connections/webhook-secrets';
import { openSecret, type VaultKey, webhookSecretContext } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';

import { eventKeyOf, recordWebhookEvent } from './events';
import { parseWebhookPayload, type WebhookKind, type WebhookNotification } from './payload';
import { signatureCheck } from './signature';

/**
 * Receiving one notification at /api/webhooks/{webhookId}. The address only says which connections to try: it is
 * public (the user copies it into the service), so a notification is believed only when the signature verifies under
 * the webhook secret of one of the connections behind it. The signature is checked before the body is read as JSON.
 */

// newWebhookId() makes 22 base64url characters (16 bytes); a little room either way, nothing that could be a path.
const WEBHOOK_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function isWebhookId(value: string): boolean {
  return WEBHOOK_ID.test(value);
}

/** Why a notification was refused: each answers 400 (the service does not retry it, and a retry would not help). */
export type Refusal = 'webhook_unknown' | 'signature_missing' | 'signature_invalid' | 'payload_invalid';

export type ReceiveOutcome =
  | {
      ok: true;
      kind: WebhookKind;
      /** False when the same notification was already stored (a retry): still taken. */
      stored: boolean;
      /** How many connections share the address, and how many of them the signature names. */
      candidates: number;
      matched: number;
      /** The companies the notification was stored for (their documents may have changed). */
      companies: { pluginId: string; tenantIds: string[] };
      /** What it says (an upload's result confirms the lines of the companies' imports: lib/owners/imports/). */
      notification: WebhookNotification;
    }
  | {
      ok: false;
      reason: Refusal;
      candidates: number;
      /**
       * The companies behind the address (ids only), for the operators' count of refusals: the address names them,
       * though the sender did not prove to be the service. None when the address is unknown.
       */
      companies: RefusedCompany[];
    };

export type RefusedCompany = { pluginId: string; tenantId: string };

/** Each company behind the address once (two of its users' connections share it). */
function companiesOf(candidates: Candidate[]): RefusedCompany[] {
  const seen = new Map<string, RefusedCompany>();
  for (const { pluginId, tenantId } of candidates) seen.set(`${pluginId}|${tenantId}`, { pluginId, tenantId });
  return [...seen.values()];
}

/** Our own failure: secrets stored that none of the configured keys opens. Answered 500, so the service retries. */
export class WebhookSecretsUnreadable extends Error {
  override name = 'WebhookSecretsUnreadable';
}

/**
 * The connections whose secret the signature verifies under. Each distinct secret is tried once and every one is
 * tried, whatever matched before (the check is constant-time per secret), so the time tells nothing
 * about which connection matched. Companies approved in one consent may share a secret: then all of them match.
 */
function verifiedConnections(matches: (secret: string) => boolean, candidates: Candidate[], keys: readonly VaultKey[]) {
  const bySecret = new Map<string, Candidate[]>();
  let unreadable = 0;
  for (const candidate of candidates) {
    let secret: string;
    try {
      secret = openSecret({ keyId: candidate.keyId, sealed: candidate.sealed }, webhookSecretContext(candidate), keys);
    } catch {
      unreadable += 1;
      continue;
    }
    bySecret.set(secret, [...(bySecret.get(secret) ?? []), candidate]);
  }
  const matched: Candidate[] = [];
  for (const [secret, connections] of bySecret) {
    if (matches(secret)) matched.push(...connections);
  }
  return { matched, unreadable };
}

/**
 * Verifies, reads and stores one notification. Refusals come back as `{ ok: false }`; anything thrown is our own
 * failure (the database, unreadable secrets), which the route answers with 500 so that the service tries again.
 */
export async function receiveWebhook(
  db: Db,
  input: { webhookId: string; rawBody: Buffer; signature: string | null },
  keys: readonly VaultKey[],
): Promise<ReceiveOutcome> {
  const matches = signatureCheck(input.rawBody, input.signature);
  // Looked up even without a signature: a missing one at a known address is counted for its companies too (any
  // signature at all would cost the same query).
  const candidates = await connectionsAtWebhook(db, input.webhookId);
  const count = candidates.length;
  const refused = (reason: Refusal): ReceiveOutcome => ({
    ok: false,
    reason,
    candidates: count,
    companies: companiesOf(candidates),
  });
  if (!input.signature?.trim()) return refused('signature_missing');
  if (count === 0) return refused('webhook_unknown');
  if (!matches) return refused('signature_invalid');

  const { matched, unreadable } = verifiedConnections(matches, candidates, keys);
  const [first] = matched;
  if (!first) {
    // A secret we cannot open might have been the one that signed: not the sender's fault, so not a 400.
    if (unreadable > 0) throw new WebhookSecretsUnreadable(`${unreadable} webhook secret(s) could not be opened.`);
    return refused('signature_invalid');
  }

  const parsed = parseWebhookPayload(input.rawBody);
  if (!parsed.ok) return refused('payload_invalid');

  // One event row per notification, owned by one user: an address is never shared across users (each consent makes
  // its own), but should it be, the first owner keeps it rather than the event being shown to someone else.
  const owned = matched.filter(
    (candidate) => candidate.userId === first.userId && candidate.pluginId === first.pluginId,
  );
  const stored = await recordWebhookEvent(db, {
    webhookId: input.webhookId,
    eventKey: eventKeyOf(parsed, input.rawBody),
    userId: first.userId,
    pluginId: first.pluginId,
    tenantIds: owned.map((candidate) => candidate.tenantId),
    kind: parsed.kind,
    payload: parsed.payload,
  });
  return {
    ok: true,
    kind: parsed.kind,
    stored,
    candidates: count,
    matched: owned.length,
    companies: { pluginId: first.pluginId, tenantIds: owned.map((candidate) => candidate.tenantId) },
    notification: parsed,
  };
}
