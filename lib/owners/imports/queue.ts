import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';
import { imports } from '@/lib/platform/db/schema';
import { driverErrorOf } from '@/lib/platform/db-errors';

import { markDuplicates } from './create';
import { type ImportCompany, isImportId, ofCompany } from './lines';

/**
 * Handing lines to the sender. A line is queued by one conditional statement, and from then on it holds its
 * externalId for the company (the partial unique index of import_lines): when another import's line took the same id
 * in the meantime, the database refuses the statement, and the line is found `duplicate` on the next try instead.
 */

// A second line took the id first (unique_violation), or two imports queueing the same ids met in the index from
// either end (deadlock_detected): either way, the next try finds those lines held and marks them duplicate.
const RETRIED = new Set(['23505', '40P01']);
const ATTEMPTS = 3;

export type QueueResult = { queued: string[]; duplicate: string[] };

/** Which lines to send: those named (ready or unmatched: an unmatched line is sent only when named), or every ready one. */
export type LinesToSend = readonly string[] | 'all-ready';

const lineList = (lines: readonly string[]) =>
  sql.join(
    lines.map((line) => sql`${line}`),
    sql`, `,
  );

/**
 * Queues the import's lines for sending (only lines with a payload and an externalId), after marking `duplicate` those
 * another import has sent meanwhile, and lifts the import's stop (the user asked to send again). The caller then asks
 * for the company's sender (lib/owners/imports/jobs.ts, requestImportSend).
 */
export async function queueLines(
  db: Db,
  scope: ImportCompany,
  importId: string,
  which: LinesToSend,
): Promise<QueueResult> {
  if (!isImportId(importId)) return { queued: [], duplicate: [] };
  if (which !== 'all-ready' && which.length === 0) return { queued: [], duplicate: [] };
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const duplicate = await markDuplicates(tx, scope, importId);
        const result = await tx.execute(sql`
          update import_lines
             set state = 'queued', previous_state = state, batch_id = null, request_id = null, sent_at = null,
                 updated_at = now()
           where import_id = ${importId}::uuid and plugin_id = ${scope.pluginId} and tenant_id = ${scope.tenantId}
             and payload is not null and external_id is not null
             and ${which === 'all-ready' ? sql`state = 'ready'` : sql`state in ('ready', 'unmatched') and line in (${lineList(which)})`}
          returning line`);
        const queued = rowsOf<{ line: string }>(result).map((row) => row.line);
        if (queued.length > 0) await resumeImport(tx, scope, importId);
        return { queued, duplicate };
      });
    } catch (error) {
      if (!RETRIED.has(driverErrorOf(error)?.code ?? '') || attempt >= ATTEMPTS) throw error;
    }
  }
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
