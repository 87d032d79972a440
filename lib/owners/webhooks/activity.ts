import 'server-only';

import { and, arrayContains, desc, eq } from 'drizzle-orm';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { Db } from '@/lib/platform/db/client';
import { type WebhookEventRow, webhookEvents } from '@/lib/platform/db/schema';

/** The company's notifications, as the activity page reads them. */

export const ACTIVITY_LIMIT = 50;

/**
 * The latest notifications of one company, newest first: the user's own (an event row belongs to the user whose
 * connection verified it) and only those whose signature the company's secret verified.
 */
export async function listCompanyEvents(
  db: Db,
  scope: CompanyScope,
  limit = ACTIVITY_LIMIT,
): Promise<WebhookEventRow[]> {
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
