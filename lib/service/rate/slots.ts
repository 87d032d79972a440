/**
 * The per-token schedule of data-API calls. The service allows, per token, at most 3 requests in any one second,
 * 10 per second and 300 per minute, counted over sliding windows: a token bucket that bursts 3 and then refills
 * would break "any one second", so the schedule keeps the send times themselves (a sliding log) and gives each new
 * call the earliest time that keeps every window within its limit.
 *
 * Two priorities share the log. A page's call (someone is looking at a placeholder) plans a slot and waits for it,
 * first come first served among pages. A background call (the mirror's sync) never plans: it takes a slot only at
 * the moment it can be sent, when no page call is waiting for one, and otherwise sleeps and asks again. So a page
 * call's plan counts only sent calls and other pages' plans, and a page never queues behind background work.
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
 * Added to every window: the service counts arrivals, and a call's way from the moment it is handed to fetch to the
 * moment the service stamps it (a connection to open, the service's own queue) varies, so a call must not land
 * inside the window of the calls after it. Windows count from each call's recorded departure, not from its grant
 * (see `pending`), so the time between a grant and the departure (a busy event loop, a slow database answer, which
 * on a loaded two-core host exceeded this margin) is no longer the margin's to cover. It costs rate: three calls per
 * 1 150 ms is 2.6 a second.
 */
export const ARRIVAL_MARGIN_MS = 150;

/**
 * The longest a call granted to go now may take to leave (from just before it asked for its slot). Until its
 * departure is recorded its slot counts as leaving at every moment (see `pending`); a call later than this does not
 * go (the transport asks for a new slot), so a departure never recorded (its process died) counts as this late.
 */
export const DEPARTURE_GRACE_MS = 5_000;

/**
 * A page call's plan this long past its time, not yet confirmed, is taken as abandoned (its process died, or the
 * bookkeeping failed): background calls stop yielding to it. It still counts in every window, like any slot.
 */
export const PAGE_PLAN_GRACE_MS = 2_000;

/**
 * How soon a background call asks again while a page call's plan is due but not yet confirmed: the page call is
 * waking up at this very moment, and goes first.
 */
export const YIELD_RECHECK_MS = 25;

/** 'page': someone waits for the answer (the default). 'background': the sync, which yields to every page call. */
export type Priority = 'page' | 'background';

export type ScheduleState = {
  /** Send times granted, ascending: calls sent (or about to be) and page calls' plans; as many as the largest limit needs. */
  slots: readonly number[];
  /** Those of `slots` that are page calls' plans, not yet confirmed: background calls wait while any is live. */
  pagePlans: readonly number[];
  /**
   * Those of `slots` granted to go now whose departure is not yet recorded. A grant is not a departure: the call
   * leaves when its process gets to it, which on a loaded host can be hundreds of milliseconds later. So until the
   * call reports when it left (`departedIn`), its slot counts as leaving at every moment, now: no call is granted
   * within a window of it. Its departure then takes the grant's place in `slots`.
   */
  pending: readonly number[];
  /** No call before this time (a 429's retry-after, or a service that counts more of our calls than we sent). */
  pausedUntil: number;
};

export type Rules = { windows: readonly RateWindow[]; marginMs: number };

export const serviceRules: Rules = { windows: SERVICE_RATE_WINDOWS, marginMs: ARRIVAL_MARGIN_MS };

/** A granted reservation names its send time `at` (the budget's clock), for a call that wakes too late to use it. */
export type Reservation = { granted: true; waitMs: number; at: number } | { granted: false; waitMs: number };

/** A decision and the schedule to store after it (null: nothing changed). */
export type Decision = { reservation: Reservation; next: ScheduleState | null };

/**
 * The earliest send time at or after `now` that keeps every window within its limit. Slots are granted in
 * ascending order (never before the last one), which keeps the log sorted and the queue first-come first-served.
 */
export function earliestSlot(
  state: Pick<ScheduleState, 'slots' | 'pausedUntil'> & Partial<Pick<ScheduleState, 'pending'>>,
  now: number,
  rules: Rules,
): number {
  const slots = sendTimesAsOf(state, now);
  let at = Math.max(now, state.pausedUntil, slots.at(-1) ?? Number.NEGATIVE_INFINITY);
  for (const window of rules.windows) {
    // The call `limit` places back must have left the window before this one may start.
    const blocking = slots[slots.length - window.limit];
    if (blocking !== undefined) at = Math.max(at, blocking + window.ms + rules.marginMs);
  }
  return at;
}

/**
 * The send times the windows count at `now`, ascending: a pending slot (granted, departure not yet recorded) at `now`,
 * as it may be leaving this very moment; one pending past the grace at the latest time it could have left.
 */
