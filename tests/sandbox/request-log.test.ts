/**
 * The request log: what the data API received, per token fingerprint, so tests can prove a client kept within the
 * limits. It never holds a token.
 */
import { createHash } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../sandbox/app';
import { maxRequestsInAnyWindow } from '../../sandbox/data-api/request-log';
import { startTestSandbox } from '../support/sandbox';

let sandbox: Sandbox;
const clock = { now: Date.parse('2026-11-22T10:00:00Z') };
beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => clock.now });
});
beforeEach(() => {
  sandbox.dataApi.resetRequests();
});
afterAll(async () => {
  await sandbox?.close();
});

const call = (path: string, token?: string) =>
  fetch(`${sandbox.url}${path}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

describe('the request log', () => {
  it('records every data-API request with arrival time, company, token fingerprint, method, path and status', async () => {
    const token = sandbox.tokens.issue('10001', 'log@example.sk');
    const start = clock.now;
    await call('/api/invoices?Top=2', token);
    clock.now += 250;
    await call('/api/no-such-endpoint', token);
    await call('/api/invoices/abc', token);
    await call('/api/warehouses', token);
    await call('/api/invoices');
    await call('/api/invoices', 'sbx_unknown');
    await call('/api/invoices', token); // the 4th counted within a second (an unknown path is not counted)
    const fingerprint = createHash('sha256').update(token).digest('hex').slice(0, 8);
    const company = { tenantId: '10001', tokenFingerprint: fingerprint };
    const entry = (at: number, path: string, query: string, status: number, who: object = company) => ({
      at,
      ...who,
      method: 'GET',
      path,
      query,
      status,
      durationMs: expect.any(Number),
    });
    const nobody = { tenantId: null, tokenFingerprint: null };
    const unknownToken = { tenantId: null, tokenFingerprint: expect.stringMatching(/^[0-9a-f]{8}$/) };
    expect(sandbox.dataApi.requests()).toEqual([
      entry(start, '/api/invoices', '?Top=2', 200),
      entry(start + 250, '/api/no-such-endpoint', '', 404),
      entry(start + 250, '/api/invoices/abc', '', 400),
      entry(start + 250, '/api/warehouses', '', 200),
      entry(start + 250, '/api/invoices', '', 401, nobody),
      entry(start + 250, '/api/invoices', '', 401, unknownToken),
      entry(start + 250, '/api/invoices', '', 429),
    ]);
    expect(JSON.stringify(sandbox.dataApi.requests())).not.toContain(token);
  });

  it('answers copies, and starts over after resetRequests()', async () => {
    const token = sandbox.tokens.issue('10002', 'log@example.sk');
    clock.now += 1_000;
    await call('/api/auth/check', token);
    const copy = sandbox.dataApi.requests();
    copy[0]!.status = 999;
    expect(sandbox.dataApi.requests()[0]?.status).toBe(200);
    sandbox.dataApi.resetRequests();
    expect(sandbox.dataApi.requests()).toEqual([]);
  });

  it('is served at GET /admin/data-api/requests for tests in another process, without tokens', async () => {
    const token = sandbox.tokens.issue('10004', 'log@example.sk');
    clock.now += 1_000;
    await call('/api/warehouses', token);
    const res = await fetch(`${sandbox.url}/admin/data-api/requests`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).toEqual({ data: sandbox.dataApi.requests() });
    const reset = await fetch(`${sandbox.url}/admin/data-api/requests/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(sandbox.dataApi.requests()).toEqual([]);
  });

  it('shows a client that paces itself never exceeding 3 requests in any second', async () => {
    const token = sandbox.tokens.issue('20001', 'pacer@example.sk');
    const statuses = [];
    for (let i = 0; i < 12; i += 1) {
      clock.now += 340;
      statuses.push((await call('/api/warehouses', token)).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(maxRequestsInAnyWindow(sandbox.dataApi.requests(), 1_000)).toBe(3);
  });
});

describe('maxRequestsInAnyWindow', () => {
  const r = (at: number, tokenFingerprint: string | null = 'aaaaaaaa') => ({ at, tokenFingerprint });

  it('counts the most requests of one token inside any window of the given length', () => {
    expect(maxRequestsInAnyWindow([], 1_000)).toBe(0);
    expect(maxRequestsInAnyWindow([r(0), r(400), r(800), r(1_200), r(1_600)], 1_000)).toBe(3);
    expect(maxRequestsInAnyWindow([r(0), r(100), r(200), r(300)], 1_000)).toBe(4);
  });

  it('treats a request exactly one window later as outside, as the limiter does', () => {
    expect(maxRequestsInAnyWindow([r(0), r(500), r(999), r(1_000)], 1_000)).toBe(3);
    expect(maxRequestsInAnyWindow([r(0), r(500), r(999), r(999)], 1_000)).toBe(4);
  });

  it('keeps tokens apart, ignores requests without one, and does not mind the order', () => {
    const requests = [
      r(900, 'b'),
      r(0, 'a'),
      r(100, 'b'),
      r(50, 'a'),
      r(500, 'b'),
      r(10, null),
      r(20, null),
      r(30, null),
    ];
    expect(maxRequestsInAnyWindow(requests, 1_000)).toBe(3);
    expect(maxRequestsInAnyWindow(requests, 60_000)).toBe(3);
  });
});
