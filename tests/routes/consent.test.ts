import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as startConsent } from '@/app/companies/[tenantId]/connection/consent/route';
import { POST as consentReturn } from '@/app/consent/return/route';
import { POST as logout } from '@/app/auth/logout/route';
import { listConnections } from '@/lib/broker/connections';
import { openSecret, openToken, webhookSecretContext } from '@/lib/crypto/vault';
import { getDb } from '@/lib/db/client';
import { accessTokens, consentRequests } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { MAX_PENDING_CONSENTS } from '@/lib/consent/start';
import { BASE, PLUGIN_ID } from '../support/broker';
import { capturedLogLines, rememberSecret } from '../support/log-capture';
import { signIn, startCompanyFixture, type CompanyFixture } from '../support/company';

/**
 * Integration Consent in post mode, from our side: "Connect" builds the consent page's address with every parameter
 * of the interface and a state bound to the session; the service's answer comes back as a cross-site form POST to
 * /consent/return (no cookie), is read from its indexed fields, and stores each approved company's token (encrypted,
 * with its webhook secret) exactly once.
 */
let fixture: CompanyFixture;
beforeAll(async () => {
  fixture = await startCompanyFixture();
});
afterAll(() => fixture.stop());

// Each test signs in a user of its own, so what one test stores cannot be mistaken for another's.
let user = '';
let users = 0;
beforeEach(() => {
  user = `consent-user-${(users += 1)}@example.sk`;
});
const signInAs = (input: { tenantIds: string[]; connected?: string[] }) => signIn(fixture, { sub: user, ...input });

const sameSite = { origin: BASE, 'sec-fetch-site': 'same-origin' };

