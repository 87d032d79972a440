import 'server-only';

import { sql } from 'drizzle-orm';

import type { StopReason } from '@/lib/base/imports/states';
import { storedUploadResults } from '@/lib/owners/webhooks/uploads';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { storable } from '@/lib/platform/db/storable';
import type { RefusedField, ServiceRefusal } from '@/lib/service/errors';

import type { ClaimedBatch } from './batches';
import { confirmByNotification } from './confirm';
import type { ImportCompany, LineProblem } from './lines';

/**
 * What a POST's answer does to its batch and lines (the never-twice rules, docs/imports.md):
 * - accepted (202), conflict (409: the same body within 120 s, so it was sent): the lines are `sent`, to be confirmed;
 * - unknown (timeout, reset, 408, 5xx): the lines are `sent` too, but not one is sent again before reading back finds
 *   it missing after `resend_after`;
 * - not-sent (429, or it never left): the lines go back to the queue, for the next batch;
 * - refused (400): the lines the validation result names get its messages as their problem, the others go back to
 *   the queue (nothing of a refused batch was processed); a result naming no line marks them all;
 * - invalid (our own client refused the payloads): the lines have a problem;
 * - stopped (401, 402, 403): the lines go back to the queue and the company's imports stop with the reason.
 * Recorded only while the batch is this holder's and still `pending` (or `unknown`, when another sender took it for
 * dead and this late answer knows better). The requestId of a 202 (or 409) is stored with the batch: only a notification
 * carrying it confirms the batch's lines (./confirm.ts), and one that came before the answer was recorded is applied
 * now.
 */
export type PostOutcome =
  | { kind: 'accepted'; status: number; requestIds: string[] }
  | { kind: 'conflict'; requestIds: string[] }
  | { kind: 'unknown'; status: number | null }
  | { kind: 'not-sent'; status: number | null }
  | { kind: 'refused'; refusal: ServiceRefusal }
  | { kind: 'invalid'; fields: string[] }
  | { kind: 'stopped'; status: number | null; reason: StopReason };

export type RecordSettings = { resendWindowSeconds: number; firstCheckSeconds: number };

const batchOutcomes = {
  accepted: 'accepted',
  conflict: 'conflict',
  unknown: 'unknown',
  'not-sent': 'not-sent',
  refused: 'refused',
  invalid: 'refused',
  stopped: 'stopped',
} as const;

function statusOf(outcome: PostOutcome): number | null {
  switch (outcome.kind) {
    case 'accepted':
    case 'unknown':
    case 'not-sent':
    case 'stopped':
      return outcome.status;
    case 'conflict':
      return 409;
    case 'refused':
      return 400;
    case 'invalid':
      return null;
  }
}

/** `data[3].sumOfPayment`, `[3]`, `Data[3]`, `data.3.x`: the document a field of a validation result is about. */
export function itemIndexOf(field: string): number | null {
  const match = /^(?:\$\.)?(?:data)?(?:\[(\d+)\]|\.(\d+))/i.exec(field.trim());
  const index = match ? Number(match[1] ?? match[2]) : NaN;
  return Number.isSafeInteger(index) ? index : null;
}

/** Each line's problems from a validation result; lines it does not name are absent. */
function problemsByLine(fields: RefusedField[], count: number): Map<number, LineProblem[]> {
  const byLine = new Map<number, LineProblem[]>();
  for (const { field, messages } of fields) {
    const index = itemIndexOf(field);
    if (index === null || index >= count) continue;
    const problems = byLine.get(index) ?? [];
    for (const text of messages) problems.push({ code: 'service', text, params: { field } });
    byLine.set(index, problems);
  }
  return byLine;
}

/** The whole request's messages (fields naming no line), for a refusal that names none. */
function generalProblems(fields: RefusedField[]): LineProblem[] {
  const general = fields.filter(({ field }) => itemIndexOf(field) === null);
  const problems = general.flatMap(({ messages }) => messages.map((text) => ({ code: 'service', text })));
  return problems.length > 0 ? problems : [{ code: 'refused-by-service' }];
}

type LineVerdict = { line: string; problems: LineProblem[] };

/** Per line of a refused batch: its problems, or none (it goes back to the queue). */
function refusedVerdicts(batch: ClaimedBatch, outcome: PostOutcome): { problems: LineVerdict[]; requeue: string[] } {
  if (outcome.kind === 'invalid') {
    const problem = { code: 'invalid-payload', params: { fields: outcome.fields.join(', ').slice(0, 500) } };
    return { problems: batch.lines.map(({ line }) => ({ line, problems: [problem] })), requeue: [] };
  }
  if (outcome.kind !== 'refused') return { problems: [], requeue: [] };
  const byLine = problemsByLine(outcome.refusal.fields, batch.lines.length);
  if (byLine.size === 0) {
    const problems = generalProblems(outcome.refusal.fields);
    return { problems: batch.lines.map(({ line }) => ({ line, problems })), requeue: [] };
  }
  return {
    problems: batch.lines.flatMap(({ line }, index) => {
      const problems = byLine.get(index);
      return problems ? [{ line, problems }] : [];
    }),
    requeue: batch.lines.filter((_, index) => !byLine.has(index)).map(({ line }) => line),
  };
}

/**
 * Records a POST's outcome in one transaction: the batch first (conditionally: the affected row decides whether this
 * answer still counts), then its lines. Answers false when the batch was not this holder's to record any more.
 */
