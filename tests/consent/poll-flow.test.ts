import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POST as openRoute } from '@/app/companies/[tenantId]/connection/consent/[consentId]/open/route';
import { POST as startRoute } from '@/app/companies/[tenantId]/connection/consent/route';
import { followConsent } from '@/lib/features/connections/connect';
import { openCompanyClient } from '@/lib/owners/connections/client';
import { listConnections } from '@/lib/owners/connections/states';
import { findConsentResult } from '@/lib/owners/consent/result';
import { sha256Hex } from '@/lib/platform/crypto/digest';
import { getDb } from '@/lib/platform/db/client';
import { consentRequests } from '@/lib/platform/db/schema';
import { getEnv, resetEnvForTests } from '@/lib/platform/env';
import { pollSubscription } from '@/lib/service/subscription-poll';

import { BASE, PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, JANA, signIn, startCompanyFixture } from '../support/company';
import { capturedLogLines, rememberSecret } from '../support/log-capture';

/**
 * Poll mode end to end against the sandbox, which plays the service's consent page and poll endpoint: the company
 * page's start route, the progress page's "open" route (the only place the state leaves the server, to the browser
 * on its way to the consent page), and followConsent (the progress page's) with the real poll call.
 */

let fixture: CompanyFixture;
beforeAll(async () => {
  fixture = await startCompanyFixture();
  process.env.CONSENT_URL = `${fixture.url}/integration-consent`;
  process.env.CONSENT_RESPONSE_MODE = 'poll';
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.CONSENT_URL;
  delete process.env.CONSENT_RESPONSE_MODE;
  resetEnvForTests();
  await fixture.stop();
});

const sameOrigin = { origin: BASE, 'sec-fetch-site': 'same-origin' };

function post(path: string, headers: Record<string, string>): Request {
  return new Request(`${BASE}${path}`, { method: 'POST', headers: { ...sameOrigin, ...headers } });
}

/** Starts a consent from the company page as the browser would; answers the attempt's id. */
async function start(cookie: string, tenantId = '10001'): Promise<string> {
  const response = await startRoute(post(`/companies/${tenantId}/connection/consent`, { cookie }), {
    params: Promise.resolve({ tenantId }),
  });
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  const match = new RegExp(`^/companies/${tenantId}/connection/consent/([A-Za-z0-9_-]+)$`).exec(location);
  expect(match, location).not.toBeNull();
  return match![1]!;
}

function open(tenantId: string, consentId: string, headers: Record<string, string>): Promise<Response> {
  return openRoute(post(`/companies/${tenantId}/connection/consent/${consentId}/open`, headers), {
    params: Promise.resolve({ tenantId, consentId }),
  });
}

/** The consent page's address the open route answers, and the state in it (remembered as a secret). */
async function consentAddress(cookie: string, consentId: string) {
  const response = await open('10001', consentId, { cookie, accept: 'application/json' });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const state = rememberSecret(new URL(url).searchParams.get('state') ?? '');
  return { url: new URL(url), state };
}

const scope = { userId: JANA, pluginId: PLUGIN_ID, tenantId: '10001' };
const deps = () => ({
  poll: (state: string) => pollSubscription(state, { baseUrl: getEnv().dataApiBaseUrl }),
  keys: getEnv().encryptionKeys,
});
const makeDue = async (consentId: string) =>
  (await getDb())
    .update(consentRequests)
    .set({ nextPollAt: new Date(Date.now() - 1_000) })
    .where(eq(consentRequests.id, consentId));

