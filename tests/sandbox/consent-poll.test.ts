/**
 * POST /api/integration-subscription/poll, as interface.md "Subscription poll status" describes it: Pending until the
 * user approves, Approved with the companies for 15 minutes, Expired after that, Denied once the poll limit is
 * exceeded; 400 for a bad body, 429 with retry-after per state. A fake clock stands in for the 15 minutes.
 */
import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../sandbox/app';
import { createConsentStore, FORGET_AFTER_MS, POLL_LIMIT } from '../../sandbox/consent/store';
import { rememberSecret } from '../support/log-capture';
import { startTestSandbox } from '../support/sandbox';
import { decideOnConsentPage } from './html';

let sandbox: Sandbox;
const clock = { now: Date.parse('2026-11-22T10:00:00Z') };
beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => clock.now });
});
afterAll(() => sandbox?.close());
// Every test polls a state of its own, a second later than the last test: no test meets another's rate window.
beforeEach(() => {
  clock.now += 1_000;
});

const MINUTE = 60_000;
const JANA = 'jana.novakova@example.sk';
const newState = () => randomBytes(32).toString('base64url');

async function poll(state: unknown, init: { raw?: string; contentType?: string } = {}) {
  const res = await fetch(`${sandbox.url}/api/integration-subscription/poll`, {
    method: 'POST',
    headers: { 'content-type': init.contentType ?? 'application/json' },
    body: init.raw ?? JSON.stringify({ state }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/** A poll a little later, so a test that polls many times stays within 3 per second. */
async function pollLater(state: string) {
  clock.now += 400;
  return poll(state);
}

/** The consent page in poll mode, as a browser would use it: Jana chooses company 10001. */
async function decideOnPage(state: string, decision: string, extra: Record<string, string> = {}) {
  const params = {
    plugin_name: 'Till',
    integrator_name: 'Pokladne s.r.o.',
    version: '1',
    response_mode: 'poll',
    state,
    ...extra,
  };
  const res = await decideOnConsentPage(sandbox.url, params, { decision, userId: JANA, companyIds: ['10001'] });
  return { status: res.status, html: await res.text() };
}

describe('polling a consent', () => {
  it('answers Pending with no companies for a state nobody approved, without an Authorization header', async () => {
    const res = await poll(newState());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'Pending', companies: [] } });
    expect(res.headers.get('x-rate-limit-remaining')).toBe('2');
  });

  it('answers Approved with the companies after approval on the page, as often as asked within 15 minutes', async () => {
    const state = newState();
    const page = await decideOnPage(state, 'approve');
    expect(page.status).toBe(200);
    expect(page.html).toContain('You can close this window');
    const first = await poll(state);
    expect(first.body.data.status).toBe('Approved');
    expect(first.body.data.companies).toEqual([
      { companyId: 10001, companyName: 'Pekáreň Novák s.r.o.', token: expect.any(String) },
    ]);
    const token = rememberSecret(first.body.data.companies[0].token);
    expect(
      (await fetch(`${sandbox.url}/api/auth/check`, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200);

    clock.now += 15 * MINUTE - 2_000;
    const again = await poll(state);
    expect(again.body.data).toEqual(first.body.data);
  });

  it('carries webHookSecret (capital H) for a connection with a webhook, and only then', async () => {
    const state = newState();
    await decideOnPage(state, 'approve', {
      webhook: 'https://till.example/hooks',
      webhook_secret: 'till-secret-0123456789',
    });
    const company = (await poll(state)).body.data.companies[0];
    rememberSecret(company.token);
    expect(company.webHookSecret).toBe('till-secret-0123456789');
    expect(company).not.toHaveProperty('webhookSecret');
  });

  it('answers Expired with no companies once 15 minutes have passed since approval', async () => {
    const state = newState();
    await decideOnPage(state, 'approve');
    clock.now += 15 * MINUTE - 1;
    expect((await poll(state)).body.data.status).toBe('Approved');
    clock.now += 1;
    expect((await poll(state)).body).toEqual({ data: { status: 'Expired', companies: [] } });
    clock.now += 10 * MINUTE;
    expect((await poll(state)).body.data.status).toBe('Expired');
  });

  it('forgets an expired state after a while; it then answers Pending like any unknown state', async () => {
    const state = newState();
    sandbox.consent.approve({ state, userId: JANA, tenantIds: ['10002'] });
    clock.now += 15 * MINUTE + FORGET_AFTER_MS;
    expect((await poll(state)).body.data).toEqual({ status: 'Pending', companies: [] });
  });

  it('forgets a state that was only ever polled once it has been quiet for a while: its poll count starts again', () => {
    // On the store itself: the limit takes POLL_LIMIT polls, which over HTTP would have to keep to 3 per second.
    let t = clock.now;
    const store = createConsentStore(() => t);
    const [quiet, busy] = [newState(), newState()];
    for (let i = 0; i < POLL_LIMIT; i += 1) [quiet, busy].forEach((state) => store.poll(state));
    t += FORGET_AFTER_MS - 1;
    expect(store.poll(busy).status).toBe('Denied'); // still remembered: one poll over the limit
    t += 1;
    expect(store.poll(quiet).status).toBe('Pending'); // forgotten: this is its first poll again
  });

  it('"Approve and let it expire" stores the approval as 15 minutes old: the poll answers Expired at once', async () => {
    const state = newState();
    const page = await decideOnPage(state, 'approve-expired');
    expect(page.html).toContain('consent-expired');
    expect((await poll(state)).body.data).toEqual({ status: 'Expired', companies: [] });
  });

  it('stays Pending when the user declines', async () => {
    const state = newState();
    const page = await decideOnPage(state, 'decline');
    expect(page.html).toContain('consent-declined');
    expect((await poll(state)).body.data).toEqual({ status: 'Pending', companies: [] });
  });

  it(`answers Denied once a Pending state has been polled more than ${POLL_LIMIT} times, and stays Denied`, async () => {
    const state = newState();
    for (let i = 0; i < POLL_LIMIT; i += 1) expect((await pollLater(state)).body.data.status).toBe('Pending');
    expect((await pollLater(state)).body).toEqual({ data: { status: 'Denied', companies: [] } });
    sandbox.consent.approve({ state, userId: JANA, tenantIds: ['10001'] });
    expect((await pollLater(state)).body.data.status).toBe('Denied');
  });

  it('can be approved without a browser, for tests: sandbox.consent.approve', async () => {
    const state = newState();
    const companies = sandbox.consent.approve({
      state,
      userId: JANA,
      tenantIds: ['10001', '10002'],
      webhook: 'https://till.example/h',
    });
    for (const c of companies) rememberSecret(c.token);
    expect(sandbox.consent.status(state)).toBe('Approved');
    const answer = (await poll(state)).body.data;
    expect(answer.companies).toEqual(companies);
    expect(answer.companies.map((c: { companyId: number }) => c.companyId)).toEqual([10001, 10002]);
    for (const c of answer.companies) expect(Buffer.from(c.webHookSecret, 'base64')).toHaveLength(32);

    const old = newState();
    sandbox.consent.approve({ state: old, userId: JANA, tenantIds: ['10001'], ageMs: 15 * MINUTE });
    expect(sandbox.consent.status(old)).toBe('Expired');
    expect(() => sandbox.consent.approve({ state: 'short', userId: JANA, tenantIds: ['10001'] })).toThrow();
  });

  it('is logged by the data API as a request without a company or token, and company faults do not reach it', async () => {
    sandbox.dataApi.setFault('10001', { mode: 'server-error' });
    try {
      sandbox.dataApi.resetRequests();
      expect((await poll(newState())).status).toBe(200);
      expect(sandbox.dataApi.requests()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/api/integration-subscription/poll',
          tenantId: null,
          tokenFingerprint: null,
          status: 200,
        }),
      ]);
    } finally {
      sandbox.dataApi.clearFaults();
    }
  });
});

