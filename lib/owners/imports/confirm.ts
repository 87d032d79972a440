import 'server-only';

import { sql } from 'drizzle-orm';

import type { ImportKind } from '@/lib/base/imports/states';
import { isObject } from '@/lib/base/is-object';
import type { UploadPayload, WebhookEntity } from '@/lib/owners/webhooks/payload';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { storable, storableText } from '@/lib/platform/db/storable';

import { kindDefinition, kindOfApiUrl } from './kinds';
import type { DocumentRef, ImportCompany, LineProblem } from './lines';

/**
 * A line is `done` once the service confirms it, by the upload-finished notification or by reading it back; a
 * confirmation that carries problems makes it `problem`. Lines are found by the company and their externalId (which
 * one line of the company holds at a time). A notification confirms only the lines of the batch whose 202 carried its
 * `requestId` (stored with the batch): a batch whose answer was lost (its fate unknown, no requestId seen) is
 * confirmed by reading back alone, so a notification of some other upload naming the same externalId never marks a
 * line done that was not recorded. A notification that comes before its 202 was recorded is applied when the 202 is
 * (./outcomes.ts: it is stored on receipt, lib/owners/webhooks/uploads.ts).
 */

export type Confirmation = {
  externalId: string;
  /** What the service reported: its id of the record, the document paired or created. */
  result: Record<string, string | null>;
  problems: LineProblem[];
  /** The document the service names, when it names one whole; the line keeps its own otherwise. */
  document: DocumentRef | null;
};

export type ConfirmedLine = { importId: string; line: string; state: 'done' | 'problem' };

/**
 * Where a confirmation comes from: reading back (the line is `sent`, whatever its batch), or a notification, which
 * confirms a line only when the line's batch was answered 202 (or 409) with the notification's `requestId`.
 */
export type ConfirmationSource =
  { by: 'read-back'; kind: ImportKind } | { by: 'notification'; requestId: string; kind: ImportKind | null };

/** Confirms the company's lines on their way with these externalIds, as `source` allows. Answers the lines confirmed. */
export async function confirmLines(
  db: Db,
  company: ImportCompany,
  confirmations: readonly Confirmation[],
  source: ConfirmationSource,
): Promise<ConfirmedLine[]> {
  if (confirmations.length === 0) return [];
  const rows = confirmations.map((c) => ({
    external_id: c.externalId,
    result: c.result,
    problems: c.problems,
    document: c.document,
  }));
  const result = await db.execute(sql`
    update import_lines l
       set state = case when jsonb_array_length(c.problems) > 0 then 'problem' else 'done' end,
           problems = c.problems, result = c.result, document = coalesce(c.document, l.document),
           confirmed_at = now(), updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(storable(rows))}::jsonb)
           as c(external_id text, result jsonb, problems jsonb, document jsonb)
     where l.plugin_id = ${company.pluginId} and l.tenant_id = ${company.tenantId}
       and l.external_id = c.external_id and l.state = 'sent'
       ${source.kind === null ? sql`` : sql`and l.kind = ${source.kind}`}
       ${
         source.by === 'read-back'
           ? sql``
           : sql`and exists (select 1 from import_batches b
                              where b.id = l.batch_id and b.outcome in ('accepted', 'conflict')
                                and b.request_id = ${source.requestId})`
       }
    returning l.import_id, l.line, l.state`);
  return rowsOf<{ import_id: string; line: string; state: 'done' | 'problem' }>(result).map((row) => ({
    importId: row.import_id,
    line: row.line,
    state: row.state,
  }));
}

const idText = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string' && value
      ? value
      : null;

/** A problem as the service sent it (its shape is not described): its message as text, its code beside it. */
function problemOf(problem: unknown): LineProblem {
  if (typeof problem === 'string') return { code: 'service', text: problem.slice(0, 2_000) };
  if (isObject(problem)) {
    const text = [problem.message, problem.errorMessage, problem.description].find((v) => typeof v === 'string');
    const code = [problem.code, problem.errorCode].find((v) => typeof v === 'string' || typeof v === 'number');
    return {
      code: 'service',
      text: typeof text === 'string' ? text.slice(0, 2_000) : JSON.stringify(problem).slice(0, 2_000),
      ...(code === undefined ? {} : { params: { serviceCode: String(code).slice(0, 80) } }),
    };
  }
  return { code: 'service', text: JSON.stringify(problem ?? null).slice(0, 2_000) };
}

function confirmationOfEntity(entity: WebhookEntity, kind: ImportKind | null): Confirmation | null {
  const data = entity.data;
  const externalId = data?.externalId;
  if (!data || typeof externalId !== 'string' || externalId === '' || externalId.length > 50) return null;
  const id = idText(data.id);
  const documentId = idText(data.documentId);
  const documentNumber = typeof data.documentNumber === 'string' ? data.documentNumber : null;
  // What the document is depends on the kind (./kinds.ts); of an unnamed kind, the record's own, else its document.
  const documentOf =
    kind === null ? (id ?? documentId) : kindDefinition(kind).confirmedBy.documentOf({ id, documentId });
  return {
    externalId,
    result: {
      id,
      documentId,
      documentNumber,
      variableSymbol: typeof data.variableSymbol === 'string' ? data.variableSymbol : null,
    },
    problems: (entity.problems ?? []).map(problemOf),
    document: documentOf !== null && documentNumber ? { id: documentOf, documentNumber } : null,
  };
}

/**
 * The upload-finished notification (lib/owners/webhooks/payload.ts) applied to the imports of the companies it was
 * verified for: each entity's line confirmed by its externalId, when the line's batch is the notification's
 * `requestId`'s. Idempotent (a retried notification finds its lines done). Answers the lines confirmed.
 */
export async function confirmByNotification(
  db: Db,
  companies: { pluginId: string; tenantIds: readonly string[] },
  payload: UploadPayload,
): Promise<ConfirmedLine[]> {
  const kind = kindOfApiUrl(payload.apiUrl);
  const confirmations = (payload.results?.entities ?? [])
    .map((entity) => confirmationOfEntity(entity, kind))
    .filter((c): c is Confirmation => c !== null);
  // A requestId the database cannot hold as it came (a U+0000) is matched as stored: it then names no batch.
  const source = { by: 'notification', requestId: storableText(payload.requestId), kind } as const;
  const confirmed: ConfirmedLine[] = [];
  for (const tenantId of companies.tenantIds) {
    const company = { pluginId: companies.pluginId, tenantId };
    confirmed.push(...(await confirmLines(db, company, confirmations, source)));
  }
  return confirmed;
}
