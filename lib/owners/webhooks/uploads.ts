import 'server-only';

import { and, arrayContains, eq, gte } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { webhookEvents } from '@/lib/platform/db/schema';

import { type UploadPayload, uploadPayloadSchema } from './payload';

/**
 * The upload results stored for a company with this `requestId`, received since `since`: the notifications that came
 * before the 202 carrying that requestId was recorded, for the imports to apply once it is
 * (lib/owners/imports/outcomes.ts). An upload result is stored under its requestId (./events.ts) after its schema was
 * checked; it is read through that schema again, so a row that no longer fits is left out.
 */
export async function storedUploadResults(
  db: Db,
  company: { pluginId: string; tenantId: string },
  requestId: string,
  since: Date,
): Promise<UploadPayload[]> {
  const rows = await db
    .select({ payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(
      and(
        gte(webhookEvents.receivedAt, since),
        eq(webhookEvents.kind, 'upload'),
        eq(webhookEvents.eventKey, requestId),
        eq(webhookEvents.pluginId, company.pluginId),
        arrayContains(webhookEvents.tenantIds, [company.tenantId]),
      ),
    );
  return rows.flatMap(({ payload }) => {
    const parsed = uploadPayloadSchema.safeParse(payload);
    return parsed.success && parsed.data.requestId === requestId ? [parsed.data] : [];
  });
}
