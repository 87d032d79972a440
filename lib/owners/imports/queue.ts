import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import type { CompanyScope } from '@/lib/base/company-scope';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { imports } from '@/lib/platform/db/schema';
import { driverErrorOf } from '@/lib/platform/db-errors';

import { markDuplicates, markDuplicatesElsewhere } from './create';
import { type ImportCompany, importCompanyKey, isImportId, ofCompany } from './lines';
import { markProbablyRecorded } from './probably-recorded';

/**
 * Handing lines to the sender. A line is queued by one conditional statement, and from then on it holds its
 * externalId for the company (the partial unique index of import_lines): when another import's line took the same id
 * in the meantime, the database refuses the statement, and the line is found `duplicate` on the next try instead.
 */

// A second line took the id first (unique_violation), or two imports queueing the same ids met in the index from
// either end (deadlock_detected): either way, the next try finds those lines held and marks them duplicate.
const RETRIED = new Set(['23505', '40P01']);
const ATTEMPTS = 3;

export type QueueResult = { queued: string[]; duplicate: string[]; probablyRecorded: string[] };

/** Which lines to send: those named (ready or unmatched: an unmatched line is sent only when named), or every ready one. */
export type LinesToSend = readonly string[] | 'all-ready';

const lineList = (lines: readonly string[]) =>
  sql.join(
    lines.map((line) => sql`${line}`),
    sql`, `,
  );

/**
 * Runs `work` in a transaction holding the company's queueing lock, again when the database refused it for a line
 * another import took meanwhile. The lock makes the checks before queueing (same externalId, probably recorded) and
 * the queueing one step per company: two tabs recording two statements of the same payment meet here, one after the
 * other, and the second finds the first's line queued.
 */
export async function whileQueueing<T>(db: Db, scope: ImportCompany, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import-queue:${importCompanyKey(scope)}`}))`);
        return work(tx);
      });
    } catch (error) {
      if (!RETRIED.has(driverErrorOf(error)?.code ?? '') || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * Queues the import's lines for sending (only lines with a payload and an externalId), after marking `duplicate` those
 * another import has sent meanwhile and `probably-recorded` those that look like a payment the company already has
 * (./probably-recorded.ts), marks `duplicate` the other imports' unsent lines of the same ids, and lifts the import's stop (the user asked to send again). The caller then asks for the
 * company's sender (lib/owners/imports/jobs.ts, requestImportSend).
 */
export async function queueLines(
  db: Db,
  scope: ImportCompany,
  importId: string,
  which: LinesToSend,
): Promise<QueueResult> {
  const nothing = { queued: [], duplicate: [], probablyRecorded: [] };
  if (!isImportId(importId)) return nothing;
  if (which !== 'all-ready' && which.length === 0) return nothing;
  return whileQueueing(db, scope, async (tx) => {
    const duplicate = await markDuplicates(tx, scope, importId);
    const probablyRecorded = await markProbablyRecorded(tx, scope, importId);
    const result = await tx.execute(sql`
      update import_lines
         set state = 'queued', previous_state = state, batch_id = null, request_id = null, sent_at = null,
             updated_at = now()
       where import_id = ${importId}::uuid and plugin_id = ${scope.pluginId} and tenant_id = ${scope.tenantId}
         and payload is not null and external_id is not null
         and ${which === 'all-ready' ? sql`state = 'ready'` : sql`state in ('ready', 'unmatched') and line in (${lineList(which)})`}
      returning line`);
    const queued = rowsOf<{ line: string }>(result).map((row) => row.line);
    if (queued.length > 0) {
      await resumeImport(tx, scope, importId);
      await markDuplicatesElsewhere(tx, scope, importId);
    }
    return { queued, duplicate, probablyRecorded };
  });
}

/**
 * Queues one `probably-recorded` line the user confirmed to be a payment of its own, recording who confirmed it and
 * when (a line so confirmed is never flagged again). Only that line, only from that state: one conditional statement.
 * A line another import sent with the same externalId meanwhile is found `duplicate` instead. Answers whether it was
 * queued.
 */
export async function queueConfirmedNewPayment(
  db: Db,
  scope: CompanyScope,
  importId: string,
  line: string,
): Promise<boolean> {
  if (!isImportId(importId)) return false;
  return whileQueueing(db, scope, async (tx) => {
    await markDuplicates(tx, scope, importId);
    const result = await tx.execute(sql`
      update import_lines
         set state = 'queued', previous_state = state, batch_id = null, request_id = null, sent_at = null,
             new_payment_confirmed_by = ${scope.userId}, new_payment_confirmed_at = now(), updated_at = now()
       where import_id = ${importId}::uuid and plugin_id = ${scope.pluginId} and tenant_id = ${scope.tenantId}
         and line = ${line} and state = 'probably-recorded'
         and payload is not null and external_id is not null
      returning line`);
    const queued = rowsOf(result).length > 0;
    if (queued) {
      await resumeImport(tx, scope, importId);
      await markDuplicatesElsewhere(tx, scope, importId);
    }
    return queued;
  });
}

/** Takes queued lines not yet in a batch back to where they came from (ready or unmatched). Answers the lines. */
export async function withdrawQueuedLines(
  db: Db,
  scope: ImportCompany,
  importId: string,
  which: readonly string[] | 'all',
): Promise<string[]> {
  if (!isImportId(importId)) return [];
  if (which !== 'all' && which.length === 0) return [];
  const result = await db.execute(sql`
    update import_lines
       set state = coalesce(previous_state, 'ready'), previous_state = null, updated_at = now()
     where import_id = ${importId}::uuid and plugin_id = ${scope.pluginId} and tenant_id = ${scope.tenantId}
       and state = 'queued' and batch_id is null
       ${which === 'all' ? sql`` : sql`and line in (${lineList(which)})`}
    returning line`);
  return rowsOf<{ line: string }>(result).map((row) => row.line);
}

/** Lets a stopped import send again. Answers whether it was stopped. */
export async function resumeImport(db: Db, scope: ImportCompany, importId: string): Promise<boolean> {
  if (!isImportId(importId)) return false;
  const resumed = await db
    .update(imports)
    .set({ stoppedAt: null, stopReason: null })
    .where(and(eq(imports.id, importId), ofCompany(imports, scope), sql`stopped_at is not null`))
    .returning({ id: imports.id });
  return resumed.length > 0;
}
