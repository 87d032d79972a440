import 'server-only';

import { sql } from 'drizzle-orm';

import type { ImportKind } from '@/lib/base/imports/states';
import { type Db, rowsOf } from '@/lib/platform/db/client';

import { renewLease } from './lease';
import type { ImportCompany, LinePayload } from './lines';

/**
 * A batch is written before its POST leaves and given its outcome after: so a sender that dies in between leaves a
 * `pending` batch, which the next holder of the company's lease finds (resolveOrphans). The outcome of an answer is
 * recorded by ./outcomes.ts.
 */

export type ClaimedLine = { line: string; position: number; externalId: string; payload: LinePayload };

export type ClaimedBatch = {
  batchId: string;
  importId: string;
  kind: ImportKind;
  /** In the order they are sent: `data[i]` of the request is `lines[i]`. */
  lines: ClaimedLine[];
};

export type Claim = { status: 'claimed'; batch: ClaimedBatch } | { status: 'nothing' } | { status: 'lease-lost' };

/** Thrown inside the claim's transaction to undo it when there turned out to be nothing to claim. */
class NothingToClaim extends Error {}

/**
 * The import whose lines go next (the oldest not stopped with a line queued) and the user who made it: the sender
 * opens the client for that user's work before it claims (a pasted token still unproven drives only its own user's).
 */
export async function nextImportToSend(
  db: Db,
  company: ImportCompany,
): Promise<{ importId: string; kind: ImportKind; createdBy: string } | null> {
  const [next] = rowsOf<{ id: string; kind: ImportKind; created_by: string }>(
    await db.execute(sql`
      select i.id, i.kind, i.created_by from imports i
       where i.plugin_id = ${company.pluginId} and i.tenant_id = ${company.tenantId} and i.stopped_at is null
         and exists (select 1 from import_lines l
                      where l.import_id = i.id and l.plugin_id = i.plugin_id and l.tenant_id = i.tenant_id
                        and l.state = 'queued' and l.batch_id is null)
       order by i.created_at, i.id
       limit 1`),
  );
  return next ? { importId: next.id, kind: next.kind, createdBy: next.created_by } : null;
}

/**
 * Claims the next batch of the company: up to `size` queued lines of its oldest import that is not stopped, in their
 * order, put in a new `pending` batch of `holder`'s, all in one transaction that first renews the holder's lease (a
 * holder that lost it claims nothing).
 */
export async function claimBatch(
  db: Db,
  company: ImportCompany,
  holder: string,
  { leaseSeconds, size, importId }: { leaseSeconds: number; size: number; importId?: string },
): Promise<Claim> {
  // Only this import's lines, when the sender has opened the client for its creator (./sender.ts).
  const onlyImport = importId === undefined ? sql`` : sql`and i.id = ${importId}::uuid`;
  try {
    return await db.transaction(async (tx): Promise<Claim> => {
      if (!(await renewLease(tx, company, holder, leaseSeconds))) return { status: 'lease-lost' };
      const [target] = rowsOf<{ id: string; kind: ImportKind }>(
        await tx.execute(sql`
          select i.id, i.kind from imports i
           where i.plugin_id = ${company.pluginId} and i.tenant_id = ${company.tenantId} and i.stopped_at is null
             ${onlyImport}
             and exists (select 1 from import_lines l
                          where l.import_id = i.id and l.plugin_id = i.plugin_id and l.tenant_id = i.tenant_id
                            and l.state = 'queued' and l.batch_id is null)
           order by i.created_at, i.id
           limit 1`),
      );
      if (!target) throw new NothingToClaim();
      const [batch] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into import_batches (import_id, plugin_id, tenant_id, kind, sender)
          values (${target.id}::uuid, ${company.pluginId}, ${company.tenantId}, ${target.kind}, ${holder})
          returning id`),
      );
      const lines = rowsOf<{ line: string; position: number; external_id: string; payload: LinePayload }>(
        await tx.execute(sql`
          update import_lines l set batch_id = ${batch!.id}::uuid, updated_at = now()
            from (select line from import_lines
                   where import_id = ${target.id}::uuid and state = 'queued' and batch_id is null
                   order by position
                   limit ${size}) picked
           where l.import_id = ${target.id}::uuid and l.line = picked.line
             and l.state = 'queued' and l.batch_id is null
          returning l.line, l.position, l.external_id, l.payload`),
      );
      if (lines.length === 0) throw new NothingToClaim();
      lines.sort((a, b) => a.position - b.position);
      await tx.execute(sql`
        update import_batches
           set line_count = ${lines.length},
               lines = array[${sql.join(
                 lines.map((row) => sql`${row.line}`),
                 sql`, `,
               )}]::text[]
         where id = ${batch!.id}::uuid`);
      return {
        status: 'claimed',
        batch: {
          batchId: batch!.id,
          importId: target.id,
          kind: target.kind,
          lines: lines.map((row) => ({
            line: row.line,
            position: row.position,
            externalId: row.external_id,
            payload: row.payload,
          })),
        },
      };
    });
  } catch (error) {
    if (error instanceof NothingToClaim) return { status: 'nothing' };
    throw error;
  }
}

/**
 * The POST is about to leave: its body's digest and the database's time are written first. False when the batch is
 * no longer this holder's pending one (nothing is then sent).
 */
export async function markPosting(db: Db, batchId: string, holder: string, bodyDigest: string): Promise<boolean> {
  const result = await db.execute(sql`
    update import_batches set body_digest = ${bodyDigest}, sent_at = now()
     where id = ${batchId}::uuid and sender = ${holder} and outcome = 'pending' and sent_at is null
    returning id`);
  return rowsOf(result).length > 0;
}

/**
 * The batches other senders left `pending` (the caller holds the company's lease, so their senders are gone): one
 * whose POST never left (no `sent_at`) gives its lines back to the queue; one whose POST may have left is `unknown`,
 * its lines `sent`, confirmed by reading back before any is sent again (not before `resend_after`). Answers how many
 * batches of each.
 */
export async function resolveOrphans(
  db: Db,
  company: ImportCompany,
  holder: string,
  resendWindowSeconds: number,
): Promise<{ unknown: number; notSent: number }> {
  return db.transaction(async (tx) => {
    const batches = rowsOf<{ id: string; outcome: 'unknown' | 'not-sent' }>(
      await tx.execute(sql`
        update import_batches
           set outcome = case when sent_at is null then 'not-sent' else 'unknown' end,
               answered_at = now(),
               resend_after = sent_at + make_interval(secs => ${resendWindowSeconds}),
               next_check_at = case when sent_at is null then null else now() end
         where plugin_id = ${company.pluginId} and tenant_id = ${company.tenantId}
           and outcome = 'pending' and sender <> ${holder}
        returning id, outcome`),
    );
    const ids = (outcome: string) => batches.filter((b) => b.outcome === outcome).map((b) => sql`${b.id}::uuid`);
    const unknown = ids('unknown');
    const notSent = ids('not-sent');
    if (unknown.length > 0) {
      await tx.execute(sql`
        update import_lines l set state = 'sent', sent_at = b.sent_at, updated_at = now()
          from import_batches b
         where b.id in (${sql.join(unknown, sql`, `)}) and l.batch_id = b.id and l.state = 'queued'`);
    }
    if (notSent.length > 0) {
      await tx.execute(sql`
        update import_lines set batch_id = null, updated_at = now()
         where batch_id in (${sql.join(notSent, sql`, `)}) and state = 'queued'`);
    }
    return { unknown: unknown.length, notSent: notSent.length };
  });
}