export async function recordOutcome(
  db: Db,
  company: ImportCompany,
  batch: ClaimedBatch,
  holder: string,
  outcome: PostOutcome,
  settings: RecordSettings,
): Promise<boolean> {
  const requestIds = outcome.kind === 'accepted' || outcome.kind === 'conflict' ? outcome.requestIds : [];
  const requestId = requestIds[0] ?? null;
  const toCheck = outcome.kind === 'accepted' || outcome.kind === 'conflict' || outcome.kind === 'unknown';
  const refusal =
    outcome.kind === 'refused' ? outcome.refusal.fields : outcome.kind === 'invalid' ? outcome.fields : null;
  return db.transaction(async (tx) => {
    const recorded = rowsOf<{ id: string; sent_at: Date | string | null }>(
      await tx.execute(sql`
        update import_batches
           set outcome = ${batchOutcomes[outcome.kind]}, status = ${statusOf(outcome)}, request_id = ${requestId},
               refusal = ${refusal === null ? null : JSON.stringify(storable(refusal))}::jsonb, answered_at = now(),
               resend_after = ${
                 outcome.kind === 'unknown'
                   ? sql`coalesce(sent_at, now()) + make_interval(secs => ${settings.resendWindowSeconds})`
                   : null
               },
               next_check_at = ${toCheck ? sql`now() + make_interval(secs => ${settings.firstCheckSeconds})` : null}
         where id = ${batch.batchId}::uuid and sender = ${holder} and outcome in ('pending', 'unknown')
        returning id, sent_at`),
    );
    const [row] = recorded;
    if (!row) return false;

    if (toCheck) {
      await tx.execute(sql`
        update import_lines l set state = 'sent', request_id = ${requestId}, sent_at = b.sent_at, updated_at = now()
          from import_batches b
         where b.id = ${batch.batchId}::uuid and l.batch_id = b.id and l.state in ('queued', 'sent')`);
      if (requestId !== null) await applyEarlyNotifications(tx, company, requestId, row.sent_at);
      return true;
    }
    const { problems, requeue } = refusedVerdicts(batch, outcome);
    if (problems.length > 0) {
      await tx.execute(sql`
        update import_lines l set state = 'problem', problems = v.problems, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(storable(problems))}::jsonb) as v(line text, problems jsonb)
         where l.batch_id = ${batch.batchId}::uuid and l.line = v.line and l.state in ('queued', 'sent')`);
    }
    const back = outcome.kind === 'refused' ? requeue : null;
    if (back === null || back.length > 0) {
      // Not processed: back to the queue, for the next batch (or, stopped, for when the import is resumed).
      await tx.execute(sql`
        update import_lines set state = 'queued', batch_id = null, request_id = null, sent_at = null,
               updated_at = now()
         where batch_id = ${batch.batchId}::uuid and state in ('queued', 'sent')
           ${
             back === null
               ? sql``
               : sql`and line in (${sql.join(
                   back.map((line) => sql`${line}`),
                   sql`, `,
                 )})`
           }`);
    }
    if (outcome.kind === 'stopped') await stopImports(tx, company, outcome.reason, batch.importId);
    return true;
  });
}

/** How long before its POST left a notification of the batch is looked for: no clock is that far off. */
const EARLY_NOTIFICATION_MARGIN_MS = 60_000;

/**
 * The upload results of `requestId` stored before its 202 was recorded (the service may notify before its answer
 * reaches us): the notification found no line of the batch then (it confirms only lines whose batch has its
 * requestId), so it is applied now that the batch has it.
 */
async function applyEarlyNotifications(
  db: Db,
  company: ImportCompany,
  requestId: string,
  sentAt: Date | string | null,
): Promise<void> {
  const since = new Date((sentAt === null ? Date.now() : new Date(sentAt).getTime()) - EARLY_NOTIFICATION_MARGIN_MS);
  const theCompany = { pluginId: company.pluginId, tenantIds: [company.tenantId] };
  for (const payload of await storedUploadResults(db, company, requestId, since)) {
    await confirmByNotification(db, theCompany, payload);
  }
}

/**
 * Stops the company's imports that have lines waiting (and `importId`, whose batch was just refused): the service
 * refused the company's connection, so every one of them would meet the same answer. Answers the imports stopped.
 */
export async function stopImports(
  db: Db,
  company: ImportCompany,
  reason: StopReason,
  importId: string | null = null,
): Promise<string[]> {
  const result = await db.execute(sql`
    update imports i set stopped_at = now(), stop_reason = ${reason}
     where i.plugin_id = ${company.pluginId} and i.tenant_id = ${company.tenantId} and i.stopped_at is null
       and (i.id = ${importId}::uuid
            or exists (select 1 from import_lines l
                        where l.import_id = i.id and l.state = 'queued' and l.batch_id is null))
    returning i.id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/**
 * Stops one import, whose lines no connection may send (./sender.ts: its creator has none that may drive their
 * work). Its user resumes it by sending again once connected. Answers whether it was stopped.
 */
export async function stopImport(
  db: Db,
  company: ImportCompany,
  importId: string,
  reason: StopReason,
): Promise<boolean> {
  const result = await db.execute(sql`
    update imports set stopped_at = now(), stop_reason = ${reason}
     where id = ${importId}::uuid and plugin_id = ${company.pluginId} and tenant_id = ${company.tenantId}
       and stopped_at is null
    returning id`);
  return rowsOf(result).length > 0;
}
