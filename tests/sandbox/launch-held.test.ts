import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSandbox, type Sandbox } from '../../sandbox/app';
import { startFakeAddon, VALID_LAUNCH_CODE } from './fake-addon';

let addon: Awaited<ReturnType<typeof startFakeAddon>>;
let sandbox: Sandbox;

beforeAll(async () => {
  addon = await startFakeAddon();
  // As `npm run dev` starts it (SANDBOX_AWAIT_ADDON=1): the add-on is still compiling the routes a launch walks.
  sandbox = await createSandbox({ port: 0, addonUrl: addon.url, pluginId: 'p', apiKey: 'k', awaitAddon: true });
});
afterAll(async () => {
  await sandbox.close();
  await addon.close();
});

const launchPage = async () => (await fetch(`${sandbox.url}/`)).text();
const launch = () =>
  fetch(`${sandbox.url}/launch`, {
    method: 'POST',
    body: new URLSearchParams({ userId: 'peter.horvath@example.sk', tenantIds: '10004' }),
    redirect: 'manual',
  });

describe('the sandbox while npm run dev readies the add-on', () => {
  it('says the add-on is starting, disables Launch and reloads itself until the dev runner says it is ready', async () => {
    const html = await launchPage();
    expect(html).toContain('<button type="submit" disabled>Launch</button>');
    expect(html).toMatch(/role="status"><b>The add-on is starting\.<\/b>/);
    expect(html).toMatch(/<meta http-equiv="refresh" content="\d+">/);
  });

  it('refuses a launch posted meanwhile with 503 and calls nothing of the add-on', async () => {
    const res = await launch();
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('the add-on is still starting');
    expect(addon.requests).toEqual([]);
  });

  it('offers Launch once told the add-on is ready, and the launch then runs as always', async () => {
    const ready = await fetch(`${sandbox.url}/admin/addon-ready`, { method: 'POST' });
    expect(ready.status).toBe(200);

    const html = await launchPage();
    expect(html).toContain('<button type="submit">Launch</button>');
    expect(html).not.toContain('The add-on is starting');
    expect(html).not.toContain('http-equiv="refresh"');

    const res = await launch();
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${addon.url}/auth/callback?code=${VALID_LAUNCH_CODE}`);
  });
});
