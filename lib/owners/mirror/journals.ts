import 'server-only';

import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { mirrorCompanies, mirrorDocuments } from '@/lib/platform/db/schema';
import type { DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';
import type { Expense } from '@/lib/service/schemas/expense';

import type { MirrorCompany } from './company';
import { documentRow } from './document-row';
import { failureOutcome } from './failures';
import { inTurn } from './in-turn';
import { skipRefusedRecord } from './refused-record';
import { companyRow, documentsOf } from './rows';
import { updateState } from './state';

/**
 * An expense's journal (its items' texts, what a search should find) is only on its single record: the lists leave
 * it out. So after a sync, the mirrored expenses are read one call each, in the background, and each stored record is
 * replaced by the single record (the list's fields and its journal). An expense is read again when a sync lists it
 * with another lastModifiedTimestamp (lib/owners/mirror/documents.ts clears `detail_read_at` then). Pure of the queue: the
 * job (lib/owners/mirror/jobs.ts) reads a batch at a time and comes again while expenses remain.
 */

/** Expenses read per job: about ten seconds of a token's budget, so other companies' jobs take their turns. */
export const JOURNAL_BATCH = 25;

export type JournalResult = {
  /** 'more' while unread expenses remain; 'stopped' or 'paused' when the service refused (401, 402) or it was so. */
  status: 'done' | 'more' | 'stopped' | 'paused';
  /** Single records read (and stored) by this run. */
  read: number;
  errorKind?: string;
};

/** Whether the company's mirror may be worked on: fully synced once, and neither stopped nor paused. */
async function workable(db: Db, company: MirrorCompany): Promise<JournalResult['status'] | null> {
  const [row] = await db
    .select({ status: mirrorCompanies.status, fullSyncedAt: mirrorCompanies.fullSyncedAt })
    .from(mirrorCompanies)
    .where(companyRow(company));
  if (!row || row.fullSyncedAt === null) return 'done';
  if (row.status === 'stopped' || row.status === 'paused') return row.status;
  return null;
}

/** The next expenses whose stored record lacks its journal, newest first (those a person looks for first). */
export function unreadExpenses(db: Db, company: MirrorCompany, limit: number) {
  return db
    .select({ id: mirrorDocuments.id, lastModified: mirrorDocuments.lastModified })
    .from(mirrorDocuments)
    .where(and(documentsOf(company, 'expenses'), isNull(mirrorDocuments.detailReadAt)))
    .orderBy(sql`${mirrorDocuments.issueDate} desc nulls last`, desc(mirrorDocuments.id))
    .limit(limit);
}

/**
 * The row as it was picked: not read meanwhile, and not replaced by a sync with another version (that one is picked
 * again). A single record newer than the list's is stored: the next sync lists the same version and keeps it.
 */
const asPicked = (company: MirrorCompany, id: string, lastModified: string | null) =>
  and(
    documentsOf(company, 'expenses'),
    eq(mirrorDocuments.id, id),
    isNull(mirrorDocuments.detailReadAt),
    lastModified === null ? isNull(mirrorDocuments.lastModified) : eq(mirrorDocuments.lastModified, lastModified),
  );

/**
 * Stores the single record over the list's. False when the database refused what it holds (documentRow made its text
 * storable, but an amount or a day may still be out of range): logged, and passed over like an unreadable one.
 */
async function storeSingleRecord(db: Db, company: MirrorCompany, picked: Picked, expense: Expense): Promise<boolean> {
  const { kind: _kind, id: _id, ...row } = documentRow('expenses', expense);
  try {
    await db
      .update(mirrorDocuments)
      .set({ ...row, detailReadAt: sql`now()`, syncedAt: sql`now()` })
      .where(asPicked(company, picked.id, picked.lastModified));
    return true;
  } catch (error) {
    skipRefusedRecord(error, company, 'expenses', picked.id);
    return false;
  }
}

/**
 * An expense whose journal cannot be had: asked again, it would fail again and hold up every expense after it. Its
 * list record stays, without a journal (its page reads the service), until it changes.
 */
async function passOver(db: Db, company: MirrorCompany, picked: Picked): Promise<void> {
  await db
    .update(mirrorDocuments)
    .set({ detailReadAt: sql`now()` })
    .where(asPicked(company, picked.id, picked.lastModified));
}

type Picked = { id: string; lastModified: string | null };

/** Failures of one record, not of the service: an id the interface cannot take, an answer of a shape we cannot read. */
const unreadable = ['invalid-input', 'malformed-response'] as const;

/**
 * Reads the journals of at most `batch` expenses through the company's client (at background priority: the job's).
 * An expense the service no longer has (404) leaves the mirror, as a reconciliation would remove it. A refused token
 * (401) stops the mirror and a missing API package (402) pauses it, as they do a sync; anything else (busy,
 * unavailable, a stop) is thrown for the job to retry, leaving the company's state alone (a sync may be running).
 */
export async function readJournals(
  db: Db,
  company: MirrorCompany,
  client: DataApiClient,
  { batch = JOURNAL_BATCH, signal }: { batch?: number; signal?: AbortSignal } = {},
): Promise<JournalResult> {
  const refused = await workable(db, company);
  if (refused) return { status: refused, read: 0 };
  const picked = await unreadExpenses(db, company, batch);
  let read = 0;
  try {
    for (const expense of picked) {
      signal?.throwIfAborted();
      const single = await inTurn(() => client.expenses.get(expense.id), signal).catch((error: unknown) => {
        if (isDataApiError(error, 'not-found')) return 'gone' as const;
        if (unreadable.some((kind) => isDataApiError(error, kind))) return 'unreadable' as const;
        throw error;
      });
      if (single === 'gone') {
        await db.delete(mirrorDocuments).where(asPicked(company, expense.id, expense.lastModified));
      } else if (single === 'unreadable') {
        await passOver(db, company, expense);
      } else if (await storeSingleRecord(db, company, expense, single)) {
        read += 1;
      } else {
        await passOver(db, company, expense);
      }
    }
  } catch (error) {
    const outcome = failureOutcome(error, true, new Date());
    if (outcome.retry) throw error;
    await updateState(db, company, {
      status: outcome.status,
      lastErrorKind: outcome.kind,
      lastErrorAt: sql`now()`,
      nextTryAt: outcome.nextTryAt,
    });
    return { status: outcome.status === 'paused' ? 'paused' : 'stopped', read, errorKind: outcome.kind };
  }
  const left = picked.length < batch ? [] : await unreadExpenses(db, company, 1);
  return { status: left.length > 0 ? 'more' : 'done', read };
}
