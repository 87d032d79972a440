import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { POST as receiveWebhook } from '@/app/api/webhooks/[webhookId]/route';
import { POST as logout } from '@/app/auth/logout/route';
import { POST as startConsent } from '@/app/companies/[tenantId]/connection/consent/route';
import { POST as consentReturn } from '@/app/consent/return/route';
import { followConsent } from '@/lib/features/connections/connect';
import { findConnectionNotice } from '@/lib/owners/connections/notice';
import { listConnections } from '@/lib/owners/connections/states';
import { storeAccessTokens } from '@/lib/owners/connections/store';
import { MAX_PENDING_CONSENTS } from '@/lib/owners/consent/start';
import { countFailure, FAILURE_LIMIT } from '@/lib/owners/rate-limits/failure-limit';
import { openSecret, openToken, webhookSecretContext } from '@/lib/platform/crypto/vault';
import { getDb } from '@/lib/platform/db/client';
import { accessTokens, consentRequests, webhookEvents } from '@/lib/platform/db/schema';
import { getEnv } from '@/lib/platform/env';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '@/sandbox/webhook-signer';

import { decideOnConsentPage, formById } from '../sandbox/html';
import { BASE, PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, signIn, startCompanyFixture } from '../support/company';
import { capturedLogLines, rememberSecret } from '../support/log-capture';

/**
 * Integration Consent in post mode, from our side: "Connect" builds the consent page's address with the interface's
 * parameters (no webhook secret: the service makes one per connection) and a state bound to the session; the
 * service's answer comes back in the consent page's own tab as a cross-site form POST to /consent/return (no cookie),
 * is read from its indexed fields, stores each approved company's token (encrypted, with its webhook secret) exactly
 * once, and answers a page that needs no session; the frame's progress page follows the attempt's row.
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

async function start(
  tenantId: string,
  cookie: string | null,
  headers: Record<string, string> = sameSite,
): Promise<Response> {
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
  return { url, state };
}

type Approved = { tenantId: string; name?: string; token: string; webhookSecret?: string };

/** The consent page's POST: indexed fields only, as the interface describes it. No cookie of ours comes along. */
function answer(
  state: string | null,
  companies: Approved[],
  extra: [string, string][] = [],
  headers: Record<string, string> = {},
): Promise<Response> {
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
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://firma.kros.sk',
        'sec-fetch-site': 'cross-site',
        ...headers,
      },
      body: new URLSearchParams([...fields, ...extra]).toString(),
    }),
  );
}

const issue = (tenantId: string) => rememberSecret(fixture.tokens.issue(tenantId, user));
const rowOf = async (tenantId: string) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(accessTokens)
      .where(sql`${accessTokens.userId} = ${user} and ${accessTokens.tenantId} = ${tenantId}`)
  )[0];
const identity = (tenantId: string) => ({ userId: user, tenantId, pluginId: PLUGIN_ID });
const attemptsOfUser = async () =>
  (await getDb()).select().from(consentRequests).where(eq(consentRequests.userId, user));

