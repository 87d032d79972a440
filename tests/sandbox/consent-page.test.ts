/**
 * The sandbox's consent page (GET /integration-consent), as interface.md "Consent page" and "Integration consent form
 * body" describe the service's: parameters checked one by one, then the user's choice, then in post mode a form that
 * the browser posts to redirect_url with exactly the indexed fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../sandbox/app';
import { companies, users } from '../../sandbox/directory';
import { rememberSecret } from '../support/log-capture';
import { startTestSandbox } from '../support/sandbox';
import { decideOnConsentPage, formById, idsIn } from './html';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox?.close());

const STATE = 'st8_' + 'x'.repeat(28) + '-Ab9'; // 36 characters
const REDIRECT = 'https://addon.example/consent/return';
const POST_MODE = {
  plugin_name: 'Shop sync',
  integrator_name: 'Acme & Co. s.r.o.',
  version: '1',
  response_mode: 'post',
  state: STATE,
  redirect_url: REDIRECT,
};
const JANA = users[0]?.id ?? '';

const open = (params: Record<string, string> | URLSearchParams) =>
  fetch(`${sandbox.url}/integration-consent?${new URLSearchParams(params)}`);

const decide = (
  params: Record<string, string>,
  choice: { decision: string; userId?: string; companyIds?: string[] },
  headers: Record<string, string> = {},
) => decideOnConsentPage(sandbox.url, params, { userId: JANA, ...choice }, headers);

describe('the consent page refuses a wrong address with a readable 400 naming the parameter', () => {
  const without = (name: string) => Object.fromEntries(Object.entries(POST_MODE).filter(([key]) => key !== name));
  const cases: [string, Record<string, string> | URLSearchParams, string][] = [
    ['plugin_name missing', without('plugin_name'), 'plugin_name'],
    ['integrator_name missing', without('integrator_name'), 'integrator_name'],
    ['version missing', without('version'), 'version'],
    ['version other than 1', { ...POST_MODE, version: '2' }, 'version'],
    ['response_mode missing', without('response_mode'), 'response_mode'],
    ['response_mode neither post nor poll', { ...POST_MODE, response_mode: 'push-it' }, 'response_mode'],
    ['state missing', without('state'), 'state'],
    ['state shorter than 32 characters', { ...POST_MODE, state: 's'.repeat(31) }, 'state'],
    ['redirect_url missing in post mode', without('redirect_url'), 'redirect_url'],
    ['redirect_url not http(s)', { ...POST_MODE, redirect_url: 'javascript:alert(1)' }, 'redirect_url'],
    ['redirect_url not absolute', { ...POST_MODE, redirect_url: '/consent/return' }, 'redirect_url'],
    ['company_mode neither single nor multiple', { ...POST_MODE, company_mode: 'every-one' }, 'company_mode'],
    ['webhook not an http(s) URL', { ...POST_MODE, webhook: 'ftp://files.example/hook' }, 'webhook'],
    [
      'a parameter given twice',
      new URLSearchParams([...Object.entries(POST_MODE), ['state', 'y'.repeat(40)]]),
      'state',
    ],
  ];

  it.each(cases)('%s', async (_name, params, wrong) => {
    const res = await open(params);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<code>${wrong}</code>`);
    // Only the wrong parameter is named, and no value that was sent is shown back.
    const named = [...html.matchAll(/<li><code>([a-z_]+)<\/code>/g)].map((m) => m[1]);
    expect(named).toEqual([wrong]);
    for (const value of new URLSearchParams(params).values()) if (value.length > 5) expect(html).not.toContain(value);
  });

  it('lists every wrong parameter at once', async () => {
    const html = await (await open({ version: '3', response_mode: 'post' })).text();
    const named = [...html.matchAll(/<li><code>([a-z_]+)<\/code>/g)].map((m) => m[1]);
    expect(named).toEqual(['plugin_name', 'integrator_name', 'version', 'state', 'redirect_url']);
  });

  it('needs no redirect_url in poll mode, and takes optional parameters sent empty as not sent', async () => {
    const poll = {
      ...POST_MODE,
      response_mode: 'poll',
      redirect_url: '',
      company_mode: '',
      webhook: '',
      webhook_secret: '',
    };
    expect((await open(poll)).status).toBe(200);
  });
});

describe('a valid consent address', () => {
  it('shows who asks, a "signed in as" user select and every sandbox company, with Approve, Decline and an expiring approval', async () => {
    const res = await open(POST_MODE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await res.text();
    expect(html).toContain('Shop sync');
    expect(html).toContain('Acme &#38; Co. s.r.o.');
    const ids = idsIn(html);
    expect(ids).toEqual(
      expect.arrayContaining(['consent-user', 'consent-approve', 'consent-decline', 'consent-approve-expired']),
    );
    for (const company of companies) expect(ids).toContain(`consent-company-${company.tenantId}`);
    expect(html).toMatch(/<select id="consent-user" name="userId"><option value="[^"]+" selected>/);
    // Single mode (the default): radio buttons, the first one chosen.
    expect(html).toMatch(/<input type="radio" name="companyId" id="consent-company-10001" value="10001" checked>/);
    const form = formById(html, 'consent-form');
    expect(form?.method).toBe('post');
    expect(form?.action).toBe('/integration-consent');
    expect(form?.hidden).toEqual(
      expect.arrayContaining([
        ['state', STATE],
        ['redirect_url', REDIRECT],
        ['version', '1'],
      ]),
    );
  });

  it('offers checkboxes in multiple mode', async () => {
    const html = await (await open({ ...POST_MODE, company_mode: 'multiple' })).text();
    expect(html).toMatch(/<input type="checkbox" name="companyId" id="consent-company-10002" value="10002">/);
    expect(html).not.toContain('type="radio"');
  });
});

describe('approval in post mode', () => {
  it('answers a page whose form posts exactly the indexed fields and state to redirect_url (one company, no webhook)', async () => {
    const res = await decide(POST_MODE, { decision: 'approve', companyIds: ['10002'] });
    expect(res.status).toBe(200);
    const html = await res.text();
    const form = formById(html, 'consent-return');
    expect(form?.method).toBe('post');
    expect(form?.action).toBe(REDIRECT);
    expect(form?.hidden.map(([name]) => name)).toEqual([
      'data[0][companyId]',
      'data[0][token]',
      'data[0][companyName]',
      'state',
    ]);
    const fields = Object.fromEntries(form?.hidden ?? []);
    expect(fields['data[0][companyId]']).toBe('10002');
    expect(fields['data[0][companyName]']).toBe('Záhradníctvo Ľaliová dolina s.r.o.');
    expect(fields.state).toBe(STATE);
    const token = rememberSecret(fields['data[0][token]'] ?? '');
    expect(
      (await fetch(`${sandbox.url}/api/auth/check`, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    expect(sandbox.tokens.lookup(token)).toEqual(expect.objectContaining({ tenantId: '10002', userId: JANA }));
    expect(sandbox.tokens.lookup(token)?.webhook).toBeUndefined();
  });

  it('submits by itself after a 5-second countdown (a nonce-allowed script), and also offers a manual return button', async () => {
    const res = await decide(POST_MODE, { decision: 'approve', companyIds: ['10001'] });
    const csp = res.headers.get('content-security-policy') ?? '';
    const html = await res.text();
    expect(csp).toContain('form-action https://addon.example');
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain('let left = 5;');
    expect(html).toContain('form.submit()');
    expect(html).toMatch(/<button type="submit" id="return-to-application">Return to the application<\/button>/);
    // The button has no name: pressing it adds no field to the body.
    expect(formById(html, 'consent-return')?.html).not.toMatch(/<button[^>]*\sname=/);
  });

  it('indexes several companies and adds webhookSecret (lower-case h) to each when a webhook was asked for, one generated secret per connection', async () => {
    const params = { ...POST_MODE, company_mode: 'multiple', webhook: 'https://addon.example/hooks/abc' };
    const html = await (await decide(params, { decision: 'approve', companyIds: ['10001', '10004', '20001'] })).text();
    const hidden = formById(html, 'consent-return')?.hidden ?? [];
    expect(hidden.map(([name]) => name)).toEqual([
      ...[0, 1, 2].flatMap((n) => [
        `data[${n}][companyId]`,
        `data[${n}][token]`,
        `data[${n}][companyName]`,
        `data[${n}][webhookSecret]`,
      ]),
      'state',
    ]);
    const fields = Object.fromEntries(hidden);
    expect([0, 1, 2].map((n) => fields[`data[${n}][companyId]`])).toEqual(['10001', '10004', '20001']);
    const secrets = [0, 1, 2].map((n) => rememberSecret(fields[`data[${n}][webhookSecret]`] ?? ''));
    for (const secret of secrets) expect(Buffer.from(secret, 'base64')).toHaveLength(32);
    expect(new Set(secrets).size).toBe(3);
    const token = rememberSecret(fields['data[1][token]'] ?? '');
    expect(sandbox.tokens.lookup(token)?.webhook).toEqual({
      url: 'https://addon.example/hooks/abc',
      secret: secrets[1],
    });
    expect(html).not.toMatch(/name="(companyId|token|webhookSecret)"/);
  });

  it("uses the integrator's webhook_secret for every connection when one was given", async () => {
    const params = {
      ...POST_MODE,
      company_mode: 'multiple',
      webhook: 'https://addon.example/hooks/abc',
      webhook_secret: 'integrator-chosen-secret',
    };
    const html = await (await decide(params, { decision: 'approve', companyIds: ['10001', '10002'] })).text();
    const fields = Object.fromEntries(formById(html, 'consent-return')?.hidden ?? []);
    expect([fields['data[0][webhookSecret]'], fields['data[1][webhookSecret]']]).toEqual([
      'integrator-chosen-secret',
      'integrator-chosen-secret',
    ]);
  });

  it('refuses a choice the mode does not allow, no company, an unknown company or user, and a forged hidden field', async () => {
    expect((await decide(POST_MODE, { decision: 'approve', companyIds: ['10001', '10002'] })).status).toBe(400);
    expect((await decide(POST_MODE, { decision: 'approve', companyIds: [] })).status).toBe(400);
    expect((await decide(POST_MODE, { decision: 'approve', companyIds: ['99999'] })).status).toBe(400);
    expect(
      (await decide(POST_MODE, { decision: 'approve', companyIds: ['10001'], userId: 'mallory@example.sk' })).status,
    ).toBe(400);
    expect((await decide(POST_MODE, { decision: 'maybe', companyIds: ['10001'] })).status).toBe(400);
    const forged = new URLSearchParams({
      ...POST_MODE,
      state: 'too-short',
      userId: JANA,
      companyId: '10001',
      decision: 'approve',
    });
    const res = await fetch(`${sandbox.url}/integration-consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: forged,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<code>state</code>');
  });

  it('refuses the form when it is posted from another site', async () => {
    const res = await decide(
      POST_MODE,
      { decision: 'approve', companyIds: ['10001'] },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('decline and the expiring approval in post mode', () => {
  it('decline answers a page saying so, sends nothing and creates no connection', async () => {
    const before = sandbox.tokens.connections().length;
    const res = await decide(POST_MODE, { decision: 'decline' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(idsIn(html)).toContain('consent-declined');
    expect(html).not.toContain('<form');
    expect(sandbox.tokens.connections()).toHaveLength(before);
  });

  it('"Approve and let it expire" says the window passed and sends nothing', async () => {
    const before = sandbox.tokens.connections().length;
    const html = await (await decide(POST_MODE, { decision: 'approve-expired', companyIds: ['10001'] })).text();
    expect(idsIn(html)).toContain('consent-expired');
    expect(html).not.toContain('<form');
    expect(sandbox.tokens.connections()).toHaveLength(before);
  });
});

describe('the home page', () => {
  it('links to the consent page with a form for trying it by hand', async () => {
    const html = await (await fetch(`${sandbox.url}/`)).text();
    expect(html).toContain('<form method="get" action="/integration-consent">');
    expect(html).toContain('name="response_mode"');
  });
});
