import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

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

  it('counts a call as leaving when its request is written, not when fetch is called: a busy process writes it later', async () => {
    // Node's fetch writes the request on a later turn of the event loop; a process busy for 250 ms right after calling
    // fetch (a page rendering) sends it that much later, and the service counts it from then.
    const arrivedAt: number[] = [];
    const server = createServer((request, response) => {
      arrivedAt.push(Date.now());
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ data: [] }));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const budget = createMemoryBudget(serviceRules);
      const recorded: number[] = [];
      const recording: RateBudget = {
        ...budget,
        departed: async (key, grantedAt, lateByMs) => {
          const departedAt = await budget.departed(key, grantedAt, lateByMs);
          if (departedAt !== null) recorded.push(departedAt);
          return departedAt;
        },
      };
      const calledAt: number[] = [];
      const busyAfterCalling = ((url: string, init: RequestInit) => {
        calledAt.push(Date.now());
        const answering = fetch(url, init);
        for (const until = Date.now() + 250; Date.now() < until;);
        return answering;
      }) as typeof fetch;
      const transport = createTransport({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        token: 'secret-company-token',
        budgetKey: 'token-key',
        budget: recording,
        fetch: busyAfterCalling,
      });
      await createDataApiClient(transport).invoices.list({});

      expect(arrivedAt).toHaveLength(1);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!).toBeGreaterThanOrEqual(calledAt[0]! + 250);
      expect(recorded[0]!).toBeLessThanOrEqual(arrivedAt[0]!);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });

  it('reads the budget’s clock through its fastest recent grant: never before the call left, never a slow grant later', async () => {
    // The budget's clock (the database's) runs 10 s ahead; its grants take 2 ms to 60 ms to come back, stamped at
    // the end. A departure counted from the call's own slow grant would be up to 58 ms late, a rate lost every time.
    const clock = fakeClock(Date.now());
    const budgetNow = () => clock.now() + 10_000;
    const budget = createMemoryBudget(serviceRules, budgetNow);
    const roundTrips = [2, 60, 40, 60, 25, 60, 50];
    let grants = 0;
    const slowToAnswer = async <T>(granting: () => Promise<T>) => {
      await clock.sleep(roundTrips[grants++ % roundTrips.length]!);
      return granting();
    };
    const truth: number[] = [];
    const recorded: number[] = [];
    const transport = createTransport({
      baseUrl: 'https://api.example.test',
      token: 'secret-company-token',
      budgetKey: 'token-key',
      budget: {
        ...budget,
        reserve: (key, maxWaitMs, priority) => slowToAnswer(() => budget.reserve(key, maxWaitMs, priority)),
        confirm: (key, plannedAt, maxWaitMs) => slowToAnswer(() => budget.confirm(key, plannedAt, maxWaitMs)),
        departed: async (key, grantedAt, lateByMs) => {
          // The report's own transaction takes as long as the slowest grant.
          await clock.sleep(60);
          const departedAt = await budget.departed(key, grantedAt, lateByMs);
          if (departedAt !== null) recorded.push(departedAt);
          return departedAt;
        },
      },
      fetch: async () => {
        truth.push(budgetNow());
        return json({ data: [] });
      },
      sleep: clock.sleep,
      now: clock.now,
      maxQueueWaitMs: 60_000,
      callTimeoutMs: 120_000,
    });
    const client = createDataApiClient(transport);
    for (let i = 0; i < roundTrips.length; i++) await client.invoices.list({ Skip: i });

    const lateness = recorded.map((at, i) => at - truth[i]!);
    expect(lateness.every((late) => late >= 0)).toBe(true);
    expect(Math.max(...lateness)).toBeLessThanOrEqual(2);
  });

  it('gives up a request not written within the grace after asking, unsent, and sends it on a new slot', async () => {
    // Granted 4 980 ms after asking (a starved process): 20 ms are left to write the request, and the first attempt's
    // connection does not open in time. It must not go out late, where the budget counts it as gone at the grace's end.
    const clock = fakeClock(Date.now());
    const budget = createMemoryBudget(serviceRules, clock.now);
    const reported: (number | null)[] = [];
    let grants = 0;
    const attempts: ('given up' | 'answered')[] = [];
    const transport = createTransport({
      baseUrl: 'https://api.example.test',
      token: 'secret-company-token',
      budgetKey: 'token-key',
      budget: {
        ...budget,
        reserve: async (key, maxWaitMs, priority) => {
          const reservation = await budget.reserve(key, maxWaitMs, priority);
          if (grants++ === 0) await clock.sleep(DEPARTURE_GRACE_MS - 20);
          return reservation;
        },
        departed: (key, grantedAt, lateByMs) => {
          reported.push(lateByMs);
          return budget.departed(key, grantedAt, lateByMs);
        },
      },
      // Another fetch than undici's says nothing of its writes: the first attempt waits for its connection until
      // it is given up; the second is answered at once.
      fetch: ((_url: string, init: RequestInit) => {
        if (attempts.length === 0) {
          return new Promise<Response>((_, fail) =>
            init.signal!.addEventListener('abort', () => {
              attempts.push('given up');
              fail(new DOMException('This operation was aborted', 'AbortError'));
            }),
          );
        }
        attempts.push('answered');
        return Promise.resolve(json({ data: [] }));
      }) as typeof fetch,
      sleep: clock.sleep,
      now: clock.now,
      maxQueueWaitMs: 60_000,
      callTimeoutMs: 120_000,
    });

    await createDataApiClient(transport).invoices.list({});

    expect(attempts).toEqual(['given up', 'answered']);
    expect(reported[0]).toBeNull();
    expect(reported.slice(1).every((lateBy) => lateBy !== null)).toBe(true);
  });
});
