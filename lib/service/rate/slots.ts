/**
 * The per-token schedule of data-API calls. The service allows, per token, at most 3 requests in any one second,
 * 10 per second and 300 per minute, counted over sliding windows: a token bucket that bursts 3 and then refills
 * would break "any one second", so the schedule keeps the send times themselves (a sliding log) and gives each new
 * call the earliest time that keeps every window within its limit.
 *
 * Pure functions over plain numbers (epoch milliseconds), shared by the in-process and the PostgreSQL budget.
 */

export type RateWindow = { readonly limit: number; readonly ms: number };

export const SERVICE_RATE_WINDOWS: readonly RateWindow[] = [
  { limit: 3, ms: 1_000 },
  { limit: 10, ms: 1_000 },
  { limit: 300, ms: 60_000 },
];

/**
 * Added to every window: the service counts arrivals, and a call that leaves a little late (a busy event loop, a
 * slow connection) must not land inside the window of the calls after it.
 */
export const ARRIVAL_MARGIN_MS = 100;

export type ScheduleState = {
  /** Send times already granted, ascending; only as many as the largest limit needs. */
  slots: readonly number[];
  /** No call before this time (a 429's retry-after, or an exhausted x-rate-limit-remaining). */
  pausedUntil: number;
};

export type Rules = { windows: readonly RateWindow[]; marginMs: number };

export const serviceRules: Rules = { windows: SERVICE_RATE_WINDOWS, marginMs: ARRIVAL_MARGIN_MS };

/**
 * The earliest send time at or after `now` that keeps every window within its limit. Slots are granted in
 * ascending order (never before the last one), which keeps the log sorted and the queue first-come first-served.
 */
export function earliestSlot(state: ScheduleState, now: number, rules: Rules): number {
  const { slots } = state;
  let at = Math.max(now, state.pausedUntil, slots.at(-1) ?? Number.NEGATIVE_INFINITY);
  for (const window of rules.windows) {
    // The call `limit` places back must have left the window before this one may start.
    const blocking = slots[slots.length - window.limit];
    if (blocking !== undefined) at = Math.max(at, blocking + window.ms + rules.marginMs);
  }
  return at;
}

/** The log after granting `at`: older send times no window can still see are dropped. */
export function withSlot(state: ScheduleState, at: number, rules: Rules): number[] {
  const keep = Math.max(...rules.windows.map((w) => w.limit));
  return [...state.slots, at].slice(-keep);
}

/** A granted reservation names its send time `at` (the budget's clock), for a call that wakes too late to use it. */
export type Reservation = { granted: true; waitMs: number; at: number } | { granted: false; waitMs: number };

/** Reserves the next slot unless it is further away than `maxWaitMs` (then nothing is reserved). */
export function reserveIn(
  state: ScheduleState,
  now: number,
  maxWaitMs: number,
  rules: Rules,
): { reservation: Reservation; slots: number[] | null } {
  const at = earliestSlot(state, now, rules);
  const waitMs = Math.max(0, at - now);
  if (waitMs > maxWaitMs) return { reservation: { granted: false, waitMs }, slots: null };
  return { reservation: { granted: true, waitMs, at }, slots: withSlot(state, at, rules) };
}

/**
 * A call woken for its planned slot `plannedAt`, about to send. Planned slots are hints that spread the queue; what the
 * service counts is when calls really leave, and a woken call may be late (a busy event loop, a slow database). So
 * its plan is taken out and it goes now when every window holds against the slots already due (sent, or about to
 * be, by calls woken earlier); otherwise it is planned again at the earliest time they allow. Slots still in the
 * future are other calls' plans: each of those confirms in its turn, so a late call never queues behind slots
 * nobody used (under a starved event loop every waiter is late, and that would spiral until all fail as busy).
 */
export function confirmIn(
  state: ScheduleState,
  plannedAt: number,
  now: number,
  maxWaitMs: number,
  rules: Rules,
): { reservation: Reservation; slots: number[] } {
  const index = state.slots.lastIndexOf(plannedAt);
  const others = index === -1 ? [...state.slots] : state.slots.filter((_, i) => i !== index);
  const due = others.filter((at) => at <= now);
  const planned = others.filter((at) => at > now);
  const at = earliestSlot({ slots: due, pausedUntil: state.pausedUntil }, now, rules);
  const waitMs = Math.max(0, at - now);
  if (waitMs > maxWaitMs) return { reservation: { granted: false, waitMs }, slots: others };
  const later = planned.filter((slot) => slot > at);
  const slots = [...due, ...planned.filter((slot) => slot <= at), at, ...later];
  const keep = Math.max(...rules.windows.map((w) => w.limit));
  return { reservation: { granted: true, waitMs, at }, slots: slots.slice(-keep) };
}
