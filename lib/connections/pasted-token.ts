import 'server-only';
import { z } from 'zod';
import type { TokenIdentity, VaultKey } from '@/lib/crypto/vault';
import type { Db } from '@/lib/db/client';
import { clientForToken } from '@/lib/service/company';
import { isDataApiError } from '@/lib/service/errors';
import { storeAccessTokens } from './store';

/**
 * A token the user made by hand in the service (company settings, API connections) and pasted into our form. It is
 * checked with GET /api/auth/check before anything is stored, stored encrypted like a delivered token (replacing
 * ours for the company), and never shown back.
 */

// Printable ASCII without spaces: what a bearer token is. The length bounds only keep nonsense out.
export const pastedTokenSchema = z.string().trim().min(16).max(8192).regex(/^[\x21-\x7e]+$/);

export type PasteOutcome = 'connected' | 'invalid' | 'rejected' | 'busy' | 'unavailable';

export async function connectPastedToken(db: Db, identity: TokenIdentity, input: unknown, keys: readonly VaultKey[]): Promise<PasteOutcome> {
  const token = pastedTokenSchema.safeParse(input);
  if (!token.success) return 'invalid';
  try {
    await (await clientForToken(token.data, identity.tenantId)).auth.check();
  } catch (error) {
    if (!isDataApiError(error)) throw error;
    if (error.kind === 'unauthorized') return 'rejected';
    return error.kind === 'busy' ? 'busy' : 'unavailable';
  }
  await storeAccessTokens(db, [{ ...identity, accessToken: token.data, companyName: null }], keys);
  return 'connected';
}
