import 'server-only';

import {
  confirmIn,
  departedIn,
  type Priority,
  type Reservation,
  reserveIn,
  type Rules,
  type ScheduleState,
} from './slots';

/**
 * Where a token's schedule lives. In-process on the embedded database (one process by construction); in
 * PostgreSQL when DATABASE_URL is set, so every instance of the add-on draws from the same budget.
 * Keys are fingerprints of tokens, never tokens.
 */
export interface RateBudget {
  /**
   * Reserves the earliest allowed send time and says how long to wait for it; refuses beyond `maxWaitMs`. A page call
   * (the default) that must wait holds a plan and confirms it when it wakes; a background call holds nothing: it
   * goes only when no page call waits, and after a wait it simply reserves again.
   */
  reserve(key: string, maxWaitMs: number, priority?: Priority): Promise<Reservation>;
  /**
   * For a page call woken for its planned slot `plannedAt`: grants now (`waitMs` 0) when every window holds against
   * the slots already due, else plans it again at the earliest time they allow (refused beyond `maxWaitMs`).
   */
  confirm(key: string, plannedAt: number, maxWaitMs: number): Promise<Reservation>;
  /**
   * The call granted `grantedAt` (a reservation's `at` with no wait) left `lateByMs` after it (an upper bound, on this
   * budget's clock), or did not go (`null`). Until this is recorded its slot counts as leaving at every moment, so the next calls are
   * spaced from when it really left, not from its grant. Answers the send time recorded (the budget's clock).
   */
  departed(key: string, grantedAt: number, lateByMs: number | null): Promise<number | null>;
  /** Holds every call of the token for `forMs` from now (a 429's retry-after). */
  pause(key: string, forMs: number): Promise<void>;
  /**
   * The service answered the call sent at `sentAt` (its recorded departure) with no requests left, for `forMs`:
   * pauses the token for that long unless our own calls fill a window up to `sentAt` (then the log already keeps
   * the next call out of it). Answers whether it paused.
   */
  windowSpent(key: string, sentAt: number, forMs: number): Promise<boolean>;
}

/**
 * Runs `decide` on the token's schedule wherever a budget keeps it (in memory, or a locked row in PostgreSQL) at the
 * budget's clock, keeps what it changed (`next`), and answers the decision.
 */
export type OnSchedule = <T>(
  key: string,
  decide: (state: ScheduleState, now: number) => { next: ScheduleState | null } & T,
) => Promise<T>;

/** The calls every budget answers with the same decisions (./slots.ts), whichever keeps the schedule. */
export function scheduledCalls(
  onSchedule: OnSchedule,
  rules: Rules,
): Pick<RateBudget, 'reserve' | 'confirm' | 'departed'> {
  return {
    async reserve(key, maxWaitMs, priority = 'page') {
      return (await onSchedule(key, (state, now) => reserveIn(state, now, maxWaitMs, rules, priority))).reservation;
    },
    async confirm(key, plannedAt, maxWaitMs) {
      return (await onSchedule(key, (state, now) => confirmIn(state, plannedAt, now, maxWaitMs, rules))).reservation;
    },
    async departed(key, grantedAt, lateByMs) {
      return (await onSchedule(key, (state, now) => departedIn(state, grantedAt, lateByMs, now))).departedAt;
    },
  };
}
