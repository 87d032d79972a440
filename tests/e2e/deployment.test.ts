/**
 * The add-on deployed as in production (issue 22): the standalone artefact as two instances behind Caddy with the
 * repository's deploy/Caddyfile, over HTTPS with a certificate authority of the run, a real PostgreSQL, the sandbox
 * as the service, and Chromium framing the add-on in a page of another origin over HTTPS (./support/stand/).
 * What only a real deployment shows: the session cookie over TLS inside the frame, the headers the proxy adds, the
 * X-Forwarded-* values the add-on believes being the proxy's, and one instance stopped while the other serves on.
 * Without caddy, openssl, a build or PostgreSQL it is skipped with the reason printed; under CI it fails instead.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { parse } from 'csv-parse/sync';
import pg from 'pg';
import type { Browser, BrowserContext, Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rememberedSecrets, rememberSecret } from '../support/log-capture';
import { freshContext, launchChromium } from './support/browser';
import { expectUi } from './support/expect-ui';
import { openInvoicesOnceCopied } from './support/mirror';
import { USERS } from './support/sessions';
import { requestByName } from './support/stand/https-client';
import { ADDON_FRAME } from './support/stand/service-window';
import { type Stand, standMissing, startStand } from './support/stand/stand';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const missing = (await standMissing()) ?? (postgresUrl ? undefined : 'no PostgreSQL (set TEST_DATABASE_URL)');
if (missing && process.env.CI) throw new Error(`The deployment test cannot run under CI: ${missing}.`);
if (missing) console.warn(`Skipping the deployment test: ${missing}.`);

const OPERATOR = 'olga.operatorova@example.sk';
const COMPANY = 'Pekáreň Novák s.r.o.';

describe.skipIf(missing !== undefined)('the add-on deployed behind the reverse proxy', () => {
  let stand: Stand;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let frame: Frame;
  let addon: FrameLocator;

  beforeAll(async () => {
    stand = await startStand({ postgresUrl: postgresUrl!, operatorEmails: OPERATOR, addonEnv: { MIRROR_SYNC: 'on' } });
    for (const secret of stand.secrets) rememberSecret(secret);
    browser = await launchChromium(stand.chromiumArgs);
    context = await freshContext(browser, { locale: 'en-GB' });
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await stand?.stop();
  });

  /** The sandbox's launch (the gateway's part, through the proxy), then the frame sent to the callback. */
  async function launchFramed(tenantIds: string[]) {
    const form = new URLSearchParams({ userId: USERS.jana });
    for (const tenantId of tenantIds) form.append('tenantIds', tenantId);
    const launched = await fetch(`${stand.sandboxUrl}/launch`, { method: 'POST', body: form, redirect: 'manual' });
    const callbackUrl = launched.headers.get('location') ?? '';
    expect(callbackUrl.startsWith(`${stand.addonOrigin}/auth/callback?code=`), `launch: ${launched.status}`).toBe(true);
    rememberSecret(new URL(callbackUrl).searchParams.get('code')!);
    const opened = await context.newPage();
    await opened.goto(stand.serviceWindow.urlFor(callbackUrl));
    const inside = opened.frame({ name: ADDON_FRAME })!;
    await inside.waitForURL((url) => url.origin === stand.addonOrigin && !url.pathname.startsWith('/auth/'));
    return { opened, inside, locator: opened.frameLocator(`iframe[name="${ADDON_FRAME}"]`) };
  }

  const sessionCookie = async () =>
    (await context.cookies(stand.addonOrigin)).find((cookie) => cookie.name.startsWith('__Host-'));

  it('launches inside the service’s HTTPS window, in a Secure, HttpOnly, SameSite=None, partitioned cookie', async () => {
    ({ opened: page, inside: frame, locator: addon } = await launchFramed(['10001']));
    await expectUi(addon.getByRole('heading', { level: 1 })).toHaveText(COMPANY);
    const cookie = await sessionCookie();
    expect(cookie, 'a session cookie named __Host-…').toBeDefined();
    rememberSecret(cookie!.value);
    expect(cookie).toMatchObject({
      domain: 'addon.localhost',
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'None',
    });
    // Partitioned under the window's site (CHIPS): the frame has it, a tab of the add-on's own would not.
    expect(cookie!.partitionKey).toBe('https://service.localhost');
  });

  it('answers through the proxy with HSTS, compressed, and without naming its server', async () => {
    const answer = await frame.goto(`${stand.addonOrigin}/companies/10001`);
    expect(answer?.status()).toBe(200);
    const headers = await answer!.allHeaders();
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(['zstd', 'gzip']).toContain(headers['content-encoding']);
    expect(headers.server).toBeUndefined();
    await expectUi(addon.getByRole('heading', { level: 1 })).toHaveText(COMPANY);
  });

  it('serves a download (an invoice’s PDF) and an export (CSV) through the proxy', async () => {
    await openInvoicesOnceCopied(addon);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      addon.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^invoices-.+\.csv$/);
    const rows: string[][] = parse(await readFile(await csv.path()), { bom: true, delimiter: ',' });
    expect(rows[0]![0]).toBe('Document number');
    expect(rows.length).toBeGreaterThan(2);

    const table = addon.getByRole('table', { name: 'Invoices', exact: true });
    await table.locator('tr[data-invoice-id]').first().getByRole('rowheader').getByRole('link').click();
    await expectUi(addon.getByRole('heading', { level: 2, name: /^Invoice / })).toBeVisible();
    const link = addon.locator('li[data-report="17"]').getByRole('link', { name: /^Download/ });
    const [pdf] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('signs an operator in to the console through the proxy, in a Secure, HttpOnly, SameSite=Lax cookie', async () => {
    const top = await freshContext(browser, { locale: 'en-US' });
    try {
      const operatorPage = await top.newPage();
      await operatorPage.goto(`${stand.addonOrigin}/console`);
      await expectUi(operatorPage).toHaveURL(`${stand.addonOrigin}/console/sign-in`);
      await operatorPage.getByRole('button', { name: "Sign in with your organisation's account" }).click();
      await expectUi(operatorPage.getByRole('heading', { name: 'Organisation sign-in' })).toBeVisible();
      await operatorPage.getByRole('button', { name: new RegExp(OPERATOR.replace(/[.]/g, '\\.')) }).click();
      await expectUi(operatorPage).toHaveURL(`${stand.addonOrigin}/console`);
      await expectUi(operatorPage.getByTestId('console-operator')).toHaveText(OPERATOR);
      const cookie = (await top.cookies(stand.addonOrigin)).find((each) => each.name === '__Host-kros-console-session');
      rememberSecret(cookie!.value);
      expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await top.close();
    }
  });

  it('serves the metrics through the proxy to the bearer of the token only', async () => {
    const refused = await requestByName(stand.addonOrigin, stand.ca, '/api/metrics');
    expect(refused.status).toBe(401);
    const scraped = await requestByName(stand.addonOrigin, stand.ca, '/api/metrics', {
      headers: { authorization: `Bearer ${stand.metricsToken}` },
    });
    expect(scraped.status).toBe(200);
    expect(scraped.body.toString('utf8')).toMatch(/^# HELP /m);
  });

  it('refuses a server action whose forged X-Forwarded-Host matches a foreign Origin: the proxy sets the host', async () => {
    // A made-up action: Next checks the Origin against the forwarded host before it looks the action up.
    const action = (origin: string, forwardedHost?: string) => ({
      method: 'POST',
      headers: {
        origin,
        ...(forwardedHost ? { 'x-forwarded-host': forwardedHost } : {}),
        'next-action': '7f' + '0'.repeat(38) + 'aa',
        'content-type': 'text/plain;charset=UTF-8',
      },
      body: '[]',
    });
    const forged = await requestByName(
      stand.addonOrigin,
      stand.ca,
      '/console',
      action('https://evil.example', 'evil.example'),
    );
    const sameOrigin = await requestByName(stand.addonOrigin, stand.ca, '/console', action(stand.addonOrigin));
    // Past the proxy the forged header would be believed: the request goes on as the same-origin one does.
    const direct = await fetch(
      `${stand.instances[0]!.directUrl}/console`,
      action('https://evil.example', 'evil.example'),
    );
    await direct.body?.cancel();
    expect(sameOrigin.status).not.toBe(500);
    expect(direct.status).toBe(sameOrigin.status);
    expect(forged.status).toBe(500);
  });

  it('keeps serving the signed-in user, losing no request, while one instance stops (SIGTERM)', async () => {
    const cookie = await sessionCookie();
    const page = (path: string) =>
      requestByName(stand.addonOrigin, stand.ca, path, { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    let stopped = false;
    const answers: number[] = [];
    const traffic = (async () => {
      while (!stopped || answers.length < 20) answers.push((await page('/companies/10001')).status);
    })();
    await stand.stopInstance(0);
    stopped = true;
    await traffic;
    expect(stand.instances[0]!.running()).toBe(false);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    // The next page in the frame comes from the other instance, in the same session: no new sign-in.
    const next = await frame.goto(`${stand.addonOrigin}/companies/10001/invoices`);
    expect(next?.status()).toBe(200);
    await expectUi(addon.getByRole('heading', { level: 1 })).toHaveText(COMPANY);
    await stand.startInstance(0);
  });

  it('keys the failed-authentication limit on the proxy’s X-Forwarded-For, whatever the client forges', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      const answer = await requestByName(stand.addonOrigin, stand.ca, '/api/auth/token-exchange', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-plugin-api-key': 'a-wrong-api-key-of-some-length',
          // Another made-up address each time: were it believed, no address would ever spend its budget.
          'x-forwarded-for': `203.0.113.${attempt + 1}`,
          'x-real-ip': `198.51.100.${attempt + 1}`,
        },
        body: JSON.stringify({ token: 'a.b.c' }),
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 29)).toEqual(Array(29).fill(401));
    expect(statuses.at(-1)).toBe(429);
  });

  it('logs no launch code, cookie or other secret in the proxy’s access log, nor a webhook receiver’s address', async () => {
    // A notification to a receiver address nobody was given: refused, and logged without the address's id.
    const webhookId = `wh-${randomBytes(9).toString('hex')}`;
    const notification = await requestByName(stand.addonOrigin, stand.ca, `/api/webhooks/${webhookId}?a=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(notification.status).toBeGreaterThanOrEqual(400);
    await expectUi.poll(() => stand.proxyOutput()).toContain('/api/webhooks/REDACTED');
    const log = stand.proxyOutput();
    expect(log).toContain('/auth/callback?REDACTED');
    expect(log).not.toContain(webhookId);
    const leaked = rememberedSecrets().filter((secret) => secret.length >= 8 && log.includes(secret));
    expect(leaked.length, 'secrets in the proxy log').toBe(0);
  });
});

describe.skipIf(missing !== undefined)('a job of an instance that stops, behind the reverse proxy', () => {
  let stand: Stand;
  let db: pg.Client;

  beforeAll(async () => {
    stand = await startStand({ postgresUrl: postgresUrl!, startInstances: 1, addonEnv: { MIRROR_SYNC: 'on' } });
    for (const secret of stand.secrets) rememberSecret(secret);
    db = new pg.Client({ connectionString: stand.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await stand?.stop();
  });

  /** The company's copy as the instances record it (lib/owners/mirror/): its status and how far it has read. */
  const copy = async () =>
    (
      await db.query<{ status: string; progress: Record<string, unknown> }>(
        `select status, progress from mirror_companies where tenant_id = '10001'`,
      )
    ).rows[0];

  it('is finished by the other instance: A starts the company’s copy, B starts, A stops, B completes it', async () => {
    const form = new URLSearchParams({ userId: USERS.jana, tenantIds: '10001' });
    const launched = await fetch(`${stand.sandboxUrl}/launch`, { method: 'POST', body: form, redirect: 'manual' });
    const callback = new URL(launched.headers.get('location') ?? '');
    rememberSecret(callback.searchParams.get('code') ?? '');
    const signedIn = await requestByName(stand.addonOrigin, stand.ca, `${callback.pathname}${callback.search}`);
    const cookie = [signedIn.headers['set-cookie'] ?? []]
      .flat()
      .find((each) => each.startsWith('__Host-'))
      ?.split(';')[0];
    expect(cookie, `the callback answered ${signedIn.status} with a session cookie`).toBeDefined();
    rememberSecret(cookie!);
    // The service answers the company's calls three seconds late each, so A's copy outlasts B's start on a loaded
    // machine (and a call in flight when A stops still ends within the jobs' 15 s).
    const slow = await fetch(`${stand.sandboxUrl}/admin/data-api/fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: '10001', mode: 'slow', delayMs: 3_000 }),
    });
    expect(slow.status).toBe(200);
    // The company's first page, served by A (the only instance), asks for its copy; A starts making it.
    const overview = await requestByName(stand.addonOrigin, stand.ca, '/companies/10001', {
      headers: { cookie: cookie! },
    });
    expect(overview.status).toBe(200);
    await expectUi
      .poll(async () => Object.keys((await copy())?.progress ?? {}).length, { timeout: 60_000 })
      .toBeGreaterThan(0);

    await stand.startInstance(1);
    await stand.stopInstance(0);
    expect(stand.instances[0]!.running()).toBe(false);
    // Handed back unfinished (its progress kept), not finished by A on the way out.
    expect((await copy())?.status, 'the copy was unfinished when A stopped').not.toBe('ready');
    // The service answers at its usual pace again: what is left of the copy is B's to make.
    const cleared = await fetch(`${stand.sandboxUrl}/admin/data-api/faults/clear`, { method: 'POST' });
    expect(cleared.status).toBe(200);
    await expectUi
      .poll(async () => (await copy())?.status, {
        timeout: 120_000,
        intervals: [1_000],
        message: 'B finished the copy',
      })
      .toBe('ready');
  }, 240_000);
});
