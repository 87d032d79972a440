import 'server-only';

import { z } from 'zod';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { isDataApiError } from '@/lib/service/errors';

import { countedClientForToken } from './client';
import { type CompanyFingerprint, compareFingerprint, type FingerprintVerdict } from './fingerprint';
import { storeAccessTokens } from './store';

/**
 * A token the user made by hand in the service (company settings, API connections) and pasted into our form. It is
 * checked with GET /api/auth/check and against the company's copy before anything is stored, stored encrypted like a
 * delivered token (replacing ours for the company), and never shown back. The connection's notification key may come
 * with it.
 */

// Printable ASCII without spaces: what a bearer token is. The length bounds only keep nonsense out.
export const pastedTokenSchema = z
  .string()
  .trim()
  .min(16)
  .max(8192)
  .regex(/^[\x21-\x7e]+$/);

/**
 * The "authorization key" of the connection's notification settings, optional. The service says nothing of its form;
 * any printable text (spaces inside allowed) of a sensible length is taken.
 */
export const pastedWebhookSecretSchema = z
  .string()
  .trim()
  .max(1024)
  .regex(/^[\x20-\x7e]*$/)
  .transform((secret) => secret || null);

/**
 * `connected`: stored, and shown to belong to the company (it read the company's copy's data); `unproven`: stored, but
 * the copy held nothing to compare yet, so it drives only this user's work (./work.ts); `other-company`: it reads
 * another company's data, and nothing was stored.
 */
export type PasteOutcome = 'connected' | 'unproven' | 'other-company' | 'invalid' | 'rejected' | 'busy' | 'unavailable';

export const PASTE_OUTCOMES: readonly PasteOutcome[] = [
  'connected',
  'unproven',
  'other-company',
  'invalid',
  'rejected',
  'busy',
  'unavailable',
];

export type PastedConnection = { token: unknown; webhookSecret?: unknown };

/**
 * Checks the pasted token with the service, then binds it to the company: what it reads must match what the
 * company's copy holds (`known`, ./fingerprint.ts). A token that reads another company is refused and stores nothing.
 */
export async function connectPastedToken(
  db: Db,
  identity: CompanyScope,
  input: PastedConnection,
  keys: readonly VaultKey[],
  known: CompanyFingerprint,
): Promise<PasteOutcome> {
  const token = pastedTokenSchema.safeParse(input.token);
  const webhookSecret = pastedWebhookSecretSchema.safeParse(input.webhookSecret ?? '');
  if (!token.success || !webhookSecret.success) return 'invalid';
  let verdict: FingerprintVerdict;
  try {
    const client = await countedClientForToken(token.data, identity.tenantId);
    await client.auth.check();
    verdict = await compareFingerprint(client, known);
  } catch (error) {
    if (!isDataApiError(error)) throw error;
    if (error.kind === 'unauthorized') return 'rejected';
    return error.kind === 'busy' ? 'busy' : 'unavailable';
  }
  if (verdict === 'other') return 'other-company';
  await storeAccessTokens(
    db,
    [{ ...identity, accessToken: token.data, companyName: null, webhookSecret: webhookSecret.data }],
    keys,
    { source: 'pasted', bound: verdict === 'same' },
  );
  return verdict === 'same' ? 'connected' : 'unproven';
}
