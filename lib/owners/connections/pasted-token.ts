import 'server-only';

import { z } from 'zod';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { isDataApiError } from '@/lib/service/errors';

import { countedClientForToken } from './client';
import { storeAccessTokens } from './store';

/**
 * A token the user made by hand in the service (company settings, API connections) and pasted into our form. It is
 * checked with GET /api/auth/check before anything is stored, stored encrypted like a delivered token (replacing
 * ours for the company), and never shown back. The connection's notification key may come with it.
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

export type PasteOutcome = 'connected' | 'invalid' | 'rejected' | 'busy' | 'unavailable';

export type PastedConnection = { token: unknown; webhookSecret?: unknown };

export async function connectPastedToken(
  db: Db,
  identity: CompanyScope,
  input: PastedConnection,
  keys: readonly VaultKey[],
): Promise<PasteOutcome> {
  const token = pastedTokenSchema.safeParse(input.token);
  const webhookSecret = pastedWebhookSecretSchema.safeParse(input.webhookSecret ?? '');
  if (!token.success || !webhookSecret.success) return 'invalid';
  try {
    await (await countedClientForToken(token.data, identity.tenantId)).auth.check();
  } catch (error) {
    if (!isDataApiError(error)) throw error;
    if (error.kind === 'unauthorized') return 'rejected';
    return error.kind === 'busy' ? 'busy' : 'unavailable';
  }
  await storeAccessTokens(
    db,
    [{ ...identity, accessToken: token.data, companyName: null, webhookSecret: webhookSecret.data }],
    keys,
    {
      source: 'pasted',
    },
  );
  return 'connected';
}
