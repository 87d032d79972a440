import { describe, expect, it } from 'vitest';

import { createDataApiClient } from '@/lib/service/client';
import type { RateBudget } from '@/lib/service/rate/budget';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { DEPARTURE_GRACE_MS, serviceRules } from '@/lib/service/rate/slots';
import { createTransport } from '@/lib/service/transport';

import { createRateLimiter } from '../../sandbox/data-api/rate-limit';
import { mostInAnyWindow } from '../support/granted-sends';
import { fakeClock, json } from './fake-service';

/**
 * A call leaves some time after the budget grants it its slot: on a loaded host the process gets to it late (a
 * starved event loop, a slow database answer). The service counts arrivals, so the token's next calls must be spaced
 * from when each call really left, not from its grant. Counted here by the sandbox's own limiter (the faithful
 * stand-in of the service's per-second counting) on a fake clock: no real time passes, the lags are exact.
 */
function clientWithLag(lagOf: (grant: number) => number) {
  const clock = fakeClock(Date.now());
  const limiter = createRateLimiter({ now: clock.now });
  const arrivals: { at: number; status: number }[] = [];
  const fetchImpl = (async () => {
    const decision = limiter.take('token');
    arrivals.push({ at: clock.now(), status: decision.allowed ? 200 : 429 });
    return decision.allowed
      ? json({ data: [] }, { headers: decision.headers })
      : json({}, { status: 429, headers: decision.headers });
  }) as typeof fetch;
  const budget = createMemoryBudget(serviceRules, clock.now);
  // The host's lag between a grant and the moment its call is handed to fetch, per grant in order.
  let grants = 0;
  const lagging = async (granting: Promise<Awaited<ReturnType<RateBudget['reserve']>>>) => {
    const reservation = await granting;
    if (reservation.granted && reservation.waitMs === 0) {
      const lag = lagOf(grants++);
      if (lag > 0) await clock.sleep(lag);
    }
    return reservation;
  };
  // What each call told the budget of its departure: how late it left after asking for its slot, or null (not sent).
  const reported: (number | null)[] = [];
  const laggingBudget: RateBudget = {
    ...budget,
    departed: (key, grantedAt, lateByMs) => {
      reported.push(lateByMs);
      return budget.departed(key, grantedAt, lateByMs);
    },
    reserve: (key, maxWaitMs, priority) => lagging(budget.reserve(key, maxWaitMs, priority)),
    confirm: (key, plannedAt, maxWaitMs) => lagging(budget.confirm(key, plannedAt, maxWaitMs)),
  };
  const transport = createTransport({
    baseUrl: 'https://api.example.test',
    token: 'secret-company-token',
    budgetKey: 'token-key',
    budget: laggingBudget,
    fetch: fetchImpl,
    sleep: clock.sleep,
    now: clock.now,
    maxQueueWaitMs: 60_000,
    callTimeoutMs: 120_000,
  });
  return { client: createDataApiClient(transport), arrivals, reported };
}

describe('spacing a token’s calls by when they leave', () => {
  it('never lets a 4th call arrive within a second of three that left 400 ms after their grant', async () => {
    // The first three are granted at once and leave 400 ms late; the 4th leaves the moment it is granted.
    const { client, arrivals } = clientWithLag((grant) => (grant < 3 ? 400 : 0));
    await Promise.all(Array.from({ length: 4 }, (_, i) => client.invoices.list({ Skip: i })));

    expect(arrivals.map((arrival) => arrival.status)).toEqual([200, 200, 200, 200]);
    expect(
      mostInAnyWindow(
        arrivals.map((arrival) => arrival.at),
        1_000,
      ),
    ).toBe(3);
  });

  it('holds "3 in any second" at the service when every call leaves late by a varying lag', async () => {
    // Lags of 0 to 700 ms, in an order that puts a long one before short ones: the grants' order is not the arrivals'.
    const lags = [700, 0, 350, 50, 600, 0, 0, 450, 200, 700, 0, 100, 650, 300, 0, 500, 0, 250];
    const { client, arrivals } = clientWithLag((grant) => lags[grant % lags.length]!);
    await Promise.all(Array.from({ length: 30 }, (_, i) => client.invoices.list({ Skip: i })));

    expect(arrivals.filter((arrival) => arrival.status === 429)).toEqual([]);
    expect(arrivals).toHaveLength(30);
    expect(
      mostInAnyWindow(
        arrivals.map((arrival) => arrival.at),
        1_000,
      ),
    ).toBeLessThanOrEqual(3);
  });

  it('keeps at least 2.5 calls a second on a quiet host, where calls leave as they are granted', async () => {
    const { client, arrivals } = clientWithLag(() => 0);
    await Promise.all(Array.from({ length: 30 }, (_, i) => client.invoices.list({ Skip: i })));

    const times = arrivals.map((arrival) => arrival.at);
    expect(arrivals.every((arrival) => arrival.status === 200)).toBe(true);
    expect((times.length - 1) / ((times.at(-1)! - times[0]!) / 1_000)).toBeGreaterThanOrEqual(2.5);
  });

  it('does not send a call that comes to leave later than the grace after its grant: it takes a new slot', async () => {
    // The first call's process stalls past the grace; it goes on a slot of its own later, never into another's window.
    const { client, arrivals, reported } = clientWithLag((grant) => (grant === 0 ? DEPARTURE_GRACE_MS + 1 : 0));
    await Promise.all(Array.from({ length: 6 }, (_, i) => client.invoices.list({ Skip: i })));

    // Its grant is given back (not sent); every call sent reports how late it left, none later than the grace.
    expect(reported.filter((lateBy) => lateBy === null)).toHaveLength(1);
    expect(reported.filter((lateBy) => lateBy !== null)).toHaveLength(6);
    expect(Math.max(...reported.map((lateBy) => lateBy ?? 0))).toBeLessThanOrEqual(DEPARTURE_GRACE_MS);
    expect(arrivals.filter((arrival) => arrival.status === 429)).toEqual([]);
    expect(arrivals).toHaveLength(6);
    expect(
      mostInAnyWindow(
        arrivals.map((arrival) => arrival.at),
        1_000,
      ),
    ).toBeLessThanOrEqual(3);
  });
});
