import 'server-only';

import { sql } from 'drizzle-orm';

import type { ImportKind } from '@/lib/base/imports/states';
import { externalIdsNamedByUploadResults } from '@/lib/owners/webhooks/uploads';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import type { DataApiClient } from '@/lib/service/client';

import { confirmLines } from './confirm';
import { kindDefinition } from './kinds';
import type { ImportCompany } from './lines';
import { readBackSince } from './read-back';

/**
 * The re-check of lines still `sent`: their batches due a check are read back (./read-back.ts), and every line of the
 * company still `sent` that the reading finds is confirmed (a later batch's too), and a line of an `unknown` batch
 * still missing once the batch's `resend_after` had passed when the reading began goes back to the queue (only then
 * may it be sent again), unless an upload result stored for the company names it: then the service has it. Each
 * batch then gets its next check, further off each time, until `giveUpAfterSeconds` after it left (its lines then
 * stay `sent`: the page says so).
 */

export type CheckSettings = {
  /** Waits between checks of a batch whose lines are still missing: the n-th check's wait, the last one repeating. */
  checkIntervalsSeconds: readonly number[];
  giveUpAfterSeconds: number;
  /** How long a batch's check waits when no connection may read for its import's creator. */
  disconnectedCheckSeconds: number;
};

type DueBatch = {
  id: string;
  kind: ImportKind;
  outcome: string;
  account_id: string | null;
  sent_at: Date | string;
  checks: number;
  /** The batch's resend_after had passed when the check began (the database's clock). */
  may_resend: boolean;
  /** Who made its import: it is read back with the client of that user's work (./sender.ts). */
  created_by: string;
};

type SentLine = {
  batch_id: string;
  line: string;
  external_id: string;
  kind: ImportKind;
  account_id: string | null;
  created_by: string;
  /** When its import was made: no notification before it can be about the line. */
  import_created_at: Date | string;
};

export type CheckResult = { checked: number; confirmed: number; requeued: number };

/**
 * The client that reads back an import's lines: the one of its creator's work (null when no connection may drive it),
 * so lines are read back through the company they were sent to.
 */
export type ClientFor = (userId: string) => Promise<DataApiClient | null>;

/** Checks the company's batches due a check; reading back goes through the client of each import's creator. */
export async function checkSentLines(
  db: Db,
  company: ImportCompany,
  clientFor: ClientFor,
  settings: CheckSettings,
): Promise<CheckResult> {
  const due = rowsOf<DueBatch>(
    await db.execute(sql`
      select b.id, b.kind, b.outcome, i.account_id, i.created_by, b.sent_at, b.checks,
             coalesce(b.resend_after <= now(), false) as may_resend
        from import_batches b join imports i on i.id = b.import_id
       where b.plugin_id = ${company.pluginId} and b.tenant_id = ${company.tenantId}
         and b.outcome in ('accepted', 'conflict', 'unknown') and b.next_check_at <= now()
         and exists (select 1 from import_lines l where l.batch_id = b.id and l.state = 'sent')`),
  );
  if (due.length === 0) return { checked: 0, confirmed: 0, requeued: 0 };
  // Every line of the company still `sent`: a reading done for the batches due confirms whatever else it finds too
  // (a later batch's lines, listed in the same pages), so a long send is read back once rather than batch by batch.
  const lines = rowsOf<SentLine>(
    await db.execute(sql`
      select l.batch_id, l.line, l.external_id, l.kind, i.account_id, i.created_by, i.created_at as import_created_at
        from import_lines l join imports i on i.id = l.import_id
       where l.plugin_id = ${company.pluginId} and l.tenant_id = ${company.tenantId} and l.state = 'sent'
         and l.batch_id is not null and l.external_id is not null`),
  );

  // One reading per kind, account and creator, from the earliest of its batches due.
  const groupKey = (row: { kind: string; account_id: string | null; created_by: string }) =>
    `${row.kind}\u0000${row.account_id ?? ''}\u0000${row.created_by}`;
  const groups = new Map<string, DueBatch[]>();
  for (const batch of due) {
    const key = groupKey(batch);
    groups.set(key, [...(groups.get(key) ?? []), batch]);
  }
  let confirmed = 0;
  let requeued = 0;
  for (const [key, batches] of groups) {
    const first = batches[0]!;
    const readBack = kindDefinition(first.kind).confirmedBy.readBack;
    const ids = new Set(batches.map((b) => b.id));
    const groupLines = lines.filter((line) => groupKey(line) === key);
    const client = await clientFor(first.created_by);
    if (client === null) {
      // Nothing may read for this creator now: their batches wait, their checks not spent.
      await postponeBatches(db, [...ids], settings.disconnectedCheckSeconds);
      continue;
    }
    if (groupLines.some((line) => ids.has(line.batch_id))) {
      const earliest = new Date(Math.min(...batches.map((b) => new Date(b.sent_at).getTime())));
      const found = await readBack(client, {
        accountId: first.account_id,
        since: readBackSince(earliest),
        externalIds: new Set(groupLines.map((line) => line.external_id)),
      });
      confirmed += (
        await confirmLines(db, company, [...found.values()], {
          by: 'read-back',
          kind: first.kind,
        })
      ).length;
      const resendable = new Set(batches.filter((b) => b.outcome === 'unknown' && b.may_resend).map((b) => b.id));
      const missing = groupLines.filter((line) => !found.has(line.external_id) && resendable.has(line.batch_id));
      requeued += await requeueMissing(db, await notNamedByUploadResults(db, company, missing));
    }
    for (const batch of batches) await scheduleNextCheck(db, batch, settings);
  }
  return { checked: due.length, confirmed, requeued };
}

