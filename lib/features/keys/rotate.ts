import 'server-only';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { reencryptConnections } from '@/lib/owners/connections/rotate';
import type { Db } from '@/lib/platform/db/client';
import { consentRequests } from '@/lib/platform/db/schema';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import { reseal } from '@/lib/platform/crypto/reseal';
import { consentStateContext } from '@/lib/owners/consent/secrets';

export type RotationOutcome = { reencrypted: number; alreadyCurrent: number; total: number; consents: number };

/**
 * Re-encrypts every stored secret under the current (first) key of ENCRYPTION_KEYS: access tokens with their webhook
 * secrets (lib/owners/connections/, their owner), and the states of consents still in progress. Afterwards the old keys can
 * be removed from ENCRYPTION_KEYS.
 */
export async function reencryptAccessTokens(db: Db, keys: readonly VaultKey[]): Promise<RotationOutcome> {
  const connections = await reencryptConnections(db, keys);
  return { ...connections, consents: await reencryptConsents(db, keys) };
}

/** Consents live 15 minutes, but one started just before a rotation must still finish after the old key is gone. */
async function reencryptConsents(db: Db, keys: readonly VaultKey[]): Promise<number> {
  const current = keys[0]!;
  // Only pending poll-mode attempts keep their state sealed; an ended attempt has nothing left to re-encrypt.
  const rows = await db
    .select()
    .from(consentRequests)
    .where(and(ne(consentRequests.keyId, current.id), isNotNull(consentRequests.sealedState)));
  let reencrypted = 0;
  for (const row of rows) {
    const updated = await db
      .update(consentRequests)
      .set({
        keyId: current.id,
        sealedState: reseal(row.sealedState!, row.keyId, consentStateContext(row.id), keys),
      })
      .where(and(eq(consentRequests.id, row.id), eq(consentRequests.keyId, row.keyId)))
      .returning({ id: consentRequests.id });
    reencrypted += updated.length;
  }
  return reencrypted;
}
