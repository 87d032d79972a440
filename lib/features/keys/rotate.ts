import 'server-only';

import { reencryptConnections } from '@/lib/owners/connections/rotate';
import { reencryptConsents } from '@/lib/owners/consent/rotate';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';

export type RotationOutcome = { reencrypted: number; alreadyCurrent: number; total: number; consents: number };

/**
 * Re-encrypts every stored secret under the current (first) key of ENCRYPTION_KEYS, each by its owner: access tokens
 * with their webhook secrets (lib/owners/connections/), and the states of consents still in progress
 * (lib/owners/consent/). Afterwards the old keys can be removed from ENCRYPTION_KEYS.
 */
export async function reencryptAccessTokens(db: Db, keys: readonly VaultKey[]): Promise<RotationOutcome> {
  const connections = await reencryptConnections(db, keys);
  return { ...connections, consents: await reencryptConsents(db, keys) };
}
