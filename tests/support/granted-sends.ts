import type { RateBudget } from '@/lib/service/rate/budget';

/**
 * A budget that notes every send time it granted for "now" (a reservation with no wait left), and every departure
 * the calls then reported, by the budget's own clock: the schedule the add-on keeps, whatever the machine's load
 * does to when the calls then arrive. Where a test asks "never 4 in any second", this is what it counts; when the
 * calls reached the service is a property of the host's network and scheduling, measured by `npm run bench:budget`
 * (arrivals and 429s), never timed in a test. Budgets of several instances may note into one `sends`.
 */
export function recordingGrants(
  budget: RateBudget,
  sends: number[] = [],
  departures: number[] = [],
): { budget: RateBudget; sends: number[]; departures: number[] } {
  const noted = async (reserving: Promise<Awaited<ReturnType<RateBudget['reserve']>>>) => {
    const reservation = await reserving;
    if (reservation.granted && reservation.waitMs === 0) sends.push(reservation.at);
    return reservation;
  };
  return {
    sends,
    departures,
    budget: {
      reserve: (key, maxWaitMs, priority) => noted(budget.reserve(key, maxWaitMs, priority)),
      confirm: (key, plannedAt, maxWaitMs) => noted(budget.confirm(key, plannedAt, maxWaitMs)),
      departed: async (key, grantedAt, lateByMs) => {
        const departedAt = await budget.departed(key, grantedAt, lateByMs);
        if (departedAt !== null) departures.push(departedAt);
        return departedAt;
      },
      pause: (key, forMs) => budget.pause(key, forMs),
      windowSpent: (key, sentAt, forMs) => budget.windowSpent(key, sentAt, forMs),
    },
  };
}

/** The most times in any window of `windowMs` (a time at the window's end is outside it, as the service counts). */
export function mostInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i]! - sorted[j]! >= windowMs) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
