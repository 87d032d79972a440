import { randomUUID } from 'node:crypto';

import { createDataApiClient } from '@/lib/service/client';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { type Rules, serviceRules } from '@/lib/service/rate/slots';
import { createTransport, type TransportOptions } from '@/lib/service/transport';

/**
 * The boundary of the client under test: a scripted `fetch` that records every request and answers from a queue,
 * and a fake clock that the budget reads and the client's waits advance (no real time passes).
 */
export type Recorded = { method: string; url: URL; headers: Headers; body: unknown; at: number };

export type Answer = Response | (() => Response | Promise<Response>) | Error;

/**
 * A clock that only moves when everyone waits: a sleep registers its wake-up time, and once the event loop has
 * nothing else to do the clock jumps to the earliest wake-up. Concurrent sleepers therefore wake in order, at the
 * times they asked for, without any real time passing.
 */
export function fakeClock(start = Date.UTC(2026, 10, 22, 9, 0, 0)) {
  let t = start;
  const sleepers: { at: number; wake: () => void }[] = [];
  let advancing = false;

  function advanceWhenIdle() {
    if (advancing) return;
    advancing = true;
    setImmediate(() => {
      advancing = false;
      const next = Math.min(...sleepers.map((s) => s.at));
      if (!Number.isFinite(next)) return;
      t = Math.max(t, next);
      for (const sleeper of sleepers.filter((s) => s.at <= t)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
      if (sleepers.length > 0) advanceWhenIdle();
    });
  }

  return {
    now: () => t,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        sleepers.push({ at: t + ms, wake });
        advanceWhenIdle();
      }),
  };
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json; charset=utf-8', ...init.headers },
  });
}

export function status(code: number, headers: Record<string, string> = {}): Response {
  return new Response(code === 204 ? null : JSON.stringify({ title: 'upstream detail that must never be shown' }), {
    status: code,
    headers,
  });
}

export function createFakeService(options: { rules?: Rules } & Partial<TransportOptions> = {}) {
  const clock = fakeClock();
  const requests: Recorded[] = [];
  const answers: Answer[] = [];
  let fallback: Answer | undefined;

  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), body, at: clock.now() });
    const queued = answers.shift();
    const next = queued ?? fallback;
    if (!next) throw new Error(`no answer scripted for ${url.pathname}`);
    if (next instanceof Error) throw next;
    if (typeof next === 'function') return next();
    // A queued answer is used once, as it is; the standing answer is copied for every request.
    if (queued) return next;
    return new Response(await next.clone().text(), { status: next.status, headers: next.headers });
  }) as typeof fetch;

  const budget = createMemoryBudget(options.rules ?? serviceRules, clock.now);
  const budgetKey = `token-${randomUUID()}`;
  const unauthorized: number[] = [];
  const transport = createTransport({
    baseUrl: 'https://api.example.test/',
    token: 'secret-company-token',
    budgetKey,
    budget,
    fetch: fetchImpl,
    sleep: clock.sleep,
    now: clock.now,
    backoffMs: 1,
    onUnauthorized: async () => {
      unauthorized.push(clock.now());
    },
    ...options,
  });

  return {
    client: createDataApiClient(transport),
    transport,
    budget,
    budgetKey,
    clock,
    requests,
    unauthorized,
    /** Queues answers for the next requests, in order. */
    answer: (...next: Answer[]) => answers.push(...next),
    /** The answer for every request once the queue is empty. */
    always: (answer: Answer) => {
      fallback = answer;
    },
  };
}