describe('a poll the service refuses', () => {
  const problem = expect.objectContaining({ status: 400, title: expect.any(String) });

  it.each([
    ['a body that is not JSON', { raw: '{"state":' }],
    ['no state', { raw: '{}' }],
    ['a state that is not a string', { raw: '{"state":12345678901234567890123456789012345}' }],
    ['an empty state', { raw: '{"state":""}' }],
    ['an array', { raw: '["x"]' }],
    ['a body not sent as JSON', { raw: '{"state":"abc"}', contentType: 'application/x-www-form-urlencoded' }],
  ])('answers 400 with a problem body for %s', async (_name, init) => {
    const res = await poll(undefined, init);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual(problem);
  });

  it('answers the 4th poll of one state within a second with 429 and retry-after; other states are counted apart', async () => {
    const state = newState();
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await poll(state)).status);
    clock.now += 500;
    const refused = await poll(state);
    expect([...statuses, refused.status]).toEqual([200, 200, 200, 429]);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(refused.body).toEqual(expect.objectContaining({ status: 429 }));
    expect((await poll(newState())).status).toBe(200);
    clock.now += 500;
    expect((await poll(state)).status).toBe(200);
  });

  it('does not count a refused poll towards the poll limit', async () => {
    const state = newState();
    for (let i = 0; i < 10; i += 1) await poll(state); // 3 answered, 7 refused
    clock.now += 1_000;
    for (let i = 0; i < POLL_LIMIT - 3; i += 1) expect((await pollLater(state)).body.data.status).toBe('Pending');
    expect((await pollLater(state)).body.data.status).toBe('Denied');
  });
});
