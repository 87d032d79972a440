import 'server-only';

import { and, eq, isNotNull, ne } from 'drizzle-orm';

import { reseal } from '@/lib/platform/crypto/reseal';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { consentRequests } from '@/lib/platform/db/schema';

import { consentStateContext } from './secrets';

/**
 * Re-encrypts the sealed states of consents under the current (first) key; answers how many were rewritten. Consents
 * live 15 minutes, but one started just before a rotation must still finish after the old key is gone (key rotation,
 * lib/features/keys/rotate.ts).
 */
export async function reencryptConsents(db: Db, keys: readonly VaultKey[]): Promise<number> {
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