/** The page the answer shows in the consent page's tab: its kind and its text (tags dropped). */
async function returnPage(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  const html = await response.text();
  const kind = /data-consent-return="([a-z-]+)"/.exec(html)?.[1];
  return { kind, html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

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
    });
    // No webhook secret travels in the address (history, the service's logs): the service makes one per connection.
    expect(url.searchParams.has('webhook_secret')).toBe(false);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers our page’s script with the consent page’s address and the attempt’s progress page, for a new tab', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    const response = await start('10002', cookie, { ...sameSite, accept: 'application/json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const body = (await response.json()) as { url: string; progress: string };
    const url = new URL(body.url);
    rememberSecret(url.searchParams.get('state')!);
    expect(url.origin + url.pathname).toBe(getEnv().consent!.url);
    expect(url.searchParams.get('response_mode')).toBe('post');
    const [attempt] = await attemptsOfUser();
    expect(body.progress).toBe(`/companies/10002/connection/consent/${attempt!.id}`);
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

  it('keeps the state only sealed, and only while pending, and refuses a session more than 10 pending attempts', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    const { state } = await begin('10002', cookie);
    const [pending] = await attemptsOfUser();
    expect(pending?.sealedState).toEqual(expect.any(String));
    expect(pending?.sealedState).not.toContain(state);
    await answer(state, [{ tenantId: '10002', token: issue('10002') }]);
    expect((await attemptsOfUser())[0]?.sealedState).toBeNull();
    for (let started = 0; started < MAX_PENDING_CONSENTS; started += 1) await begin('10002', cookie);
    const refused = await start('10002', cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('is refused from another site, without a session, and for a company outside the session', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    expect(
      (await start('10002', cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403);
    expect((await start('10002', null)).status).toBe(401);
    expect((await start('10001', cookie)).status).toBe(403);
  });
});

describe('the consent’s answer (post mode)', () => {
  it('stores each approved company’s token encrypted, with its webhook secret, and says so on a page that needs no session', async () => {
    const cookie = await signInAs({ tenantIds: ['10002', '10003'], connected: [] });
    const { url, state } = await begin('10002', cookie);
    const [two, three] = [issue('10002'), issue('10003')];
    const secret = rememberSecret('d2ViaG9vay1zZWNyZXQtb2YtMTAwMDI=');

    const response = await answer(state, [
      { tenantId: '10002', name: 'Záhradníctvo', token: two, webhookSecret: secret },
      { tenantId: '10003', name: 'Stolárstvo', token: three },
    ]);
    // The consent page's own tab, outside the service's frame: no cookie, so a page of its own, not the company page.
    const page = await returnPage(response);
    expect(page.kind).toBe('connected');
    expect(page.text).toContain('Súhlas je schválený. Pripojené: Záhradníctvo, Stolárstvo');
    expect(page.text).toContain('Vráťte sa na kartu Fakturácie s doplnkom');
    expect(page.html).toContain('window.close()');
    // Its one script runs by its nonce; nothing else may run, and nothing on it is cached or sent on as a Referer.
    const nonce = /script-src 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(page.html).toContain(`<script nonce="${nonce}">`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('cache-control')).toContain('no-store');
    for (const secretValue of [state, two, three, secret]) expect(page.html).not.toContain(secretValue);

    const stored = (await rowOf('10002'))!;
    expect(openToken(stored, identity('10002'), getEnv().encryptionKeys)).toBe(two);
    expect(stored.sealedToken).not.toContain(two);
    expect(
      openSecret(
        { keyId: stored.keyId, sealed: stored.sealedWebhookSecret! },
        webhookSecretContext(identity('10002')),
        getEnv().encryptionKeys,
      ),
    ).toBe(secret);
    expect(stored).toMatchObject({
      source: 'consent',
      companyName: 'Záhradníctvo',
      webhookId: new URL(url.searchParams.get('webhook')!).pathname.split('/').pop(),
    });
    // No webhookSecret field: the connection has no webhook, and none is stored.
    expect((await rowOf('10003'))?.sealedWebhookSecret).toBeNull();
    const states = await listConnections(await getDb(), {
      userId: user,
      pluginId: PLUGIN_ID,
      tenantIds: ['10002', '10003'],
    });
    expect(states.map((company) => company.state)).toEqual(['connected', 'connected']);
    expect(capturedLogLines.join('\n')).not.toContain(state);
  });

  it('sends the browser that brings the starting session’s own cookie (the add-on used outside the frame) on to the company page', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    const { state } = await begin('10002', cookie);
    const response = await answer(state, [{ tenantId: '10002', token: issue('10002') }], [], { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/companies\/10002\?consent=[A-Za-z0-9_-]{22}$/);
    // Another session's cookie is no proof of anything: the page of its own.
    const { state: second } = await begin('10002', cookie);
    const stranger = await signIn(fixture, { sub: `${user}-other`, tenantIds: ['10002'], connected: [] });
    expect(
      (await answer(second, [{ tenantId: '10002', token: issue('10002') }], [], { cookie: stranger })).status,
    ).toBe(200);
  });

  it('is harmless when the same POST arrives again: the same page, nothing stored anew', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    const { state } = await begin('10002', cookie);
    const token = issue('10002');
    const first = await returnPage(await answer(state, [{ tenantId: '10002', token }]));
    const before = await rowOf('10002');

    const again = await returnPage(await answer(state, [{ tenantId: '10002', token }]));
    expect(again.text).toBe(first.text);
    // A reused state cannot bring another token either.
    const other = await returnPage(await answer(state, [{ tenantId: '10002', token: issue('10002') }]));
    expect(other.text).toBe(first.text);
    expect(await rowOf('10002')).toEqual(before);
  });

  it('leaves out companies outside the session, and says which', async () => {
    const cookie = await signInAs({ tenantIds: ['10002'], connected: [] });
    const { state } = await begin('10002', cookie);
    const response = await answer(state, [
      { tenantId: '10002', token: issue('10002') },
      { tenantId: '20001', name: 'Čistiareň Žilina s.r.o.', token: issue('20001') },
    ]);
    expect((await returnPage(response)).text).toContain('preto sa ich prístup neuložil: Čistiareň Žilina s.r.o.');
    expect(await rowOf('20001')).toBeUndefined();
    const [row] = await attemptsOfUser();
    expect(row?.outcome).toEqual({
      stored: [{ tenantId: '10002', name: 'Company 10002' }],
      leftOut: [{ tenantId: '20001', name: 'Čistiareň Žilina s.r.o.' }],
      replaced: [],
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
    // The user asked for exactly this: no note on its page.
    expect(replaced.notice).toBeNull();
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
    await (
      await getDb()
    )
      .update(consentRequests)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(consentRequests.userId, user));
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

  it('is refused once the session that started it has been idle past its limit', async () => {
    const cookie = await signInAs({ tenantIds: ['10003'], connected: [] });
    const { state } = await begin('10003', cookie);
    const db = await getDb();
    const [attempt] = await db
      .select()
      .from(consentRequests)
      .where(eq(consentRequests.userId, user))
      .orderBy(sql`created_at desc`)
      .limit(1);
    const idle = getEnv().sessionIdleSeconds + 60;
    await db.execute(
      sql`update sessions set last_seen_at = now() - make_interval(secs => ${idle}) where id = ${attempt!.sessionId}`,
    );
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
    expect((await answer(state, [{ tenantId: '10003', token }])).status).toBe(200);
  });
});

describe('the consent’s answer when the user approved another company than the one asked for', () => {
  it('says which company was connected and that the asked-for one is still not, and notes the replaced connection on the other company’s page', async () => {
    // 10002 works (the gateway delivered its token); 10003 has none, and the user presses Connect on 10003's page.
    const cookie = await signInAs({ tenantIds: ['10002', '10003'], connected: ['10002'] });
    const { state } = await begin('10003', cookie);
    // At the service the user approves 10002 instead.
    const token = issue('10002');
    const page = await returnPage(await answer(state, [{ tenantId: '10002', name: 'Záhradníctvo', token }]));

    expect(page.kind).toBe('other-company');
    expect(page.text).toContain('Vo Fakturácii ste schválili inú firmu ako Firma 10003. Pripojené: Záhradníctvo');
    expect(page.text).toContain('Firma 10003 stále nie je pripojená.');
    expect(page.text).toContain('Doterajšie fungujúce pripojenie nahradilo nové pri: Záhradníctvo');
    expect(page.text).toContain('A different company than you wanted was connected');
    expect(page.text).not.toContain('Súhlas je schválený');

    // 10003 is still not connected; 10002 has the consent's token, and a note saying how it changed.
    expect(await rowOf('10003')).toBeUndefined();
    expect(openToken((await rowOf('10002'))!, identity('10002'), getEnv().encryptionKeys)).toBe(token);
    expect(await findConnectionNotice(await getDb(), identity('10002'))).toMatchObject({
      kind: 'replaced-by-consent',
      startedFor: '10003',
      startedForName: null,
      at: expect.any(Date),
    });
    const [attempt] = await attemptsOfUser();
    expect(attempt?.outcome).toEqual({
      stored: [{ tenantId: '10002', name: 'Záhradníctvo' }],
      leftOut: [],
      replaced: ['10002'],
    });

    // Stored anew (here: a token pasted on its page), the connection is new again and the note is gone.
    await storeAccessTokens(
      await getDb(),
      [{ ...identity('10002'), accessToken: issue('10002'), companyName: null }],
      getEnv().encryptionKeys,
      {
        source: 'pasted',
      },
    );
    expect(await findConnectionNotice(await getDb(), identity('10002'))).toBeNull();
  });

  it('notes nothing for a company that had no working connection, and says when the asked-for one keeps its own', async () => {
    // 10002 works and is asked for again; the user approves 10003 (no token so far) instead.
    const cookie = await signInAs({ tenantIds: ['10002', '10003'], connected: ['10002'] });
    await (
      await getDb()
    )
      .update(accessTokens)
      .set({ companyName: 'Záhradníctvo' })
      .where(and(eq(accessTokens.userId, user), eq(accessTokens.tenantId, '10002')));
    const { state } = await begin('10002', cookie);
    const page = await returnPage(
      await answer(state, [{ tenantId: '10003', name: 'Stolárstvo', token: issue('10003') }]),
    );
    expect(page.kind).toBe('other-company');
    expect(page.text).toContain('Záhradníctvo má naďalej svoje doterajšie pripojenie; nové pre ňu nevzniklo.');
    expect(page.text).not.toContain('nahradilo');
    expect(await findConnectionNotice(await getDb(), identity('10003'))).toBeNull();
    expect((await rowOf('10003'))?.companyName).toBe('Stolárstvo');
  });
});

describe('the failed-authentication limit at /consent/return', () => {
  it('is consulted first: an address that spent its budget gets a readable 429 even with a valid state, and nothing is stored', async () => {
    const cookie = await signInAs({ tenantIds: ['10003'], connected: [] });
    const { state } = await begin('10003', cookie);
    const address = '198.51.100.77';
    for (let failure = 0; failure < FAILURE_LIMIT.points; failure += 1) await countFailure(address);

    const refused = await answer(state, [{ tenantId: '10003', token: issue('10003') }], [], {
      'x-forwarded-for': address,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toContain('text/html');
    expect(await refused.text()).toContain('Príliš veľa pokusov');
    expect(await rowOf('10003')).toBeUndefined();
    expect((await attemptsOfUser())[0]).toMatchObject({ status: 'pending', outcome: null });

    // Another address is not held back by it: the same answer completes.
    expect(
      (await answer(state, [{ tenantId: '10003', token: issue('10003') }], [], { 'x-forwarded-for': '198.51.100.78' }))
        .status,
    ).toBe(200);
    expect((await rowOf('10003'))?.source).toBe('consent');
  });
});

describe('the progress page’s view of a post-mode attempt (in the frame, while the user approves in another tab)', () => {
  it('is pending until the answer comes back in the other tab, then connected, and never asks the service', async () => {
    const cookie = await signInAs({ tenantIds: ['10003'], connected: [] });
    const { state } = await begin('10003', cookie);
    const [attempt] = await attemptsOfUser();
    const scope = { userId: user, pluginId: PLUGIN_ID, tenantId: '10003' };
    const poll = () => Promise.reject(new Error('post mode never polls'));
    const deps = { poll, keys: getEnv().encryptionKeys };
    expect(await followConsent(await getDb(), attempt!.id, scope, deps)).toMatchObject({
      status: 'pending',
      responseMode: 'post',
      finished: false,
    });
    await answer(state, [{ tenantId: '10003', token: issue('10003') }]);
    expect(await followConsent(await getDb(), attempt!.id, scope, deps)).toMatchObject({
      status: 'connected',
      finished: true,
    });
  });

  it('ends as expired once the window has passed without an answer', async () => {
    const cookie = await signInAs({ tenantIds: ['10003'], connected: [] });
    await begin('10003', cookie);
    const [attempt] = await attemptsOfUser();
    await (
      await getDb()
    )
      .update(consentRequests)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(consentRequests.id, attempt!.id));
    const deps = { poll: () => Promise.reject(new Error('never')), keys: getEnv().encryptionKeys };
    expect(
      await followConsent(await getDb(), attempt!.id, { userId: user, pluginId: PLUGIN_ID, tenantId: '10003' }, deps),
    ).toMatchObject({
      status: 'expired',
      finished: true,
    });
    expect((await attemptsOfUser())[0]?.sealedState).toBeNull();
  });
});

describe('the webhook secret of a consent’s connections', () => {
  it('is generated by the service per connection (none in our address), stored, and verifies the service’s notifications', async () => {
    const cookie = await signInAs({ tenantIds: ['10002', '10003'], connected: [] });
    const { url } = await begin('10002', cookie);
    expect(url.searchParams.has('webhook_secret')).toBe(false);

    // The sandbox's consent page plays the service: approve both, and read the form it makes the browser post.
    const approved = await decideOnConsentPage(fixture.url, Object.fromEntries(url.searchParams), {
      decision: 'approve',
      userId: 'jana.novakova@example.sk',
      companyIds: ['10002', '10003'],
    });
    const form = formById(await approved.text(), 'consent-return')!;
    expect(form.action).toBe(`${BASE}/consent/return`);
    const fields = Object.fromEntries(form.hidden);
    const secrets = ['data[0][webhookSecret]', 'data[1][webhookSecret]'].map((name) =>
      rememberSecret(fields[name] ?? ''),
    );
    for (const field of ['data[0][token]', 'data[1][token]']) rememberSecret(fields[field] ?? '');
    expect(secrets.every((secret) => secret.length > 0)).toBe(true);
    expect(secrets[0]).not.toBe(secrets[1]);

    const returned = await consentReturn(
      new Request(form.action, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: fixture.url,
          'sec-fetch-site': 'cross-site',
        },
        body: new URLSearchParams(form.hidden).toString(),
      }),
    );
    expect((await returnPage(returned)).kind).toBe('connected');
    const twoIndex = fields['data[0][companyId]'] === '10002' ? 0 : 1;
    const stored = (await rowOf('10002'))!;
    expect(
      openSecret(
        { keyId: stored.keyId, sealed: stored.sealedWebhookSecret! },
        webhookSecretContext(identity('10002')),
        getEnv().encryptionKeys,
      ),
    ).toBe(secrets[twoIndex]);

    // A notification to the consent's receiver address, signed with 10002's generated secret, is taken for 10002 only.
    const webhookId = new URL(url.searchParams.get('webhook')!).pathname.split('/').pop()!;
    const body = JSON.stringify({ requestId: `req-${user}`, status: 200, results: { entities: [] } });
    const signature = rememberSecret(signWebhookBody(secrets[twoIndex]!, body));
    const received = await receiveWebhook(
      new Request(`${BASE}/api/webhooks/${webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
        body,
      }),
      { params: Promise.resolve({ webhookId }) },
    );
    expect(received.status).toBe(200);
    const events = (await (await getDb()).select().from(webhookEvents)).filter(
      (event) => event.webhookId === webhookId,
    );
    expect(events.map((event) => event.tenantIds)).toEqual([['10002']]);
  });
});
