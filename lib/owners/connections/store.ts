import 'server-only';

import { randomBytes } from 'node:crypto';

import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';

import type { CompaniesScope, CompanyScope } from '@/lib/base/company-scope';
import { sealSecret, sealToken, type VaultKey, webhookSecretContext } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';
import { storableText } from '@/lib/platform/db/storable';

/** The row of one connection: (user, company, plugin). */
export function connectionRow(identity: CompanyScope): SQL {
  return and(
    eq(accessTokens.userId, identity.userId),
    eq(accessTokens.tenantId, identity.tenantId),
    eq(accessTokens.pluginId, identity.pluginId),
  )!;
}

/** The working connections of a company, any user's (background work, which no session decides). */
export function workingConnectionsOf(company: Pick<CompanyScope, 'pluginId' | 'tenantId'>): SQL {
  return and(
    eq(accessTokens.pluginId, company.pluginId),
    eq(accessTokens.tenantId, company.tenantId),
    isNull(accessTokens.invalidatedAt),
  )!;
}

/** The rows of the scope's connections (the caller skips an empty scope: `in ()` is no SQL). */
export function connectionRows(scope: CompaniesScope): SQL {
  return and(
    eq(accessTokens.userId, scope.userId),
    eq(accessTokens.pluginId, scope.pluginId),
    inArray(accessTokens.tenantId, [...scope.tenantIds]),
  )!;
}

/** How a token reached us: delivered by the gateway, approved through Integration Consent, or pasted by the user. */
export type TokenSource = (typeof accessTokens.$inferSelect)['source'];

export type TokenToStore = CompanyScope & {
  accessToken: string;
  companyName: string | null;
  /** The secret that signs the connection's notifications, when it has one. */
  webhookSecret?: string | null;
};

export type StoreOptions = {
  source: TokenSource;
  /**
   * The receiver address the service was given for these connections (a consent's), which replaces ours. Without
   * it a company keeps the address it has (so a user need not re-enter it in the service), or gets a new one.
   */
  webhookId?: string;
  /**
   * A pasted token whose readings matched the company's copy (./fingerprint.ts): stored as bound. A pasted token
   * without it is stored unproven (./work.ts). Meaningless for the other sources, bound by how they came.
   */
  bound?: boolean;
};

/**
 * What follows connections stored, once their transaction has ended: a sync of each company's copy
 * (lib/features/connections/connect.ts gives it, above both this owner and the mirror's, which reads this one).
 */
export type ConnectionsStored = (pluginId: string, tenantIds: readonly string[]) => Promise<void>;

/** A new public id for our webhook receiver's address: random, so addresses cannot be enumerated. */
export function newWebhookId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Stores data-API tokens, encrypted, under (user, company, plugin): one multi-row upsert, so entries land together
 * or not at all. A new token replaces the old one and clears its "rejected" mark; a missing company name keeps the
 * one we had. The webhook secret is replaced too (it belongs to the connection of the replaced token) and is sealed
 * under the same key as the token, so a key rotation rewrites both at once. Used by the gateway's delivery, by
 * Integration Consent and by a token pasted by the user. Returns the companies written.
 */
export async function storeAccessTokens(
  db: Db,
  tokens: readonly TokenToStore[],
  keys: readonly VaultKey[],
  options: StoreOptions,
): Promise<string[]> {
  if (tokens.length === 0) return [];
  // In one order, so two writers of overlapping companies (a consent and a delivery) lock rows alike, never in a cycle.
  const sorted = [...tokens].sort((a, b) => (a.tenantId < b.tenantId ? -1 : a.tenantId > b.tenantId ? 1 : 0));
  const rows = sorted.map(({ accessToken, companyName, webhookSecret, ...identity }) => {
    const sealed = sealToken(accessToken, identity, keys);
    // Sealed under the same key as the token (keys[0]): the row's one key_id describes both.
    const secret = webhookSecret ? sealSecret(webhookSecret, webhookSecretContext(identity), keys) : null;
    return {
      ...identity,
      // The name comes from the service (or a gateway's delivery): text the database may refuse as it came.
      companyName: companyName === null ? null : storableText(companyName),
      ...sealed,
      source: options.source,
      boundAt: options.source === 'pasted' && options.bound ? sql`now()` : null,
      webhookId: options.webhookId ?? newWebhookId(),
      sealedWebhookSecret: secret?.sealed ?? null,
    };
  });
  const written = await db
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
        source: sql`excluded.source`,
        boundAt: sql`excluded.bound_at`,
        webhookId: options.webhookId
          ? sql`excluded.webhook_id`
          : sql`coalesce(${accessTokens.webhookId}, excluded.webhook_id)`,
        sealedWebhookSecret: sql`excluded.sealed_webhook_secret`,
        // A new connection: a note about the one it replaces no longer applies (./notice.ts).
        notice: null,
      },
      // The gateway delivers whenever a launch lacks some company's token; a connection the user made (consent or a
      // pasted token) is theirs and stays, unless the service has refused it.
      setWhere:
        options.source === 'gateway'
          ? sql`${accessTokens.source} = 'gateway' or ${accessTokens.invalidatedAt} is not null`
          : undefined,
    })
    .returning({ tenantId: accessTokens.tenantId });
  return written.map((row) => row.tenantId);
}
