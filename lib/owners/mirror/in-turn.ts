import 'server-only';

import { setTimeout as sleep } from 'node:timers/promises';

import { isDataApiError } from '@/lib/service/errors';

/** How long one call of background work keeps waiting its turn before 'busy' counts as the job's failure. */
export const BUSY_PATIENCE_MS = 10 * 60_000;

/**
 * A data-API call of background work (the mirror's sync, its journals), made in its turn. 'busy' means the token's
 * budget had no slot for it within the queue's bound (page calls go first: a launch's live overview takes a token's
 * slots for many seconds) or the service answered 429 through every retry. Nobody waits for a background call, so
 * that is not a failure: it sleeps for the retry-after and asks again, the job still running and the mirror still
 * 'syncing', for up to `patienceMs` in all (a service busy for that long is a failure, retried by the job as before).
 * The signal ends the wait (an AbortError, like a stopped sync's).
 */
export async function inTurn<T>(
  call: () => Promise<T>,
  signal?: AbortSignal,
  patienceMs = BUSY_PATIENCE_MS,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!isDataApiError(error, 'busy') || Date.now() - started >= patienceMs) throw error;
      await sleep(Math.max(1, error.retryAfterSeconds ?? 1) * 1_000, undefined, { signal });
    }
  }
}
