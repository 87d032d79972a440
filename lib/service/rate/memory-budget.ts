import 'server-only';

import { type RateBudget, scheduledCalls } from './budget';
import { afterSpentWindow, type Rules, type ScheduleState, serviceRules } from './slots';

/** Tokens idle this long are forgotten: every window is long empty by then. */
const IDLE_MS = 5 * 60_000;

const emptyState = (): ScheduleState => ({ slots: [], pagePlans: [], pending: [], pausedUntil: 0 });

/** The budget of one process. JavaScript runs one reservation at a time, so read-then-write is atomic here. */
export function createMemoryBudget(rules: Rules = serviceRules, now: () => number = Date.now): RateBudget {
  const states = new Map<string, ScheduleState & { touched: number }>();

  function forget(t: number) {
    for (const [key, state] of states) if (t - state.touched > IDLE_MS && state.pausedUntil < t) states.delete(key);
  }

  /** The token's state handed to `decide`, and what it answers stored back (when it changed anything). */
  function update<T>(key: string, decide: (state: ScheduleState, t: number) => { next: ScheduleState | null } & T): T {
    const t = now();
    if (states.size > 1_000) forget(t);
    const decision = decide(states.get(key) ?? emptyState(), t);
    if (decision.next) states.set(key, { ...decision.next, touched: t });
    return decision;
  }

  return {
    ...scheduledCalls(async (key, decide) => update(key, decide), rules),
    async pause(key, forMs) {
      update(key, (state, t) => ({ next: { ...state, pausedUntil: Math.max(state.pausedUntil, t + forMs) } }));
    },
    async windowSpent(key, sentAt, forMs) {
      return update(key, (state, t) => afterSpentWindow(state, sentAt, t, forMs, rules)).paused;
    },
  };
}
