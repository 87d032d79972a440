import 'server-only';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { accessTokens } from '@/lib/db/schema';
import { openToken, sealToken, type VaultKey } from '@/lib/crypto/vault';

export type RotationOutcome = { reencrypted: number; alreadyCurrent: number; total: number };

/**
 * Re-encrypts every stored access token under the current (first) key of ENCRYPTION_KEYS. Each row is rewritten by
 * a conditional update on its old key id, so a delivery racing the rotation is never overwritten with stale data.
 * Afterwards the old keys can be removed from ENCRYPTION_KEYS.
 */
export async function reencryptAccessTokens(db: Db, keys: readonly VaultKey[]): Promise<RotationOutcome> {
  const current = keys[0];
  if (!current) throw new Error('No encryption key configured.');
  const rows = await db.select().from(accessTokens).where(ne(accessTokens.keyId, current.id));
  let reencrypted = 0;
  for (const row of rows) {
    const identity = { userId: row.userId, tenantId: row.tenantId, pluginId: row.pluginId };
    const sealed = sealToken(openToken(row, identity, keys), identity, keys);
    const updated = await db
      .update(accessTokens)
      .set(sealed)
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
  return { reencrypted, alreadyCurrent: total - rows.length, total };
}
