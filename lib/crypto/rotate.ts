import 'server-only';
import { and, count, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { accessTokens, consentRequests } from '@/lib/db/schema';
import { openSecret, sealSecret, tokenContext, webhookSecretContext, type VaultKey } from '@/lib/crypto/vault';
import { consentStateContext } from '@/lib/consent/secrets';

export type RotationOutcome = { reencrypted: number; alreadyCurrent: number; total: number; consents: number };

/** Opens a sealed value under its old key and seals it again under the current one, in the same context. */
function reseal(sealed: string, keyId: string, context: readonly string[], keys: readonly VaultKey[]): string {
  return sealSecret(openSecret({ keyId, sealed }, context, keys), context, keys).sealed;
}

/**
 * Re-encrypts every stored secret under the current (first) key of ENCRYPTION_KEYS: access tokens with their webhook
 * secrets (one key id per row, so both are rewritten together), and the states of consents still in progress. Each row is rewritten by a conditional update on what was read, so a delivery racing the rotation is
 * never overwritten with stale data. Afterwards the old keys can be removed from ENCRYPTION_KEYS.
 */
export async function reencryptAccessTokens(db: Db, keys: readonly VaultKey[]): Promise<RotationOutcome> {
  const current = keys[0];
  if (!current) throw new Error('No encryption key configured.');
  const rows = await db.select().from(accessTokens).where(ne(accessTokens.keyId, current.id));
  let reencrypted = 0;
  for (const row of rows) {
    const identity = { userId: row.userId, tenantId: row.tenantId, pluginId: row.pluginId };
    const updated = await db
      .update(accessTokens)
      .set({
        keyId: current.id,
        sealedToken: reseal(row.sealedToken, row.keyId, tokenContext(identity), keys),
        sealedWebhookSecret:
          row.sealedWebhookSecret && reseal(row.sealedWebhookSecret, row.keyId, webhookSecretContext(identity), keys),
      })
      .where(
        and(
          eq(accessTokens.userId, row.userId),
          eq(accessTokens.tenantId, row.tenantId),
          eq(accessTokens.pluginId, row.pluginId),
          eq(accessTokens.keyId, row.keyId),
          eq(accessTokens.sealedToken, row.sealedToken),
        ),
      )
      .returning({ userId: accessTokens.userId });
    reencrypted += updated.length;
  }
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(accessTokens);
  return { reencrypted, alreadyCurrent: total - rows.length, total, consents: await reencryptConsents(db, keys) };
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
