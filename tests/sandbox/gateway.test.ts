import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createSandbox, type Sandbox } from '../../sandbox/app';
import { startFakeAddon, VALID_LAUNCH_CODE } from './fake-addon';

const API_KEY = 'test-plugin-api-key';
const PLUGIN_ID = 'test-plugin';
const JANA = 'jana.novakova@example.sk';

let addon: Awaited<ReturnType<typeof startFakeAddon>>;
let sandbox: Sandbox;

beforeAll(async () => {
  addon = await startFakeAddon();
  sandbox = await createSandbox({
    port: 0,
    addonUrl: addon.url,
    pluginId: PLUGIN_ID,
    apiKey: API_KEY,
    gatewayTimeoutMs: 500,
  });
});
afterAll(async () => {
  await sandbox.close();
  await addon.close();
});
beforeEach(() => addon.reset());

/** Submits the launch form as a browser would, without following the redirect. */
function launch(userId: string, tenantIds: string[] = []) {
  const form = new URLSearchParams({ userId });
  for (const id of tenantIds) form.append('tenantIds', id);
  return fetch(`${sandbox.url}/launch`, { method: 'POST', body: form, redirect: 'manual' });
}

const paths = () => addon.requests.map((r) => r.path);
const deliveryBody = () =>
  addon.requests.find((r) => r.path === '/api/auth/token-delivery')?.body as {
    userId: string;
    pluginId: string;
    tokens: Array<{ tenantId: string; name: string; accessToken: string }>;
  };

describe('the launch page', () => {
  it('offers users as radio buttons, their companies as checkboxes and a Launch button posting to /launch', async () => {
    const res = await fetch(`${sandbox.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<form method="post" action="/launch">');
    expect(html).toContain('type="radio" name="userId" id="user-jana" value="jana.novakova@example.sk"');
    expect(html).toContain('type="radio" name="userId" id="user-standalone" value="48213"');
    expect(html).toContain('type="checkbox" name="tenantIds" id="tenant-10001" value="10001"');
    expect(html).toContain('Pekáreň Novák s.r.o.');
    expect(html).toMatch(/<button type="submit">Launch<\/button>/);
  });
});

describe('a launch through the gateway', () => {
  it('calls token-exchange with the API key and a JWT for the chosen user and companies, then redirects', async () => {
    const res = await launch(JANA, ['10001', '10002']);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${addon.url}/auth/callback?code=${VALID_LAUNCH_CODE}`);

    expect(paths()).toEqual(['/api/auth/token-exchange']); // no tokens were asked for, so none were delivered
    const [exchange] = addon.requests;
    expect(exchange?.headers['x-plugin-api-key']).toBe(API_KEY);
    expect(exchange?.headers['content-type']).toBe('application/json');
    const { token } = exchange?.body as { token: string };
    const { payload } = await jwtVerify(token, createLocalJWKSet(sandbox.ring.jwks()), {
      issuer: 'plugin-broker',
      audience: 'plugin',
    });
    expect(payload).toMatchObject({ sub: JANA, plugin_id: PLUGIN_ID, tenant_ids: ['10001', '10002'] });
  });

  it('delivers one fresh token per company when asked, passing the empty token on as ""', async () => {
    addon.set({ exchangeBody: { launchCode: VALID_LAUNCH_CODE, requestAccessToken: true } });
    const res = await launch(JANA, ['10001', '10003']);
    expect(res.status).toBe(302);
    expect(paths()).toEqual(['/api/auth/token-exchange', '/api/auth/token-delivery']);
    expect(addon.requests[1]?.headers['x-plugin-api-key']).toBe(API_KEY);

    const body = deliveryBody();
    expect(body.userId).toBe(JANA);
    expect(body.pluginId).toBe(PLUGIN_ID);
    expect(body.tokens).toEqual([
      { tenantId: '10001', name: 'Pekáreň Novák s.r.o.', accessToken: expect.stringMatching(/^sbx_/) },
      { tenantId: '10003', name: 'Stolárstvo Šťastný, s.r.o.', accessToken: '' },
    ]);
    // The delivered token works against the data API.
    const check = await fetch(`${sandbox.url}/api/auth/check`, {
      headers: { Authorization: `Bearer ${body.tokens[0]?.accessToken}` },
    });
    expect(check.status).toBe(200);
  });

  it('skips delivery when every token is empty, and for a sign-in-only launch, and still redirects', async () => {
    addon.set({ exchangeBody: { launchCode: VALID_LAUNCH_CODE, requestAccessToken: true } });
    expect((await launch(JANA, ['10003'])).status).toBe(302);
    expect((await launch('48213')).status).toBe(302);
    expect(paths()).toEqual(['/api/auth/token-exchange', '/api/auth/token-exchange']);
    const second = addon.requests[1]?.body as { token: string };
    const { payload } = await jwtVerify(second.token, createLocalJWKSet(sandbox.ring.jwks()));
    expect(payload).toMatchObject({ sub: '48213', tenant_ids: [] });
  });

  it('refuses a company that does not belong to the user with 403 and never calls the add-on', async () => {
    const res = await launch('peter.horvath@example.sk', ['10001']);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('tenant not allowed');
    expect(addon.requests).toHaveLength(0);
  });

  it("maps the add-on's 401 to a 502 error page that names the add-on's status", async () => {
    addon.set({ exchangeStatus: 401 });
    const res = await launch(JANA, ['10001']);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('token-exchange answered 401');
    expect(html).not.toContain(API_KEY);
  });

  it('answers 502 for an empty launchCode, malformed JSON, or a failed delivery', async () => {
    addon.set({ exchangeBody: { launchCode: '', requestAccessToken: false } });
    expect((await launch(JANA)).status).toBe(502);
    addon.set({ exchangeBody: 'not json' });
    expect((await launch(JANA)).status).toBe(502);

    addon.set({ exchangeBody: { launchCode: VALID_LAUNCH_CODE, requestAccessToken: true }, deliveryStatus: 500 });
    expect((await launch(JANA, ['10002'])).status).toBe(502);
    // The token the add-on failed to take is withdrawn again.
    const lost = deliveryBody().tokens[0]?.accessToken ?? '';
    expect(sandbox.tokens.lookup(lost)?.revoked).toBe(true);
  });

  it('answers 504 when token-exchange does not answer in time', async () => {
    addon.set({ exchangeDelayMs: 2_000 });
    const res = await launch(JANA);
    expect(res.status).toBe(504);
  });

  it('answers 502 when the add-on cannot be reached', async () => {
    const offline = await createSandbox({ port: 0, addonUrl: 'http://127.0.0.1:9', pluginId: 'p', apiKey: 'k' });
    try {
      const res = await fetch(`${offline.url}/launch`, {
        method: 'POST',
        body: new URLSearchParams({ userId: JANA }),
        redirect: 'manual',
      });
      expect(res.status).toBe(502);
    } finally {
      await offline.close();
    }
  });

  it('answers 400 for an incomplete form', async () => {
    const res = await fetch(`${sandbox.url}/launch`, { method: 'POST', body: new URLSearchParams({}) });
    expect(res.status).toBe(400);
  });
});
