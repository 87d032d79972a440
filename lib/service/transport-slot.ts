import 'server-only';

import { DataApiError } from './errors';
import type { Priority, Reservation } from './rate/slots';
import type { TransportLine } from './transport-line';

/** An attempt is not started with less time than this before the deadline: its answer could hardly arrive. */
export const MIN_ATTEMPT_MS = 250;

/** A slot granted to go now: the budget's send time `at`, and `askedAt`, when it was asked for (the transport's clock). */
export type Slot = { queuedMs: number; at: number; askedAt: number };

/**
 * The call's time ran out before the service answered: while waiting for a slot (`notSent`: nothing left), or with
 * the request under way (it may have arrived).
 */
export const outOfTime = (notSent: boolean) => new DataApiError('unavailable', { deadlineExceeded: true, notSent });

/**
 * Waits for the token's next slot; fails as busy when it is further away than the queue may wait. A page call that
 * had to wait confirms its slot when it wakes: it goes when every window holds against the calls already due, else
 * it waits again. So a late wake-up (a busy event loop, a slow database) never sends into the windows of the calls
 * before it, and a pause set meanwhile (a 429 to a call ahead of it, in any instance) holds it too. A background
 * call holds no slot while it waits: it asks again when it wakes, and yields to any page call waiting by then.
 * Answers the time queued, the send time granted (the budget's clock) and when the granting request was made (this
 * transport's clock): the grant came after it, so the time since is at least how late the call leaves.
 */
export async function takeSlot(line: TransportLine, deadline: number, priority: Priority): Promise<Slot> {
  const { options, now, sleep } = line;
  let queuedMs = 0;
  // The slot this page call waited for, confirmed when it wakes.
  let planned: number | null = null;
  for (;;) {
    // The wait may use the call's time up to the last moment an attempt is still worth sending.
    const usable = deadline - now() - MIN_ATTEMPT_MS;
    if (usable < 0) throw outOfTime(true);
    const queueLeft = line.maxQueueWaitMs - queuedMs;
    const maxWaitMs = Math.min(queueLeft, usable);
    const askedAt = now();
    const reservation: Reservation =
      planned === null
        ? await options.budget.reserve(options.budgetKey, maxWaitMs, priority)
        : await options.budget.confirm(options.budgetKey, planned, maxWaitMs);
    if (!reservation.granted) {
      // Busy either way (the wait is the token's queue); marked when the deadline, not the queue bound, refused it.
      // Counted from now: the time already spent in the queue is behind the user, not ahead of them.
      const retryAfterSeconds = Math.max(1, Math.ceil(reservation.waitMs / 1_000));
      throw new DataApiError('busy', { retryAfterSeconds, deadlineExceeded: usable < queueLeft, notSent: true });
    }
    if (reservation.waitMs === 0) {
      line.clockOffset.note(askedAt, reservation.at, now());
      return { queuedMs, at: reservation.at, askedAt };
    }
    await sleep(reservation.waitMs);
    queuedMs += reservation.waitMs;
    if (priority === 'page') planned = reservation.at;
  }
}