export function sendTimesAsOf(
  state: Pick<ScheduleState, 'slots'> & Partial<Pick<ScheduleState, 'pending'>>,
  now: number,
) {
  const pending = [...(state.pending ?? [])];
  if (pending.length === 0) return state.slots;
  const times = state.slots.map((at) => {
    const index = pending.indexOf(at);
    if (index === -1) return at;
    pending.splice(index, 1);
    return Math.max(at, Math.min(now, at + DEPARTURE_GRACE_MS));
  });
  return times.sort((a, b) => a - b);
}

const longestLog = (rules: Rules) => Math.max(...rules.windows.map((w) => w.limit));

/** Page plans a background call still yields to: not yet past their time by more than the grace. */
export function livePagePlans(state: Pick<ScheduleState, 'pagePlans'>, now: number): number[] {
  return state.pagePlans.filter((at) => at >= now - PAGE_PLAN_GRACE_MS);
}

/** `list` without one occurrence of `value`. */
function withoutOne(list: readonly number[], value: number): number[] {
  const index = list.lastIndexOf(value);
  return index === -1 ? [...list] : list.filter((_, i) => i !== index);
}

/** `slots` with `value` put in its place, ascending. */
function inserted(slots: readonly number[], value: number): number[] {
  const index = slots.findIndex((at) => at > value);
  return index === -1 ? [...slots, value] : [...slots.slice(0, index), value, ...slots.slice(index)];
}

/**
 * A pending slot past the grace has left by then if it left at all (the transport does not send a call that late):
 * it becomes a send time at the grace's end.
 */
function settleOverdue(state: Pick<ScheduleState, 'slots' | 'pending'>, now: number) {
  let { slots } = state;
  const pending: number[] = [];
  for (const at of state.pending) {
    if (at >= now - DEPARTURE_GRACE_MS) pending.push(at);
    else slots = inserted(withoutOne(slots, at), at + DEPARTURE_GRACE_MS);
  }
  return { slots, pending };
}

/**
 * The state after granting `at`: older send times no window can still see are dropped (a pending one is kept till
 * its departure is recorded), and `at` is a page plan when the call must wait for it, else pending: the call goes
 * now, and its slot counts as leaving until it reports when it did.
 */
function granting(state: ScheduleState, slots: number[], at: number, now: number, rules: Rules): ScheduleState {
  const plans = livePagePlans(state, now);
  const settled = settleOverdue({ slots, pending: at > now ? state.pending : [...state.pending, at] }, now);
  const cut = Math.max(0, settled.slots.length - longestLog(rules));
  // Of the send times dropped, those still pending stay: their departure is yet to be recorded.
  const unmatched = [...settled.pending];
  const kept = settled.slots.filter((slot, i) => {
    if (i >= cut) return true;
    const index = unmatched.indexOf(slot);
    if (index !== -1) unmatched.splice(index, 1);
    return index !== -1;
  });
  return {
    slots: kept,
    pagePlans: at > now ? [...plans, at] : plans,
    pending: settled.pending,
    pausedUntil: state.pausedUntil,
  };
}

/** A page call's slot: the next one after every sent call and every page plan, unless further than `maxWaitMs`. */
function reservePage(state: ScheduleState, now: number, maxWaitMs: number, rules: Rules): Decision {
  const at = earliestSlot(state, now, rules);
  const waitMs = Math.max(0, at - now);
  if (waitMs > maxWaitMs) return { reservation: { granted: false, waitMs }, next: null };
  return { reservation: { granted: true, waitMs, at }, next: granting(state, [...state.slots, at], at, now, rules) };
}

/**
 * A background call goes now only when no page call is waiting and every window holds against everything in the
 * log (sent calls, page plans); then its slot is recorded as sent. Otherwise it is told how long to sleep before
 * asking again, and nothing is recorded: it holds no plan a page call would have to queue behind, so there is
 * nothing to re-plan when a page call arrives.
 */
function takeBackground(state: ScheduleState, now: number, maxWaitMs: number, rules: Rules): Decision {
  const waiting = livePagePlans(state, now);
  const at = earliestSlot(state, now, rules);
  if (waiting.length === 0 && at === now) {
    return {
      reservation: { granted: true, waitMs: 0, at },
      next: granting(state, [...state.slots, at], at, now, rules),
    };
  }
  // While page calls wait, the earliest free time is after their plans; a plan already due is confirming right now.
  const waitMs = Math.max(at - now, waiting.length > 0 ? YIELD_RECHECK_MS : 0);
  if (waitMs > maxWaitMs) return { reservation: { granted: false, waitMs }, next: null };
  return { reservation: { granted: true, waitMs, at: now + waitMs }, next: null };
}

/**
 * Reserves the next slot for a call of the given priority, unless it is further away than `maxWaitMs` (then nothing
 * is reserved). A granted page call with a wait holds a plan, to confirm when it wakes (`confirmIn`); a background
 * call with a wait holds nothing and simply asks again after it.
 */
