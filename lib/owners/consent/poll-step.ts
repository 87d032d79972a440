import type { ConsentCompany } from '@/lib/service/schemas/consent';
import type { PollAnswer } from '@/lib/service/subscription-poll';

/**
 * What one poll's answer means for a poll-mode consent (interface: "Subscription poll status"). Pure: the times come
 * in (the database clock's, in epoch milliseconds), so every row of the table can be checked under a fake clock.
 *
 * | answer                 | step                                                                     |
 * |------------------------|--------------------------------------------------------------------------|
 * | Pending                | poll again after pendingIntervalMs (a user who declines stays Pending)   |
 * | Approved               | store the companies; polling ends                                        |
 * | Expired                | stop as expired (the user may start again with a new state)              |
 * | Denied                 | stop as denied (terminal, though the service says it does not send it)   |
 * | 429                    | poll again after its retry-after                                         |
 * | 400                    | stop as failed: the service does not take the state                      |
 * | no usable answer       | poll again after UNREACHABLE_INTERVAL_MS                                 |
 *
 * Our own limit ("about 15 minutes", the client rule under the table) ends the attempt as failed: when it has passed,
 * or when the next poll would fall beyond it. An approval is stored whenever it arrives: the service still had it.
 */

/**
 * Pending polls thin out as the attempt ages: quick answers early, when most approvals come, and few polls over the
 * whole window. The service turns a state that is polled too often Denied ("poll limit exceeded"; the limit is not
 * published — the sandbox's is 120 polls): this schedule makes about 95 polls in 15 minutes.
 */
export const PENDING_SCHEDULE: readonly { untilMs: number; intervalMs: number }[] = [
  { untilMs: 90_000, intervalMs: 3_000 },
  { untilMs: 5 * 60_000, intervalMs: 6_000 },
  { untilMs: Number.POSITIVE_INFINITY, intervalMs: 20_000 },
];
/** The first interval: how soon an approval is seen at best. */
export const PENDING_INTERVAL_MS = PENDING_SCHEDULE[0]!.intervalMs;

/** The wait after a Pending answer, by the attempt's age. */
export function pendingIntervalMs(elapsedMs: number): number {
  return (PENDING_SCHEDULE.find((stage) => elapsedMs < stage.untilMs) ?? PENDING_SCHEDULE[PENDING_SCHEDULE.length - 1]!)
    .intervalMs;
}
export const UNREACHABLE_INTERVAL_MS = 5_000;
/** The shortest wait after a 429, whatever it says. */
export const MIN_RATE_LIMIT_WAIT_MS = 1_000;
/** The service keeps an approval for 15 minutes under its state; we poll no longer than that from the start. */
export const POLL_LIMIT_MS = 15 * 60_000;

export type PollStopStatus = 'expired' | 'denied' | 'failed';

/** Why an attempt stopped: for the log and the page's wording. */
export type PollStopReason = 'expired' | 'denied' | 'refused' | 'time-limit';

export type PollStep =
  | { kind: 'poll-again'; atMs: number }
  | { kind: 'store'; companies: ConsentCompany[] }
  | { kind: 'stop'; status: PollStopStatus; reason: PollStopReason };

export type PollClock = {
  /** Now, on the database clock. */
  nowMs: number;
  /** When the attempt started (its row's created_at). */
  startedAtMs: number;
};

const stop = (status: PollStopStatus, reason: PollStopReason): PollStep => ({ kind: 'stop', status, reason });

/** The latest time a poll may be made for an attempt that started at `startedAtMs`. (Past it, the attempt is ended
 * without a poll by lib/owners/consent/poll.ts, on the row's expires_at.) */
const pollDeadlineMs = (startedAtMs: number) => startedAtMs + POLL_LIMIT_MS;

export function decidePoll(answer: PollAnswer, clock: PollClock): PollStep {
  const again = (delayMs: number): PollStep => {
    const atMs = clock.nowMs + delayMs;
    return atMs > pollDeadlineMs(clock.startedAtMs) ? stop('failed', 'time-limit') : { kind: 'poll-again', atMs };
  };
  switch (answer.kind) {
    case 'status':
      switch (answer.status) {
        case 'Approved':
          return { kind: 'store', companies: answer.companies };
        case 'Expired':
          return stop('expired', 'expired');
        case 'Denied':
          return stop('denied', 'denied');
        case 'Pending':
          return again(pendingIntervalMs(clock.nowMs - clock.startedAtMs));
      }
      break;
    case 'rate-limited':
      return again(Math.max(MIN_RATE_LIMIT_WAIT_MS, answer.retryAfterMs));
    case 'refused':
      return stop('failed', 'refused');
    case 'unreachable':
      return again(UNREACHABLE_INTERVAL_MS);
  }
  // Unreachable for the types; a value from elsewhere ends the attempt rather than loop.
  return stop('failed', 'refused');
}
