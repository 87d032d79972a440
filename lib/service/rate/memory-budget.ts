import 'server-only';
import type { RateBudget } from './budget';
import { confirmIn, reserveIn, serviceRules, type Rules, type ScheduleState } from './slots';

/** Tokens idle this long are forgotten: every window is long empty by then. */
const IDLE_MS = 5 * 60_000;

/** The budget of one process. JavaScript runs one reservation at a time, so read-then-write is atomic here. */
export function createMemoryBudget(rules: Rules = serviceRules, now: () => number = Date.now): RateBudget {
  const states = new Map<string, ScheduleState & { touched: number }>();

  function forget(t: number) {
    for (const [key, state] of states) if (t - state.touched > IDLE_MS && state.pausedUntil < t) states.delete(key);
  }

  return {
    async reserve(key, maxWaitMs) {
      const t = now();
      if (states.size > 1_000) forget(t);
      const state = states.get(key) ?? { slots: [], pausedUntil: 0, touched: t };
      const { reservation, slots } = reserveIn(state, t, maxWaitMs, rules);
      if (slots) states.set(key, { slots, pausedUntil: state.pausedUntil, touched: t });
      return reservation;
    },
    async confirm(key, plannedAt, maxWaitMs) {
      const t = now();
      const state = states.get(key) ?? { slots: [], pausedUntil: 0, touched: t };
      const { reservation, slots } = confirmIn(state, plannedAt, t, maxWaitMs, rules);
      states.set(key, { slots, pausedUntil: state.pausedUntil, touched: t });
      return reservation;
    },
    async pause(key, forMs) {
      const t = now();
      const state = states.get(key) ?? { slots: [], pausedUntil: 0, touched: t };
      states.set(key, { ...state, pausedUntil: Math.max(state.pausedUntil, t + forMs), touched: t });
    },
  };
}