export function reserveIn(
  state: ScheduleState,
  now: number,
  maxWaitMs: number,
  rules: Rules,
  priority: Priority = 'page',
): Decision {
  return priority === 'page' ? reservePage(state, now, maxWaitMs, rules) : takeBackground(state, now, maxWaitMs, rules);
}

/**
 * A page call woken for its planned slot `plannedAt`, about to send. Planned slots are hints that spread the queue;
 * what the service counts is when calls really leave, and a woken call may be late (a busy event loop, a slow
 * database). So its plan is taken out and it goes now when every window holds against the slots already due (sent,
 * or about to be, by calls woken earlier); otherwise it is planned again at the earliest time they allow. Slots
 * still in the future are other page calls' plans: each of those confirms in its turn, so a late call never queues
 * behind slots nobody used (under a starved event loop every waiter is late, and that would spiral until all fail
 * as busy). Background calls hold no plans, so they never stand in a page call's way here.
 */
export function confirmIn(
  state: ScheduleState,
  plannedAt: number,
  now: number,
  maxWaitMs: number,
  rules: Rules,
): Decision & { next: ScheduleState } {
  const others = withoutOne(state.slots, plannedAt);
  const rest = { ...state, pagePlans: withoutOne(state.pagePlans, plannedAt) };
  const due = others.filter((at) => at <= now);
  const planned = others.filter((at) => at > now);
  const at = earliestSlot({ slots: due, pending: state.pending, pausedUntil: state.pausedUntil }, now, rules);
  const waitMs = Math.max(0, at - now);
  if (waitMs > maxWaitMs) {
    return {
      reservation: { granted: false, waitMs },
      next: { ...rest, slots: others, pagePlans: livePagePlans(rest, now) },
    };
  }
  const slots = [...due, ...planned.filter((slot) => slot <= at), at, ...planned.filter((slot) => slot > at)];
  return { reservation: { granted: true, waitMs, at }, next: granting(rest, slots, at, now, rules) };
}

/**
 * A call granted at `grantedAt` reports that it left `lateByMs` after it (on the budget's clock, never less than it
 * really was: the transport reads that clock through the tightest bound of its offset, clock-offset.ts), or `null`
 * when it did not go. Its
 * pending slot gives way to the departure, never later than `now` (the report comes after the departure) nor earlier
 * than the grant; from then on every window counts from when it left. Answers the send time recorded.
 */
export function departedIn(
  state: ScheduleState,
  grantedAt: number,
  lateByMs: number | null,
  now: number,
): { departedAt: number | null; next: ScheduleState | null } {
  const departedAt = lateByMs === null ? null : Math.max(grantedAt, Math.min(now, grantedAt + lateByMs));
  const index = state.pending.indexOf(grantedAt);
  // Not pending any more: past the grace (then counted as leaving at its end), or the schedule was forgotten.
  if (index === -1) return { departedAt, next: null };
  const pending = state.pending.filter((_, i) => i !== index);
  const others = withoutOne(state.slots, grantedAt);
  const slots = departedAt === null ? others : inserted(others, departedAt);
  return { departedAt, next: { ...state, slots, pending } };
}

/**
 * Whether this budget's own calls explain a service that reports no requests left after the call sent at `sentAt`
 * (its recorded departure): some window holds its full limit of our calls up to it (counted over the window and the
 * arrival margin, as the service may see a call that left that much earlier). Then the log already keeps the next call out of that window
 * and no pause is needed; when our calls do not fill any window, the service counts calls we do not know of (another
 * user of the token, a clock that disagrees), and only its reset tells when it will accept the next one.
 */
export function ownCallsFillAWindow(
  state: Pick<ScheduleState, 'slots'> & Partial<Pick<ScheduleState, 'pending'>>,
  sentAt: number,
  rules: Rules,
): boolean {
  // A call still pending counts at its grant, the earliest it could have left. Calls that left up to the margin after
  // this one may have arrived before it (that is what the margin is for), so they count too.
  return rules.windows.some(
    (window) =>
      state.slots.filter((at) => at <= sentAt + rules.marginMs && at > sentAt - window.ms - rules.marginMs).length >=
      window.limit,
  );
}

/** The state after the service reported its window spent: paused for `forMs` unless our own calls explain it. */
export function afterSpentWindow(
  state: ScheduleState,
  sentAt: number,
  now: number,
  forMs: number,
  rules: Rules,
): { paused: boolean; next: ScheduleState } {
  if (ownCallsFillAWindow(state, sentAt, rules)) return { paused: false, next: state };
  return { paused: true, next: { ...state, pausedUntil: Math.max(state.pausedUntil, now + forMs) } };
}