/**
 * The missing lines no upload result stored for the company names. A notification naming a line's externalId is not
 * its confirmation (it may carry the requestId of a 202 we never saw, or be of another upload: ./confirm.ts), but it
 * proves the service holds a document with that id, so sending the line again could record it twice: such a line
 * stays `sent`, for reading back to confirm (the service may still be processing it), and once the checks give up it
 * stays `sent`, its fate unknown, the page says so, and it is never sent again by itself.
 */
async function notNamedByUploadResults(db: Db, company: ImportCompany, lines: SentLine[]): Promise<SentLine[]> {
  if (lines.length === 0) return [];
  const since = new Date(Math.min(...lines.map((line) => new Date(line.import_created_at).getTime())));
  const named = await externalIdsNamedByUploadResults(
    db,
    company,
    lines.map((line) => line.external_id),
    since,
  );
  return lines.filter((line) => !named.has(line.external_id));
}

/** Lines reading back did not find after their batch's window: back to the queue, each only if still `sent` there. */
async function requeueMissing(db: Db, lines: SentLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  const rows = lines.map((line) => ({ batch_id: line.batch_id, line: line.line }));
  const result = await db.execute(sql`
    update import_lines l
       set state = 'queued', batch_id = null, request_id = null, sent_at = null, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(batch_id uuid, line text)
     where l.batch_id = m.batch_id and l.line = m.line and l.state = 'sent'
    returning l.line`);
  return rowsOf(result).length;
}

/**
 * The batch's next check: further off each time; for an unknown batch not before its resend_after (the decisive
 * reading); none once it left `giveUpAfterSeconds` ago, or when it has no line left to confirm.
 */
async function scheduleNextCheck(db: Db, batch: DueBatch, settings: CheckSettings): Promise<void> {
  const intervals = settings.checkIntervalsSeconds;
  const wait = intervals[Math.min(batch.checks, intervals.length - 1)] ?? 60;
  await db.execute(sql`
    update import_batches b
       set checks = b.checks + 1,
           next_check_at = case
             when not exists (select 1 from import_lines l where l.batch_id = b.id and l.state = 'sent') then null
             when b.outcome = 'unknown' and b.resend_after > now() then b.resend_after
             when b.sent_at < now() - make_interval(secs => ${settings.giveUpAfterSeconds}) then null
             else now() + make_interval(secs => ${wait})
           end
     where b.id = ${batch.id}::uuid`);
}

/** When the company's next check is due: the earliest of its batches with lines still `sent`; null when none is. */
export async function nextCheckAt(db: Db, company: ImportCompany): Promise<Date | null> {
  const [row] = rowsOf<{ at: Date | string | null }>(
    await db.execute(sql`
      select min(b.next_check_at) as at from import_batches b
       where b.plugin_id = ${company.pluginId} and b.tenant_id = ${company.tenantId}
         and b.outcome in ('accepted', 'conflict', 'unknown') and b.next_check_at is not null
         and exists (select 1 from import_lines l where l.batch_id = b.id and l.state = 'sent')`),
  );
  return row?.at ? new Date(row.at) : null;
}

/** Puts off the checks of these batches (no connection may read for their import's creator). */
async function postponeBatches(db: Db, batchIds: string[], seconds: number): Promise<void> {
  await db.execute(sql`
    update import_batches set next_check_at = now() + make_interval(secs => ${seconds})
     where id = any(${`{${batchIds.join(',')}}`}::uuid[])`);
}

/** Puts off the company's due checks (no working connection to read with): they come again in `seconds`. */
export async function postponeChecks(db: Db, company: ImportCompany, seconds: number): Promise<void> {
  await db.execute(sql`
    update import_batches set next_check_at = now() + make_interval(secs => ${seconds})
     where plugin_id = ${company.pluginId} and tenant_id = ${company.tenantId}
       and next_check_at <= now()`);
}
