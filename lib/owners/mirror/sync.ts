import 'server-only';

import { sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import type { DataApiClient } from '@/lib/service/client';

import type { MirrorCompany } from './company';
import { failureOutcome } from './failures';
import { readEverything } from './full-sync';
import { readChanges } from './incremental-sync';
import { planSync, type SyncMode, type SyncStep } from './plan';
import { removeDeleted } from './reconcile';
import { replaceReferenceData } from './reference';
import { beginSync, type MirrorStatusName, readProgress, type StatePatch, updateState } from './state';
import { refreshStatisticsAfter } from './statistics';

export type SyncResult = {
  status: MirrorStatusName;
  steps: SyncStep[];
  /** Records read (and upserted) by this run. */
  read: number;
  /** Rows the reconciliation removed. */
  deleted: number;
  /** Why the sync stopped or paused (401, 402), when it did. */
  errorKind?: string;
};

/**
 * Brings one company's mirror up to date through the company's client (pure of any job queue: the caller makes
 * sure one company is never synced twice at once). `mode` 'auto' is what a trigger wants: the full sync until one
 * has ended, then incremental, with the daily reconciliation. Reference data is replaced on every sync.
 *
 * A refused token (401) ends as status 'stopped' and a missing API package (402) as 'paused', without throwing;
 * any other failure is recorded (last error kind and time, the next try) and thrown on for the job to retry. The
 * signal is looked at between calls; stopping keeps every page already stored. Reference data is replaced first.
 */
export async function syncCompany(
  db: Db,
  company: MirrorCompany,
  client: DataApiClient,
  mode: SyncMode,
  signal?: AbortSignal,
): Promise<SyncResult> {
  const state = await beginSync(db, company);
  const steps = planSync(mode, state, new Date());
  const saved = { ...readProgress(state), ended: state.fullSyncedAt !== null };
  const done: StatePatch = {};
  let read = 0;
  let deleted = 0;
  try {
    // First: a list answered from the mirror as soon as its kind is read (readinessOf) has its form's sequences.
    await replaceReferenceData(db, company, client, signal);
    for (const step of steps) {
      if (step === 'full') {
        read += await readEverything(db, company, client, saved, signal);
        done.fullSyncedAt = sql`now()`;
        // A first full sync filled an empty mirror: nothing in it can be stale yet.
        if (state.reconciledAt === null) done.reconciledAt = sql`now()`;
      } else if (step === 'incremental') {
        read += await readChanges(db, company, client, saved, signal);
      } else {
        deleted += await removeDeleted(db, company, client, signal);
        done.reconciledAt = sql`now()`;
      }
    }
    await updateState(db, company, {
      ...done,
      status: 'ready',
      lastSyncedAt: sql`now()`,
      lastErrorKind: null,
      lastErrorAt: null,
      nextTryAt: null,
    });
    await refreshStatisticsAfter(db, read);
    return { status: 'ready', steps, read, deleted };
  } catch (error) {
    const outcome = failureOutcome(error, state.fullSyncedAt !== null, new Date());
    await updateState(db, company, {
      status: outcome.status,
      lastErrorKind: outcome.kind,
      lastErrorAt: sql`now()`,
      nextTryAt: outcome.nextTryAt,
    });
    if (outcome.retry) throw error;
    return { status: outcome.status, steps, read, deleted, errorKind: outcome.kind };
  }
}
