/**
 * The mirror's state as pages show it, and the rules of what may be shown from it: pure (no database), so a
 * component may apply them to the state its page read (lib/owners/mirror/status.ts reads it).
 */
import { DOCUMENT_KINDS, type DocumentKind, isDocumentKind, type SyncedKind } from './kinds';
import type { MirrorStatusName, Refusal } from './state';

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

/**
 * What a page drew of the copy's state, as one string: its status, when it last ended well or failed, and whether an
 * update was under way. A page watching the copy (MirrorUpdate) is drawn again when the state the server answers
 * differs while no update is under way: the end of an update, a failure, a retry's end, a stop.
 */
export function syncStateKey(
  status: Pick<MirrorStatus, 'status' | 'fullSyncedAt' | 'lastSyncedAt' | 'lastError' | 'syncAsked'>,
): string {
  const at = (date: Date | null | undefined) => date?.toISOString() ?? '-';
  const { fullSyncedAt, lastSyncedAt, lastError, syncAsked: updating } = status;
  return [status.status, at(fullSyncedAt), at(lastSyncedAt), at(lastError?.at), updating ? 'updating' : 'idle'].join(
    ' ',
  );
}

/**
 * Whether a page should watch the copy for a change: an update is under way, or the last one failed and the queue
 * will try it again (the retry's end changes what the page says). Not a paused or stopped copy, nor a settled one.
 */
export function watchesSync(status: Pick<MirrorStatus, 'status' | 'syncAsked' | 'lastError'>): boolean {
  if (status.status === 'paused' || status.status === 'stopped') return false;
  return status.syncAsked || status.lastError !== null;
}
