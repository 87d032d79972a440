import 'server-only';

import { sql } from 'drizzle-orm';
import { z } from 'zod';

import { storeAccessTokens, type TokenToStore } from '@/lib/owners/connections/store';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import { type Db, rowsOf } from '@/lib/platform/db/client';

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
  /** The companies whose token was stored now. */
  storedTenantIds: string[];
  /** connected_by_user: the company has a working connection the user made (consent or a pasted token), kept. */
  skipped: { tenantId: string; reason: 'empty_entry' | 'not_authorized' | 'connected_by_user' }[];
};

/** Companies that a launch of this user and plugin authorized within the delivery window. */
async function recentlyAuthorizedTenants(db: Db, userId: string, pluginId: string): Promise<Set<string>> {
  const result = await db.execute(sql`
    select distinct unnest(tenant_ids) as tenant_id from launch_codes
    where user_id = ${userId} and plugin_id = ${pluginId}
      and created_at > now() - make_interval(mins => ${DELIVERY_WINDOW_MINUTES})`);
  return new Set(rowsOf<{ tenant_id: string }>(result).map((row) => row.tenant_id));
}

/**
 * Stores the delivered tokens, encrypted, under (user, company, plugin) with one multi-row upsert: all entries of a
 * request land together or not at all, and a repeated delivery is harmless. Entries with an empty company or token,
 * and companies no recent launch of this user authorized, are skipped (launches are only ever added, so the
 * authorization read before the write cannot go stale). The caller has already checked that `pluginId` is ours.
 */
export async function storeDelivery(db: Db, delivery: Delivery, keys: readonly VaultKey[]): Promise<DeliveryOutcome> {
  const skipped: DeliveryOutcome['skipped'] = [];
  const entries = new Map<string, { name: string | null; accessToken: string }>();
  for (const entry of delivery.tokens) {
    if (!entry.tenantId || !entry.accessToken) skipped.push({ tenantId: entry.tenantId, reason: 'empty_entry' });
    else entries.set(entry.tenantId, { name: entry.name || null, accessToken: entry.accessToken });
  }
  if (entries.size === 0) return { stored: 0, storedTenantIds: [], skipped };

  const authorized = await recentlyAuthorizedTenants(db, delivery.userId, delivery.pluginId);
  const rows: TokenToStore[] = [];
  for (const [tenantId, entry] of entries) {
    if (!authorized.has(tenantId)) {
      skipped.push({ tenantId, reason: 'not_authorized' });
      continue;
    }
    rows.push({
      userId: delivery.userId,
      tenantId,
      pluginId: delivery.pluginId,
      companyName: entry.name,
      accessToken: entry.accessToken,
    });
  }
  const written = new Set(await storeAccessTokens(db, rows, keys, { source: 'gateway' }));
  for (const row of rows)
    if (!written.has(row.tenantId)) skipped.push({ tenantId: row.tenantId, reason: 'connected_by_user' });
  return { stored: written.size, storedTenantIds: [...written], skipped };
}
