import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../sandbox/app';
import { createRateLimiter } from '../../sandbox/data-api/rate-limit';
import { startTestSandbox } from '../support/sandbox';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const check = (token?: string) =>
  fetch(`${sandbox.url}/api/auth/check`, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });

describe('GET /api/auth/check', () => {
  it('answers 200 with an empty body and the rate-limit headers for a token the sandbox issued', async () => {
    const token = sandbox.tokens.issue('10001', 'jana.novakova@example.sk');
    expect(token).toMatch(/^sbx_[A-Za-z0-9_-]{43}$/);
    const res = await check(token);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers.get('x-rate-limit-limit')).toBe('1s');
    expect(res.headers.get('x-rate-limit-remaining')).toBe('2');
    expect(Number(res.headers.get('x-rate-limit-reset'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('answers 401 without a token, with an unknown token, and with a revoked one', async () => {
    expect((await check()).status).toBe(401);
    const unknown = await check('sbx_not-issued');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Unauthorized' });

    const token = sandbox.tokens.issue('10002', 'jana.novakova@example.sk');
    const other = sandbox.tokens.issue('10001', 'jana.novakova@example.sk');
    const revoked = await fetch(`${sandbox.url}/admin/revoke-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenantId: '10002', userId: 'jana.novakova@example.sk' }),
    });
    expect(await revoked.json()).toEqual({ revoked: 1 });
    expect((await check(token)).status).toBe(401);
    expect((await check(other)).status).toBe(200); // other companies' connections are untouched
  });

  it('answers 429 with retry-after past 3 requests per second for one token, without affecting others', async () => {
    const token = sandbox.tokens.issue('10004', 'peter.horvath@example.sk');
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await check(token);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last?.headers.get('x-rate-limit-remaining')).toBe('0');

    const fresh = sandbox.tokens.issue('10004', 'peter.horvath@example.sk');
    expect((await check(fresh)).status).toBe(200);
  });

  it('rejects a malformed revoke request', async () => {
    const res = await fetch(`${sandbox.url}/admin/revoke-token`, { method: 'POST', body: '{"tenantId":1}' });
    expect(res.status).toBe(400);
  });
});

describe('the rate limiter', () => {
  it('allows 3 calls in any second and lets calls through again once the oldest is a second old', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ now: () => now });
    expect([1, 2, 3].map(() => limiter.take('t').allowed)).toEqual([true, true, true]);
    now += 500;
    const refused = limiter.take('t');
    expect(refused.allowed).toBe(false);
    expect(refused.headers['retry-after']).toBe('1');
    expect(limiter.take('other').allowed).toBe(true);
    now += 501;
    const again = limiter.take('t');
    expect(again.allowed).toBe(true);
    expect(again.headers['x-rate-limit-remaining']).toBe('2');
  });
});