describe('the open route', () => {
  it('answers 303 to the consent page in poll mode, with the attempt’s state, uncached and without a referrer', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001', '10002'], connected: [] });
    const consentId = await start(cookie);
    const response = await open('10001', consentId, { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const url = new URL(response.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${fixture.url}/integration-consent`);
    const state = rememberSecret(url.searchParams.get('state') ?? '');
    expect(url.searchParams.get('response_mode')).toBe('poll');
    expect(url.searchParams.get('redirect_url')).toBeNull();
    expect(url.searchParams.get('company_mode')).toBe('multiple');
    const [row] = await (await getDb()).select().from(consentRequests).where(eq(consentRequests.id, consentId));
    expect(row?.stateHash).toBe(sha256Hex(state));
    expect(url.searchParams.get('webhook')).toBe(`${BASE}/api/webhooks/${row?.webhookId}`);

    // The same address for the page's script, which opens the tab itself (the cookie is partitioned in the frame).
    const json = await consentAddress(cookie, consentId);
    expect(json.state).toBe(state);
    expect(capturedLogLines.join('\n')).not.toContain(state);
  });

  it('is refused from another site, without a session, for a company outside the session, and for another user’s attempt', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001'], connected: [] });
    const consentId = await start(cookie);
    expect((await open('10001', consentId, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await open('10001', consentId, { cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await open('10001', consentId, {})).status).toBe(401);
    expect((await open('20001', consentId, { cookie })).status).toBe(403);
    expect((await open('10001', 'not an id!', { cookie })).status).toBe(404);

    const peter = await signIn(fixture, { sub: 'peter.horvath@example.sk', tenantIds: ['10001'], connected: [] });
    const foreign = await open('10001', consentId, { cookie: peter, accept: 'application/json' });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain('integration-consent');
  });

  it('sends the browser back to the progress page once the attempt has ended', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001'], connected: [] });
    const consentId = await start(cookie);
    await (await getDb()).update(consentRequests).set({ status: 'failed' }).where(eq(consentRequests.id, consentId));
    const plain = await open('10001', consentId, { cookie });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe(`/companies/10001/connection/consent/${consentId}`);
    const json = await open('10001', consentId, { cookie, accept: 'application/json' });
    expect(await json.json()).toEqual({ ended: true });
  });
});

describe('polling the sandbox', () => {
  it('Pending until the user approves at the service; then the tokens are stored and work with the data API', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001', '10002'], connected: [] });
    const consentId = await start(cookie);
    const { url, state } = await consentAddress(cookie, consentId);

    expect(await followConsent(await getDb(), consentId, scope, deps())).toMatchObject({
      status: 'pending',
      finished: false,
    });
    expect(fixture.consent.status(state)).toBe('Pending');

    // The user approves both companies and one the session does not have.
    const approved = fixture.consent.approve({
      state,
      userId: JANA,
      tenantIds: ['10001', '10002', '10003'],
      webhook: url.searchParams.get('webhook') ?? undefined,
    });
    for (const company of approved) rememberSecret(company.token);
    await makeDue(consentId);
    const view = await followConsent(await getDb(), consentId, scope, deps());
    expect(view).toMatchObject({ status: 'connected', finished: true });
    expect(await findConsentResult(await getDb(), consentId, scope)).toEqual({
      status: 'connected',
      startedFor: '10001',
      outcome: {
        stored: [
          { tenantId: '10001', name: 'Pekáreň Novák s.r.o.' },
          { tenantId: '10002', name: 'Záhradníctvo Ľaliová dolina s.r.o.' },
        ],
        leftOut: [{ tenantId: '10003', name: 'Stolárstvo Šťastný, s.r.o.' }],
        replaced: [],
      },
    });

    const connections = await listConnections(await getDb(), { ...scope, tenantIds: ['10001', '10002'] });
    expect(connections.map((company) => company.state)).toEqual(['connected', 'connected']);
    await expect((await openCompanyClient({ ...scope, tenantId: '10002' })).auth.check()).resolves.toBe(true);
    const logs = capturedLogLines.join('\n');
    expect(logs).not.toContain(state);
    for (const company of approved) expect(logs).not.toContain(company.token);
  });

  it('an approval whose 15 minutes passed before we fetched it ends the attempt as expired', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10004'], sub: 'peter.horvath@example.sk', connected: [] });
    const consentId = await start(cookie, '10004');
    const response = await open('10004', consentId, { cookie, accept: 'application/json' });
    const state = rememberSecret(
      new URL(((await response.json()) as { url: string }).url).searchParams.get('state') ?? '',
    );
    for (const company of fixture.consent.approve({
      state,
      userId: 'peter.horvath@example.sk',
      tenantIds: ['10004'],
      ageMs: 15 * 60_000,
    })) {
      rememberSecret(company.token);
    }
    const view = await followConsent(
      await getDb(),
      consentId,
      { userId: 'peter.horvath@example.sk', pluginId: PLUGIN_ID, tenantId: '10004' },
      deps(),
    );
    expect(view).toMatchObject({ status: 'expired', finished: true });
  });

  it('the sandbox’s 429 is read with its retry-after', async () => {
    const state = rememberSecret('s'.repeat(43));
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => pollSubscription(state, { baseUrl: fixture.url })),
    );
    const limited = answers.filter((answer) => answer.kind === 'rate-limited');
    expect(limited.length).toBeGreaterThan(0);
    for (const answer of limited)
      expect(answer.kind === 'rate-limited' && answer.retryAfterMs).toBeGreaterThanOrEqual(1_000);
    expect(
      answers
        .filter((answer) => answer.kind === 'status')
        .every((answer) => answer.kind === 'status' && answer.status === 'Pending'),
    ).toBe(true);
  });
});
