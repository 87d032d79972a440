import 'server-only';

import { and, count, eq, ne } from 'drizzle-orm';

import { reseal } from '@/lib/platform/crypto/reseal';
import { tokenContext, type VaultKey, webhookSecretContext } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';

import { connectionRow } from './store';

export type ConnectionsRotation = { reencrypted: number; alreadyCurrent: number; total: number };

/**
 * Re-encrypts every stored access token with its webhook secret under the current (first) key: one key id per row,
 * so both are rewritten together. Each row is rewritten by a conditional update on what was read, so a delivery
 * racing the rotation is never overwritten with stale data.
 */
export async function reencryptConnections(db: Db, keys: readonly VaultKey[]): Promise<ConnectionsRotation> {
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
        and(connectionRow(identity), eq(accessTokens.keyId, row.keyId), eq(accessTokens.sealedToken, row.sealedToken)),
      )
      .returning({ userId: accessTokens.userId });
    reencrypted += updated.length;
  }
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(accessTokens);
  return { reencrypted, alreadyCurrent: total - rows.length, total };
}
