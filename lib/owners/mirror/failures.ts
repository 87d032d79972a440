import 'server-only';

import { isDataApiError } from '@/lib/service/errors';

import type { MirrorStatusName } from './state';

/** A company without the service's API package is looked at again daily (or when a connection is made). */
export const PAUSED_RETRY_MS = 24 * 3_600_000;
/** The queue's first retry delay: what a page can say of the next try of a failed sync. */
export const RETRY_DELAY_MS = 30_000;

export type FailureOutcome = {
  status: MirrorStatusName;
  /** The DataApiError's kind, `aborted` for a stopped sync, `internal` for anything else. */
  kind: string;
  nextTryAt: Date | null;
  /** Thrown on to the job, which retries it with backoff. */
  retry: boolean;
};

/** The company's copy was erased (a disconnect, a purge) while its sync ran: the sync stops, writing nothing more. */
export class MirrorPurged extends Error {
  override name = 'MirrorPurged';
  readonly kind = 'purged';
  constructor() {
    super('The company’s mirror was erased while it was being synced.');
  }
}

/**
 * What a failed sync leaves behind. A refused token (401), or none left, stops the sync and the serving of the
 * mirror, as does a copy erased under it (MirrorPurged: there is no state left to write); a missing API package
 * (402) pauses it; both are final for this job. Everything else (busy, unavailable, a stopped job, a bug) is retried
 * by the job, and the mirror keeps the state it had.
 */
export function failureOutcome(error: unknown, fullySynced: boolean, now: Date): FailureOutcome {
  const kept: MirrorStatusName = fullySynced ? 'ready' : 'never';
  if (isDataApiError(error, 'unauthorized') || isDataApiError(error, 'not-connected')) {
    return { status: 'stopped', kind: error.kind, nextTryAt: null, retry: false };
  }
  if (error instanceof MirrorPurged) return { status: 'stopped', kind: error.kind, nextTryAt: null, retry: false };
  if (isDataApiError(error, 'payment-required')) {
    return { status: 'paused', kind: error.kind, nextTryAt: new Date(now.getTime() + PAUSED_RETRY_MS), retry: false };
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return { status: kept, kind: 'aborted', nextTryAt: null, retry: true };
  }
  const waitMs = Math.max(RETRY_DELAY_MS, (isDataApiError(error) ? (error.retryAfterSeconds ?? 0) : 0) * 1000);
  return {
    status: kept,
    kind: isDataApiError(error) ? error.kind : 'internal',
    nextTryAt: new Date(now.getTime() + waitMs),
    retry: true,
  };
}