async function start(tenantId: string, cookie: string | null, headers: Record<string, string> = sameSite): Promise<Response> {
  const request = new Request(`${BASE}/companies/${tenantId}/connection/consent`, {
    method: 'POST',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
  return startConsent(request, { params: Promise.resolve({ tenantId }) });
}

/** Starts a consent and returns the consent page's parameters (as the service would read them). */
async function begin(tenantId: string, cookie: string) {
  const response = await start(tenantId, cookie);
  expect(response.status).toBe(303);
  const url = new URL(response.headers.get('location')!);
  const state = rememberSecret(url.searchParams.get('state')!);
  rememberSecret(url.searchParams.get('webhook_secret')!);
  return { url, state };
}

type Approved = { tenantId: string; name?: string; token: string; webhookSecret?: string };

/** The consent page's POST: indexed fields only, as the interface describes it. No cookie of ours comes along. */
function answer(state: string | null, companies: Approved[], extra: [string, string][] = []): Promise<Response> {
  const fields: [string, string][] = [];
  companies.forEach((company, n) => {
    fields.push([`data[${n}][companyId]`, company.tenantId], [`data[${n}][token]`, company.token]);
    fields.push([`data[${n}][companyName]`, company.name ?? `Company ${company.tenantId}`]);
    if (company.webhookSecret) fields.push([`data[${n}][webhookSecret]`, company.webhookSecret]);
  });
  if (state !== null) fields.push(['state', state]);
  return consentReturn(
    new Request(`${BASE}/consent/return`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://firma.kros.sk', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams([...fields, ...extra]).toString(),
    }),
  );
}

const issue = (tenantId: string) => rememberSecret(fixture.tokens.issue(tenantId, user));
const rowOf = async (tenantId: string) =>
  (await (await getDb()).select().from(accessTokens).where(sql`${accessTokens.userId} = ${user} and ${accessTokens.tenantId} = ${tenantId}`))[0];
const identity = (tenantId: string) => ({ userId: user, tenantId, pluginId: PLUGIN_ID });

describe('starting a consent', () => {
  it('sends the browser to the consent page with every parameter the interface lists', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    const { url, state } = await begin('10002', cookie);
    const env = getEnv();
    expect(url.origin + url.pathname).toBe(env.consent!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      plugin_name: env.consent!.appName,
      integrator_name: env.consent!.integratorName,
      version: '1',
      response_mode: 'post',
      state,
      redirect_url: `${BASE}/consent/return`,
      company_mode: 'single',
      webhook: expect.stringMatching(new RegExp(`^${BASE}/api/webhooks/[A-Za-z0-9_-]{22}$`)),
      webhook_secret: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('asks for several companies when more of the session’s companies lack a token', async () => {
    const cookie = await signInAs({ tenantIds: ['10001', '10002', '10003'], connected: ['10001'] });
    expect((await begin('10002', cookie)).url.searchParams.get('company_mode')).toBe('multiple');
  });

  it('makes a new state each time, kept only as its hash', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    const first = await begin('10002', cookie);
    const second = await begin('10002', cookie);
    expect(first.state).not.toBe(second.state);
    const stored = JSON.stringify(await (await getDb()).select().from(consentRequests));
    expect(stored).not.toContain(first.state);
    expect(stored).not.toContain(second.state);
  });

  it('keeps no state in post mode (its hash is enough), and refuses a session more than 10 pending attempts', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    await begin('10002', cookie);
    const rows = await (await getDb()).select().from(consentRequests).where(eq(consentRequests.userId, user));
    expect(rows.map((row) => row.sealedState)).toEqual([null]);
    for (let started = 1; started < MAX_PENDING_CONSENTS; started += 1) await begin('10002', cookie);
    const refused = await start('10002', cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('is refused from another site, without a session, and for a company outside the session', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    expect((await start('10002', cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await start('10002', null)).status).toBe(401);
    expect((await start('10001', cookie)).status).toBe(403);
  });
});

describe('the consent’s answer (post mode)', () => {
  it('stores each approved company’s token encrypted, with its webhook secret, and lands on the company page', async () => {
    const cookie = await signInAs({ tenantIds: ['10002', '10003'], connected: [] });
    const { url, state } = await begin('10002', cookie);
    const [two, three] = [issue('10002'), issue('10003')];
    const secret = rememberSecret('d2ViaG9vay1zZWNyZXQtb2YtMTAwMDI=');

    const response = await answer(state, [
      { tenantId: '10002', name: 'Záhradníctvo', token: two, webhookSecret: secret },
      { tenantId: '10003', name: 'Stolárstvo', token: three },
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/companies\/10002\?consent=[A-Za-z0-9_-]{22}$/);

    const stored = (await rowOf('10002'))!;
    expect(openToken(stored, identity('10002'), getEnv().encryptionKeys)).toBe(two);
    expect(stored.sealedToken).not.toContain(two);
    expect(openSecret({ keyId: stored.keyId, sealed: stored.sealedWebhookSecret! }, webhookSecretContext(identity('10002')), getEnv().encryptionKeys)).toBe(secret);
    expect(stored).toMatchObject({ source: 'consent', companyName: 'Záhradníctvo', webhookId: new URL(url.searchParams.get('webhook')!).pathname.split('/').pop() });
    // No webhookSecret field: the connection has no webhook, and none is stored.
    expect((await rowOf('10003'))?.sealedWebhookSecret).toBeNull();
    const states = await listConnections(await getDb(), { userId: user, pluginId: PLUGIN_ID, tenantIds: ['10002', '10003'] });
    expect(states.map((company) => company.state)).toEqual(['connected', 'connected']);
    expect(capturedLogLines.join('\n')).not.toContain(state);
  });

  it('is harmless when the same POST arrives again: the same page, nothing stored anew', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    const { state } = await begin('10002', cookie);
    const token = issue('10002');
    const first = await answer(state, [{ tenantId: '10002', token }]);
    const before = await rowOf('10002');

    const again = await answer(state, [{ tenantId: '10002', token }]);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    // A reused state cannot bring another token either.
    const other = await answer(state, [{ tenantId: '10002', token: issue('10002') }]);
    expect(other.headers.get('location')).toBe(first.headers.get('location'));
    expect(await rowOf('10002')).toEqual(before);
  });

  it('leaves out companies outside the session, and says which', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    const { state } = await begin('10002', cookie);
    const response = await answer(state, [
      { tenantId: '10002', token: issue('10002') },
      { tenantId: '20001', name: 'Čistiareň Žilina s.r.o.', token: issue('20001') },
    ]);
    expect(response.status).toBe(303);
    expect(await rowOf('20001')).toBeUndefined();
    const consentId = new URL(response.headers.get('location')!, BASE).searchParams.get('consent')!;
    const [row] = await (await getDb()).select().from(consentRequests).where(eq(consentRequests.id, consentId));
    expect(row?.outcome).toEqual({
      stored: [{ tenantId: '10002', name: 'Company 10002' }],
      leftOut: [{ tenantId: '20001', name: 'Čistiareň Žilina s.r.o.' }],
    });
  });

  it('replaces our old token for the company with the consent’s', async () => {
    const cookie = await signInAs({ tenantIds: ['10004'] });
    const delivered = await rowOf('10004');
    expect(delivered?.source).toBe('gateway');
    const { state } = await begin('10004', cookie);
    const token = issue('10004');
    await answer(state, [{ tenantId: '10004', token }]);
    const replaced = (await rowOf('10004'))!;
    expect(replaced.source).toBe('consent');
    expect(openToken(replaced, identity('10004'), getEnv().encryptionKeys)).toBe(token);
  });

  it('is kept when the gateway later delivers its own token for the company, unless the service refused it', async () => {
    const cookie = await signInAs({ tenantIds: ['10004'], connected: [] });
    const { state } = await begin('10004', cookie);
    const token = issue('10004');
    await answer(state, [{ tenantId: '10004', token, webhookSecret: rememberSecret('a2VwdC1zZWNyZXQ=') }]);
    const consented = await rowOf('10004');

    // A new launch that asks for tokens: the gateway's own token for 10004 does not replace the user's connection.
    await signInAs({ tenantIds: ['10004'] });
    expect(await rowOf('10004')).toEqual(consented);

    // Once the service has refused the consent's token, the gateway's delivery restores the company.
    await (await getDb()).update(accessTokens).set({ invalidatedAt: new Date() }).where(eq(accessTokens.userId, user));
    await signInAs({ tenantIds: ['10004'] });
    expect(await rowOf('10004')).toMatchObject({ source: 'gateway', invalidatedAt: null, sealedWebhookSecret: null });
  });

  it('shows a readable page and stores nothing for an unknown, missing or expired state', async () => {
    const cookie = await signInAs({ tenantIds: ['10003'], connected: [] });
    const token = issue('10003');

    const unknown = await answer('u'.repeat(43), [{ tenantId: '10003', token }]);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    expect(await unknown.text()).toContain('Nič sa neuložilo');

    expect((await answer(null, [{ tenantId: '10003', token }])).status).toBe(400);

    const { state } = await begin('10003', cookie);
    await (await getDb()).update(consentRequests).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(consentRequests.userId, user));
    const expired = await answer(state, [{ tenantId: '10003', token }]);
    expect(expired.status).toBe(410);
    expect(await rowOf('10003')).toBeUndefined();
    for (const page of [unknown, expired]) expect(JSON.stringify([...page.headers])).not.toContain(token);
  });

  it('is refused once the session that started it has signed out', async () => {
    const cookie = await signInAs({ tenantIds: ['10003'], connected: [] });
    const { state } = await begin('10003', cookie);
    await logout(new Request(`${BASE}/auth/logout`, { method: 'POST', headers: { ...sameSite, cookie } }));
    expect((await answer(state, [{ tenantId: '10003', token: issue('10003') }])).status).toBe(410);
    expect(await rowOf('10003')).toBeUndefined();
  });

  it('refuses a body that is not the consent’s answer, storing nothing', async () => {
    const cookie = await signInAs({ tenantIds: ['10003'], connected: [] });
    const { state } = await begin('10003', cookie);
    const token = issue('10003');
    const rootOnly = await consentReturn(
      new Request(`${BASE}/consent/return`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ companyId: '10003', token, state }).toString(),
      }),
    );
    expect(rootOnly.status).toBe(400);
    expect(await rowOf('10003')).toBeUndefined();
    // The state was not spent by the malformed body: the real answer still completes.
    expect((await answer(state, [{ tenantId: '10003', token }])).status).toBe(303);
  });
});
