import 'server-only';

import { and, arrayContains, eq, gte, sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';
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

/**
 * Which of these externalIds an upload result stored for the company since `since` names, whatever its requestId.
 * Not a confirmation (the result may be of another upload: lib/owners/imports/confirm.ts), but proof that the service
 * holds a document with that id: a line so named is never sent again (lib/owners/imports/check.ts).
 */
export async function externalIdsNamedByUploadResults(
  db: Db,
  company: { pluginId: string; tenantId: string },
  externalIds: readonly string[],
  since: Date,
): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = rowsOf<{ external_id: string }>(
    await db.execute(sql`
      select ids.external_id from jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb) as ids(external_id)
       where exists (select 1 from webhook_events e
                      where e.kind = 'upload' and e.plugin_id = ${company.pluginId}
                        and ${company.tenantId} = any(e.tenant_ids) and e.received_at >= ${since.toISOString()}::timestamptz
                        and jsonb_path_exists(e.payload, '$.results.entities[*].data.externalId ? (@ == $id)',
                                              jsonb_build_object('id', ids.external_id)))`),
  );
  return new Set(rows.map((row) => row.external_id));
}
