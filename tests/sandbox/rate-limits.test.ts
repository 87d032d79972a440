/**
 * The data API's limits per token: 3 requests per second, 10 per second, 300 per minute, all at once, as sliding
 * windows; refused requests do not count. A fake clock steps time instead of waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../sandbox/app';
import { createRateLimiter } from '../../sandbox/data-api/rate-limit';
import { startTestSandbox } from '../support/sandbox';

describe('the rate limiter', () => {
  const start = Date.parse('2026-11-22T10:00:00Z');

  it('refuses a 4th request within one second, with retry-after and the x-rate-limit headers', () => {
    let now = start;
    const limiter = createRateLimiter({ now: () => now });
    const allowed = [1, 2, 3].map(() => limiter.take('t'));
    expect(allowed.map((d) => d.allowed)).toEqual([true, true, true]);
    expect(allowed.map((d) => d.headers['x-rate-limit-remaining'])).toEqual(['2', '1', '0']);
    expect(allowed[0]?.headers).toEqual({
      'x-rate-limit-limit': '1s',
      'x-rate-limit-remaining': '2',
      'x-rate-limit-reset': String(start / 1000 + 1),
    });
    now += 999;
    const refused = limiter.take('t');
    expect(refused).toEqual({
      allowed: false,
      headers: {
        'x-rate-limit-limit': '1s',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(start / 1000 + 1),
        'retry-after': '1',
      },
    });
    now += 1;
    expect(limiter.take('t').allowed).toBe(true); // the window slides: the first request is a second old
  });

  it('does not count refused requests', () => {
    let now = start;
    const limiter = createRateLimiter({ now: () => now });
    for (let i = 0; i < 3; i += 1) limiter.take('t');
    for (let i = 0; i < 20; i += 1) {
      now += 40;
      expect(limiter.take('t').allowed).toBe(false);
    }
    now = start + 1_000;
    const next = limiter.take('t');
    expect(next.allowed).toBe(true);
    expect(next.headers['x-rate-limit-remaining']).toBe('2');
  });

  it('keeps each token apart', () => {
    const limiter = createRateLimiter({ now: () => start });
    for (let i = 0; i < 3; i += 1) limiter.take('a');
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  // Under 3 per second the other two rules can never bind (3/s is at most 180/min), so they are shown alone.
  const tenPerSecondAndThreeHundredPerMinute = (now: () => number) =>
    createRateLimiter({
      rules: [
        { limit: 10, windowMs: 1_000 },
        { limit: 300, windowMs: 60_000 },
      ],
      now,
    });

  it('enforces 10 per second when that is the tightest rule', () => {
    let now = start;
    const limiter = tenPerSecondAndThreeHundredPerMinute(() => now);
    for (let i = 0; i < 10; i += 1) {
      expect(limiter.take('t').allowed).toBe(true);
      now += 50;
    }
    const refused = limiter.take('t');
    expect(refused.allowed).toBe(false);
    expect(refused.headers['x-rate-limit-limit']).toBe('1s');
  });

  it('refuses the 301st request within a minute, announcing the minute window and when it frees', () => {
    let now = start;
    const limiter = tenPerSecondAndThreeHundredPerMinute(() => now);
    for (let i = 0; i < 300; i += 1) {
      expect(limiter.take('t').allowed).toBe(true);
      now += 150; // 6.7 per second: within 10/s
    }
    expect(now - start).toBe(45_000);
    const refused = limiter.take('t');
    expect(refused.allowed).toBe(false);
    expect(refused.headers).toEqual({
      'x-rate-limit-limit': '1m',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': String(start / 1000 + 60),
      'retry-after': '15',
    });
    now = start + 60_000;
    expect(limiter.take('t').allowed).toBe(true);
  });

  it('reports the minute window in the headers once it is the one closest to refusing', () => {
    let now = start;
    const limiter = tenPerSecondAndThreeHundredPerMinute(() => now);
    let last = limiter.take('t');
    for (let i = 1; i < 297; i += 1) {
      now += 200; // 5 per second: 5 left in the second, 3 in the minute
      last = limiter.take('t');
    }
    expect(last.headers['x-rate-limit-limit']).toBe('1m');
    expect(last.headers['x-rate-limit-remaining']).toBe('3');
    expect(last.headers['x-rate-limit-reset']).toBe(String(start / 1000 + 60));
  });
});

describe('rate limits over HTTP', () => {
  let sandbox: Sandbox;
  const clock = { now: Date.parse('2026-11-22T10:00:00Z') };
  beforeAll(async () => {
    sandbox = await startTestSandbox({ now: () => clock.now });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('answers the 4th request in a second with 429, retry-after and x-rate-limit-*, on any endpoint', async () => {
    const token = sandbox.tokens.issue('10001', 'x@example.sk');
    const call = (path: string) => fetch(`${sandbox.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const statuses = [];
    for (const path of ['/api/auth/check', '/api/invoices?Top=1', '/api/warehouses']) {
      const res = await call(path);
      statuses.push(res.status);
      expect(res.headers.get('x-rate-limit-limit')).toBe('1s');
      expect(res.headers.get('x-rate-limit-reset')).toBe(String(clock.now / 1000 + 1));
    }
    clock.now += 500;
    const refused = await call('/api/expenses?Top=1');
    expect([...statuses, refused.status]).toEqual([200, 200, 200, 429]);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(refused.headers.get('x-rate-limit-limit')).toBe('1s');
    expect((await refused.json()).status).toBe(429);
    clock.now += 500;
    expect((await call('/api/expenses?Top=1')).status).toBe(200);
  });
});
