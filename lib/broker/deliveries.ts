import 'server-only';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { accessTokens } from '@/lib/db/schema';
import { sealToken, type VaultKey } from '@/lib/crypto/vault';

/** How long after a launch the gateway may deliver tokens for its companies. */
export const DELIVERY_WINDOW_MINUTES = 15;

export const deliverySchema = z.object({
  userId: z.string().min(1).max(512),
  pluginId: z.string().max(512),
  tokens: z
    .array(
      z.object({
        tenantId: z.string().max(512),
        name: z.string().max(1024).nullish(),
        accessToken: z.string().max(8192),
      }),
    )
    .max(200),
});

export type Delivery = z.infer<typeof deliverySchema>;

export type DeliveryOutcome = {
  stored: number;
  skipped: { tenantId: string; reason: 'empty_entry' | 'not_authorized' }[];
};

/** Companies that a launch of this user and plugin authorized within the delivery window. */
async function recentlyAuthorizedTenants(db: Db, userId: string, pluginId: string): Promise<Set<string>> {
  const result = await db.execute<{ tenant_id: string }>(sql`
    select distinct unnest(tenant_ids) as tenant_id from launch_codes
    where user_id = ${userId} and plugin_id = ${pluginId}
      and created_at > now() - make_interval(mins => ${DELIVERY_WINDOW_MINUTES})`);
  const rows = (result as unknown as { rows: { tenant_id: string }[] }).rows;
  return new Set(rows.map((row) => row.tenant_id));
}

/**
 * Stores the delivered tokens, encrypted, as upserts under (user, company, plugin), all in one transaction, so a
 * repeated delivery is harmless. Entries with an empty company or token, and companies no recent launch of this
 * user authorized, are skipped. The caller has already checked that `pluginId` is ours.
 */
export async function storeDelivery(db: Db, delivery: Delivery, keys: readonly VaultKey[]): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { stored: 0, skipped: [] };
  const entries = new Map<string, { name: string | null; accessToken: string }>();
  for (const entry of delivery.tokens) {
    if (!entry.tenantId || !entry.accessToken) {
      outcome.skipped.push({ tenantId: entry.tenantId, reason: 'empty_entry' });
      continue;
    }
    entries.set(entry.tenantId, { name: entry.name || null, accessToken: entry.accessToken });
  }
  if (entries.size === 0) return outcome;

  await db.transaction(async (tx) => {
    const authorized = await recentlyAuthorizedTenants(tx, delivery.userId, delivery.pluginId);
    for (const [tenantId, entry] of entries) {
      if (!authorized.has(tenantId)) {
        outcome.skipped.push({ tenantId, reason: 'not_authorized' });
        continue;
      }
      const identity = { userId: delivery.userId, tenantId, pluginId: delivery.pluginId };
      const sealed = sealToken(entry.accessToken, identity, keys);
      await tx
        .insert(accessTokens)
        .values({ ...identity, companyName: entry.name, ...sealed })
        .onConflictDoUpdate({
          target: [accessTokens.userId, accessTokens.tenantId, accessTokens.pluginId],
          set: {
            companyName: sql`coalesce(excluded.company_name, ${accessTokens.companyName})`,
            keyId: sealed.keyId,
            sealedToken: sealed.sealedToken,
            deliveredAt: sql`now()`,
            invalidatedAt: null,
          },
        });
      outcome.stored += 1;
    }
  });
  return outcome;
}
