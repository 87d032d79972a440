import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { accessTokens } from '@/lib/db/schema';
import { sealToken, type TokenIdentity, type VaultKey } from '@/lib/crypto/vault';

export type TokenToStore = TokenIdentity & { accessToken: string; companyName: string | null };

/**
 * Stores data-API tokens, encrypted, under (user, company, plugin): one multi-row upsert, so entries land together
 * or not at all. A new token replaces the old one and clears its "rejected" mark; a missing company name keeps the
 * one we had. Used by the gateway's delivery and by a token pasted by the user.
 */
export async function storeAccessTokens(db: Db, tokens: readonly TokenToStore[], keys: readonly VaultKey[]): Promise<void> {
  if (tokens.length === 0) return;
  const rows = tokens.map(({ accessToken, companyName, ...identity }) => ({
    ...identity,
    companyName,
    ...sealToken(accessToken, identity, keys),
  }));
  await db
    .insert(accessTokens)
    .values(rows)
    .onConflictDoUpdate({
      target: [accessTokens.userId, accessTokens.tenantId, accessTokens.pluginId],
      set: {
        companyName: sql`coalesce(excluded.company_name, ${accessTokens.companyName})`,
        keyId: sql`excluded.key_id`,
        sealedToken: sql`excluded.sealed_token`,
        deliveredAt: sql`now()`,
        invalidatedAt: null,
      },
    });
}
