import 'server-only';
import { and, arrayContains, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { accessTokens, webhookEvents, type WebhookEventRow } from '@/lib/db/schema';

/** What the activity page reads: the company's notifications and where the service should send them. */

export type CompanyScope = { userId: string; pluginId: string; tenantId: string };

export const ACTIVITY_LIMIT = 50;

/**
 * The latest notifications of one company, newest first: the user's own (an event row belongs to the user whose
 * connection verified it) and only those whose signature the company's secret verified.
 */
export async function listCompanyEvents(db: Db, scope: CompanyScope, limit = ACTIVITY_LIMIT): Promise<WebhookEventRow[]> {
  return db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.userId, scope.userId),
        eq(webhookEvents.pluginId, scope.pluginId),
        arrayContains(webhookEvents.tenantIds, [scope.tenantId]),
      ),
    )
    .orderBy(desc(webhookEvents.receivedAt), webhookEvents.eventKey)
    .limit(limit);
}

export type CompanyReceiver = {
  /** The public id of the receiver address; null for a connection stored before addresses existed. */
  webhookId: string | null;
  /** Whether a webhook secret is stored: without one no notification can be verified, so none is taken. */
  hasSecret: boolean;
  /** The user's other companies behind the same address (approved in one consent). */
  sharedWith: string[];
};

/** The company's receiver address as stored with its connection; null when the company has no connection. */
export async function companyReceiver(db: Db, scope: CompanyScope): Promise<CompanyReceiver | null> {
  const [row] = await db
    .select({ webhookId: accessTokens.webhookId, sealedWebhookSecret: accessTokens.sealedWebhookSecret })
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, scope.userId), eq(accessTokens.pluginId, scope.pluginId), eq(accessTokens.tenantId, scope.tenantId)));
  if (!row) return null;
  let sharedWith: string[] = [];
  if (row.webhookId) {
    const others = await db
      .select({ tenantId: accessTokens.tenantId })
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, scope.userId), eq(accessTokens.pluginId, scope.pluginId), eq(accessTokens.webhookId, row.webhookId)));
    sharedWith = others.map((other) => other.tenantId).filter((tenantId) => tenantId !== scope.tenantId).sort();
  }
  return { webhookId: row.webhookId, hasSecret: row.sealedWebhookSecret !== null, sharedWith };
}
