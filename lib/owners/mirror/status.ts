import 'server-only';

import { and, count, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { mirrorCompanies, mirrorDocuments } from '@/lib/platform/db/schema';

import type { MirrorCompany } from './company';
import { DOCUMENT_KINDS, type DocumentKind, isDocumentKind, SYNCED_KINDS, type SyncedKind } from './kinds';
import { companyRow, documentsOf } from './rows';
import { type MirrorStatusName, readProgress, type Refusal } from './state';
import { syncAsked } from './sync-asked';

type KindState = { read: number; done: boolean; refused?: Refusal; whole?: boolean };

export type MirrorStatus = {
  status: MirrorStatusName;
  /** Set once the first full sync has ended: from then on pages may read the mirror. */
  fullSyncedAt: Date | null;
  /** The last sync that ended well ("updated 2 min ago"). */
  lastSyncedAt: Date | null;
  reconciledAt: Date | null;
  /**
   * How far the full sync has read each kind (records read; done after the kind's last page), and `refused` while the
   * service refuses the kind's list (lib/owners/mirror/kind-refusal.ts).
   */
  progress: Record<DocumentKind, KindState> & Partial<Record<SyncedKind, KindState>>;
  lastError: { kind: string; at: Date | null } | null;
  nextTryAt: Date | null;
  lastOpenedAt: Date | null;
  /** A sync was asked for and has not ended (its job waits or runs): pages say "updating…" (syncAsked). */
  syncAsked: boolean;
};

const perKind = <K extends SyncedKind, T>(kinds: readonly K[], value: (kind: K) => T) =>
  Object.fromEntries(kinds.map((kind) => [kind, value(kind)])) as Record<K, T>;

/**
 * What a page says of a company's mirror; a company never synced is 'never'. Every company page reads it, so it is
 * the company's one state row and whether a sync of it waits in the queue, nothing more (how many documents are
 * mirrored is `mirroredCounts`).
 */
export async function mirrorStatus(db: Db, company: MirrorCompany): Promise<MirrorStatus> {
  const [[row], asked] = await Promise.all([
    db.select().from(mirrorCompanies).where(companyRow(company)),
    syncAsked(db, company),
  ]);
  const { progress } = readProgress(row ?? { progress: {}, cursors: {} });
  return {
    status: row?.status ?? 'never',
    fullSyncedAt: row?.fullSyncedAt ?? null,
    lastSyncedAt: row?.lastSyncedAt ?? null,
    reconciledAt: row?.reconciledAt ?? null,
    progress: perKind(SYNCED_KINDS, (kind) => {
      const { read = 0, done = false, refused, whole } = progress[kind] ?? {};
      return { read, done, ...(refused ? { refused } : {}), ...(whole ? { whole } : {}) };
    }),
    lastError: row?.lastErrorKind ? { kind: row.lastErrorKind, at: row.lastErrorAt } : null,
    nextTryAt: row?.nextTryAt ?? null,
    lastOpenedAt: row?.lastOpenedAt ?? null,
    syncAsked: asked || row?.status === 'syncing',
  };
}

/**
 * The company's mirrored documents now, per kind. A count over every document of the company (about 15 ms for
 * 30 000 on PostgreSQL): for checks and tools, never on a page view.
 */
export async function mirroredCounts(db: Db, company: MirrorCompany): Promise<Record<DocumentKind, number>> {
  const counted = await db
    .select({ kind: mirrorDocuments.kind, rows: count() })
    .from(mirrorDocuments)
    .where(documentsOf(company))
    .groupBy(mirrorDocuments.kind);
  return perKind(DOCUMENT_KINDS, (kind) => counted.find((entry) => entry.kind === kind)?.rows ?? 0);
}

/**
 * Whether a company's mirror may be shown: 'ready' once fully synced and while its token is not refused; 'refused'
 * when the service refuses one of the kinds asked for (it is never copied, nor being prepared).
 */
export type MirrorReadiness = 'ready' | 'preparing' | 'stopped' | 'refused';

/** What the rule looks at: the row's status, when a full sync first ended, and the full sync's progress. */
export type ReadinessFacts = Pick<MirrorStatus, 'status' | 'fullSyncedAt'> & {
  progress?: Partial<Record<SyncedKind, { done?: boolean; refused?: Refusal; whole?: boolean } | undefined>> | null;
};

/**
 * The one rule of when pages may read a company's mirror of some kinds instead of the service: each kind was read
 * whole (before, it is incomplete), and the service has not refused the company's token since (then it is served no
 * more). A kind was read whole once a full sync has ended (`fullSyncedAt`, never cleared but by a purge, so a later
 * full sync, which starts its progress over, does not take it back) or, during the first full sync, once that kind's
 * last page is in (`progress[kind].done`): from then on it is as complete as it will be when the full sync ends, and
 * what changes later is caught by the incremental sync either way. A kind the service refuses (`progress[kind].refused`,
 * lib/owners/mirror/kind-refusal.ts) is never served: the copy holds none of it, and its pages ask the service, as before.
 * The SQL form is `mirrorServesSql` below. A company never synced is 'preparing'.
 *
 * Payments and catalog items came to the mirror after many companies' full syncs had ended: `fullSyncedAt` says
 * nothing of them, so each is served once it was read whole (`progress[kind].whole`, or `done` in the run that
 * reads it; ./incremental-sync.ts reads such a kind whole). Their pages have no service to fall back to.
 */
export function readinessOf(
  row: ReadinessFacts | null | undefined,
  kinds: readonly SyncedKind[] = DOCUMENT_KINDS,
): MirrorReadiness {
  if (row?.status === 'stopped') return 'stopped';
  if (!row) return 'preparing';
  if (kinds.some((kind) => row.progress?.[kind]?.refused !== undefined)) return 'refused';
  const readWhole = (kind: SyncedKind) =>
    (isDocumentKind(kind) && row.fullSyncedAt) || row.progress?.[kind]?.done === true || row.progress?.[kind]?.whole;
  return kinds.every(readWhole) ? 'ready' : 'preparing';
}

/** Whether the mirror answers pages of `kind` (readinessOf). */
export function mirrorServesKind(status: ReadinessFacts | null, kind: SyncedKind): boolean {
  return readinessOf(status, [kind]) === 'ready';
}

/**
 * Whether a search of `kind` may read the copy before the kind was read whole: during the first full sync, once some
 * of it is copied (the page then says its results are partial, and how many were read). Never for a kind the service
 * refuses, nor for a stopped mirror.
 */
export function mirrorSearchesPartly(status: MirrorStatus | null, kind: SyncedKind): boolean {
  if (status === null || readinessOf(status, [kind]) !== 'preparing') return false;
  const { read = 0, refused } = status.progress[kind] ?? {};
  return refused === undefined && read > 0;
}

/** Whether the mirror answers pages of every kind (readinessOf). */
export function mirrorServes(status: ReadinessFacts | null): boolean {
  return readinessOf(status) === 'ready';
}

/** readinessOf's 'ready' in SQL, over the company's `mirror_companies` row (joined by the caller). */
export function mirrorServesSql(kinds: readonly DocumentKind[] = DOCUMENT_KINDS): SQL {
  return and(
    ne(mirrorCompanies.status, 'stopped'),
    ...kinds.map((kind) => sql`(${mirrorCompanies.progress} -> ${kind} ->> 'refused') is null`),
    or(
      isNotNull(mirrorCompanies.fullSyncedAt),
      and(...kinds.map((kind) => sql`(${mirrorCompanies.progress} -> ${kind} ->> 'done') = 'true'`)),
    ),
  )!;
}
