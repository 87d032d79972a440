import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox/app';
import { rememberSecret } from '../support/log-capture';

/** The sandbox's stand-in for the service's "API connections" settings: a token made by hand, shown once. */
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, addonUrl: 'http://127.0.0.1:9', pluginId: 'p', apiKey: 'k' });
});
afterAll(() => sandbox?.close());

const make = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.url}/admin/api-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });

describe('a token made by hand in the sandbox', () => {
  it('is offered on the home page and, once made, works with the data API', async () => {
    expect(await (await fetch(`${sandbox.url}/`)).text()).toContain('action="/admin/api-token"');
    const page = await (await make({ tenantId: '10003', userId: 'jana.novakova@example.sk' })).text();
    const token = rememberSecret(/<code id="token"[^>]*>([^<]+)<\/code>/.exec(page)?.[1] ?? '');
    expect(token).not.toBe('');
    const check = await fetch(`${sandbox.url}/api/auth/check`, { headers: { Authorization: `Bearer ${token}` } });
    expect(check.status).toBe(200);
  });

  it('is refused for an unknown company or user, and for a form posted from another site', async () => {
    expect((await make({ tenantId: '99999', userId: 'jana.novakova@example.sk' })).status).toBe(400);
    expect((await make({ tenantId: '10003', userId: 'nobody' })).status).toBe(400);
    expect((await make({ tenantId: '10003', userId: 'jana.novakova@example.sk' }, { origin: 'https://evil.example' })).status).toBe(403);
  });
});
