import 'server-only';

import { and, eq, isNotNull } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';

/** A connection behind a receiver address, with its webhook secret still sealed (under the row's key). */
export type WebhookCandidate = { userId: string; tenantId: string; pluginId: string; keyId: string; sealed: string };

/** The connections given the receiver address `webhookId` that have a webhook secret to check a signature with. */
export async function connectionsAtWebhook(db: Db, webhookId: string): Promise<WebhookCandidate[]> {
  const rows = await db
    .select({
      userId: accessTokens.userId,
      tenantId: accessTokens.tenantId,
      pluginId: accessTokens.pluginId,
      keyId: accessTokens.keyId,
      sealed: accessTokens.sealedWebhookSecret,
    })
    .from(accessTokens)
    .where(and(eq(accessTokens.webhookId, webhookId), isNotNull(accessTokens.sealedWebhookSecret)))
    // A stable order, so that the rare address shared by two owners is always attributed the same way.
    .orderBy(accessTokens.userId, accessTokens.pluginId, accessTokens.tenantId);
  return rows.map((row) => ({ ...row, sealed: row.sealed ?? '' }));
}
