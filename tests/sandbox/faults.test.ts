/**
 * Fault injection: a company's data API can be made to answer 401, 402, 403, 404, 5xx, 429 or slowly, for all requests (or one path's) or
 * the next N, from tests (in process) and over the admin route the home page's form uses.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { dataApiDuringTests } from './data-api-harness';

const api = dataApiDuringTests();
afterEach(() => {
  api.sandbox.dataApi.clearFaults();
});

const T = '10001';
const control = () => api.sandbox.dataApi;

describe('fault modes', () => {
  it('unauthorized answers 401 exactly like a revoked token, for that company only', async () => {
    control().setFault(T, { mode: 'unauthorized' });
    const res = await api.get(T, '/api/invoices?Top=1');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect((await api.get(T, '/api/auth/check')).status).toBe(401);
    expect((await api.get('10002', '/api/invoices?Top=1')).status).toBe(200);
  });

  it('payment-required answers 402 with the rate-limit headers; the auth check, which has no 402, still passes', async () => {
    control().setFault(T, { mode: 'payment-required' });
    const res = await api.get(T, '/api/expenses');
    expect(res.status).toBe(402);
    expect(res.body).toEqual(expect.objectContaining({ status: 402, title: 'Payment Required' }));
    expect(res.headers.get('x-rate-limit-remaining')).not.toBeNull();
    expect((await api.get(T, '/api/auth/check')).status).toBe(200);
  });

  it('forbidden answers 403 where the interface lists it, not on report downloads or batch uploads', async () => {
    control().setFault(T, { mode: 'forbidden' });
    expect((await api.get(T, '/api/invoices')).status).toBe(403);
    expect((await api.get(T, '/api/warehouses')).status).toBe(403);
    control().clearFaults();
    const id = (await api.get(T, '/api/invoices?Top=1')).body.data[0].id;
    control().setFault(T, { mode: 'forbidden' });
    expect((await api.call(T, `/api/invoices/${id}/reports/17`)).status).toBe(200);
    expect((await api.post(T, '/api/invoices/batch', { data: [] })).status).toBe(400);
  });

  it('not-found answers 404, and a fault with a path strikes that resource alone (a kind the service refuses)', async () => {
    control().setFault(T, { mode: 'not-found', path: '/api/delivery-notes' });
    const res = await api.get(T, '/api/delivery-notes?Top=1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(expect.objectContaining({ status: 404, title: 'Not Found' }));
    expect((await api.get(T, '/api/delivery-notes/1')).status).toBe(404);
    expect((await api.get(T, '/api/invoices?Top=1')).status).toBe(200);
    // Another resource, another refusal: the rest of the company answers.
    control().setFault(T, { mode: 'forbidden', path: '/api/invoices' });
    expect((await api.get(T, '/api/invoices?Top=1')).status).toBe(403);
    expect((await api.get(T, '/api/expenses?Top=1')).status).toBe(200);
    expect(control().faults()[T]).toMatchObject({ mode: 'forbidden', path: '/api/invoices' });
    expect(() => control().setFault(T, { mode: 'not-found', path: 'api/../x' })).toThrow();
  });

  it('server-error answers 503 by default, or the 5xx asked for', async () => {
    control().setFault(T, { mode: 'server-error' });
    const res = await api.get(T, '/api/invoices');
    expect(res.status).toBe(503);
    expect(res.body.title).toBe('Service Unavailable');
    control().setFault(T, { mode: 'server-error', status: 500 });
    expect((await api.get(T, '/api/invoices')).status).toBe(500);
    expect(() => control().setFault(T, { mode: 'server-error', status: 404 })).toThrow();
  });

  it('slow delays each answer by delayMs, then answers normally', async () => {
    control().setFault(T, { mode: 'slow', delayMs: 150 });
    const started = performance.now();
    const res = await api.get(T, '/api/invoices?Top=1');
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(control().faults()[T]).toEqual(expect.objectContaining({ mode: 'slow', delayMs: 150 }));
  });

  it('rate-limited answers 429 with the retry-after asked for and the x-rate-limit headers', async () => {
    control().setFault(T, { mode: 'rate-limited', retryAfterSeconds: 7 });
    const res = await api.get(T, '/api/invoices');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(res.headers.get('x-rate-limit-limit')).not.toBeNull();
    expect(Number(res.headers.get('x-rate-limit-reset'))).toBe(Math.ceil(api.clock.now / 1000) + 7);
  });

  it('count limits a fault to the next N requests, then it clears itself', async () => {
    control().setFault(T, { mode: 'server-error', count: 2 });
    expect(control().faults()[T]?.remaining).toBe(2);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await api.get(T, '/api/warehouses')).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect(control().faults()).toEqual({});
  });

  it('after lets the next N requests through, then the fault strikes (a failure in the middle of a run)', async () => {
    control().setFault(T, { mode: 'server-error', after: 2, count: 1 });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await api.get(T, '/api/warehouses')).status);
    expect(statuses).toEqual([200, 200, 503, 200]);
    control().setFault(T, { mode: 'unauthorized', after: 1 });
    expect([(await api.get(T, '/api/warehouses')).status, (await api.get(T, '/api/warehouses')).status]).toEqual([
      200, 401,
    ]);
  });

  it('comes after the token check: a revoked token of a faulty company still gets a plain 401', async () => {
    const token = api.sandbox.tokens.issue(T, 'revoked@example.sk');
    api.sandbox.tokens.revokeToken(token);
    control().setFault(T, { mode: 'payment-required' });
    const res = await fetch(`${api.sandbox.url}/api/invoices`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });

  it('401 and 429 faults do not count against the rate limit; 402 does', async () => {
    const token = api.sandbox.tokens.issue(T, 'counting@example.sk');
    const call = () => fetch(`${api.sandbox.url}/api/warehouses`, { headers: { Authorization: `Bearer ${token}` } });
    control().setFault(T, { mode: 'rate-limited', count: 5 });
    for (let i = 0; i < 5; i += 1) expect((await call()).status).toBe(429);
    control().setFault(T, { mode: 'payment-required', count: 2 });
    expect([(await call()).status, (await call()).status]).toEqual([402, 402]);
    // Same instant: two of the three slots are taken by the 402s, none by the 429s.
    expect([(await call()).status, (await call()).status]).toEqual([200, 429]);
  });

  it('setting mode none clears the company', async () => {
    control().setFault(T, { mode: 'forbidden' });
    expect(control().setFault(T, { mode: 'none' })).toBeNull();
    expect((await api.get(T, '/api/warehouses')).status).toBe(200);
  });
});

describe('the admin route and the home page', () => {
  const admin = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${api.sandbox.url}${path}`, { method: 'POST', redirect: 'manual', headers, body });

  it('POST /admin/data-api/fault sets a fault from JSON and GET lists them', async () => {
    const res = await admin(
      '/admin/data-api/fault',
      JSON.stringify({ tenantId: 10002, mode: 'server-error', status: 502, count: 1 }),
      { 'Content-Type': 'application/json' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      tenantId: '10002',
      fault: { mode: 'server-error', status: 502, delayMs: 3000, retryAfterSeconds: 30, remaining: 1, path: null },
    });
    expect(await (await fetch(`${api.sandbox.url}/admin/data-api/fault`)).json()).toEqual({
      faults: { '10002': expect.objectContaining({ mode: 'server-error' }) },
    });
    expect((await api.get('10002', '/api/invoices')).status).toBe(502);
    expect((await api.get('10002', '/api/invoices?Top=1')).status).toBe(200);
  });

  it('refuses malformed requests and cross-site form posts', async () => {
    expect(
      (await admin('/admin/data-api/fault', JSON.stringify({ tenantId: '10001', mode: 'explode' }), {})).status,
    ).toBe(400);
    expect((await admin('/admin/data-api/fault', JSON.stringify({ mode: 'slow' }), {})).status).toBe(400);
    const cross = await admin('/admin/data-api/fault', 'tenantId=10001&mode=forbidden', {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'https://elsewhere.example',
    });
    expect(cross.status).toBe(403);
    expect(control().faults()).toEqual({});
  });

  it('takes the home page form (urlencoded, empty fields unset) and sends the browser back to the page', async () => {
    const res = await admin(
      '/admin/data-api/fault',
      'tenantId=10004&mode=slow&status=&delayMs=250&retryAfterSeconds=&count=3',
      {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: api.sandbox.url,
      },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/#faults');
    expect(control().faults()['10004']).toEqual({
      mode: 'slow',
      status: 200,
      delayMs: 250,
      retryAfterSeconds: 30,
      remaining: 3,
      path: null,
    });
    const page = await (await fetch(`${api.sandbox.url}/`)).text();
    expect(page).toContain('Data API faults');
    expect(page).toMatch(/<form method="post" action="\/admin\/data-api\/fault"/);
    expect(page).toContain('<b>slow</b> (250 ms), 3 request(s) left');
    const clear = await admin('/admin/data-api/faults/clear', '', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(clear.status).toBe(303);
    expect(control().faults()).toEqual({});
  });
});

describe('previewLink answers of a test’s choosing', () => {
  it('POST /admin/data-api/preview-link makes previewLink answer the string verbatim, for that company, until the faults are cleared', async () => {
    const id = (await api.get(T, '/api/invoices?Top=1')).body.data[0].id;
    const link = 'http://elsewhere.example/r\u0000?k=ľ';
    const set = await fetch(`${api.sandbox.url}/admin/data-api/preview-link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenantId: T, link }),
    });
    expect(set.status).toBe(200);
    expect((await api.get(T, `/api/invoices/${id}/reports/19/previewLink`)).body).toEqual({ data: { url: link } });
    const other = (await api.get('10002', '/api/invoices?Top=1')).body.data[0].id;
    expect((await api.get('10002', `/api/invoices/${other}/reports/19/previewLink`)).body.data.url).toMatch(
      /\/preview\//,
    );
    control().clearFaults();
    expect((await api.get(T, `/api/invoices/${id}/reports/19/previewLink`)).body.data.url).toMatch(/\/preview\//);
  });
});
