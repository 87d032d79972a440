/**
 * End to end: the service's sandbox launches the add-on's production build (`next start`) in a real Chromium.
 * The sandbox plays the add-on store and the gateway (token exchange, token delivery, redirect to the callback);
 * the add-on signs the browser in with a session cookie and shows the companies of the launch.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { ACCESS_TOKEN_PREFIX } from '../../sandbox/access-tokens';
import type { Sandbox } from '../../sandbox/app';
import { type AddonServer, FRAME_ANCESTORS, projectRoot } from './support/addon-server';
import { freshContext, launchChromium, type LaunchEnvironment, launchFromSandbox } from './support/browser';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';

const JANA = { userKey: 'jana', email: 'jana.novakova@example.sk' };
const COMPANY = {
  '10001': 'Pekáreň Novák s.r.o.',
  '10002': 'Záhradníctvo Ľaliová dolina s.r.o.',
};
const SESSION_COOKIE_PREFIX = '__Host-';
const screenshotDir = path.join(projectRoot, 'test-results', 'e2e');

let env: E2eEnvironment;
let sandbox: Sandbox;
let addon: AddonServer;
let browser: Browser;
let where: LaunchEnvironment;
let contexts: BrowserContext[] = [];
/** Launch codes and session cookies the browser carried: none may show up in the server's output. */
const handedOut: string[] = [];

beforeAll(async () => {
  env = await startEnvironment();
  ({ sandbox, addon, where } = env);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

printAddonOutputOnFailure(() => addon);

afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/** A browser profile of its own for each test: no cookie from another test. English unless a test says otherwise. */
async function newContext(acceptLanguage = 'en') {
  const context = await freshContext(browser, { extraHTTPHeaders: { 'Accept-Language': acceptLanguage } });
  contexts.push(context);
  return context;
}

async function launch(context: BrowserContext, tenantIds: readonly string[]) {
  const result = await launchFromSandbox(context, where, { userKey: JANA.userKey, tenantIds });
  handedOut.push(new URL(result.callbackUrl).searchParams.get('code') ?? '');
  handedOut.push((await sessionCookie(context))?.value ?? '');
  return result;
}

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies(addon.url)).find((cookie) => cookie.name.startsWith(SESSION_COOKIE_PREFIX));

describe('launching the add-on from the service', () => {
  it('signs Jana in with two companies and lists both as connected', async () => {
    const { page, landing } = await launch(await newContext(), ['10001', '10002']);

    await expectUi(page).toHaveURL(`${addon.url}/`);
    expect(landing.status()).toBe(200);
    await expectUi(page.getByTestId('signed-in-user')).toHaveText(JANA.email);
    for (const name of Object.values(COMPANY)) {
      const entry = page.getByRole('listitem').filter({ hasText: name });
      await expectUi(entry).toHaveCount(1);
      await expectUi(entry.locator('[data-state]')).toHaveAttribute('data-state', 'connected');
    }

    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, 'launch-signed-in.png'), fullPage: true });
  });

  it('sets the session cookie as __Host-, HttpOnly, Secure, SameSite=None and partitioned', async () => {
    const context = await newContext();
    const { callback } = await launch(context, ['10001', '10002']);

    expect(callback.status()).toBe(302);
    expect(await callback.headerValue('cache-control')).toBe('no-store');
    const setCookie = (await callback.headerValue('set-cookie')) ?? '';
    expect(setCookie).toMatch(/^__Host-[^=]+=/);
    for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=None', 'Partitioned']) {
      expect(setCookie.split(/;\s*/)).toContain(attribute);
    }

    // What Chromium made of it:
    const cookie = await sessionCookie(context);
    expect(cookie, 'a cookie named __Host-…').toBeDefined();
    expect(cookie).toMatchObject({ domain: 'localhost', path: '/', httpOnly: true, secure: true, sameSite: 'None' });
    // Chromium reports the partition (the top-level site) of a CHIPS cookie; unpartitioned cookies have none.
    expect(cookie?.partitionKey).toBe('http://localhost');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000);
  });

  it('opens a company of the session, refuses one outside it with 403, and sends the security headers', async () => {
    const context = await newContext();
    const { page } = await launch(context, ['10001', '10002']);

    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const home = await page.goto(`${addon.url}/`);
    const headers = await home!.allHeaders();
    expect(home!.status()).toBe(200);
    expect(headers['content-security-policy']).toContain(`frame-ancestors ${FRAME_ANCESTORS}`);
    // Next's scripts carry this response's nonce and run: the page hydrates, and nothing was blocked.
    const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy']!)?.[1];
    expect(nonce).toBeTruthy();
    const scriptNonces = await page
      .locator('script')
      .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    await expectUi.poll(() => page.evaluate(() => typeof (window as { next?: unknown }).next)).toBe('object');
    expect(cspViolations).toEqual([]);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('no-store');

    await page.getByRole('link', { name: COMPANY['10001'] }).click();
    await expectUi(page).toHaveURL(`${addon.url}/companies/10001`);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText(COMPANY['10001']);
    await expectUi(page.locator('[data-state]')).toHaveAttribute('data-state', 'connected');

    const other = await page.goto(`${addon.url}/companies/10004`);
    expect(other!.status()).toBe(403);
    await expectUi(page).toHaveURL(`${addon.url}/companies/10004`);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('You have no access to this company');
    await expectUi(page.locator('body')).not.toContainText('Horváth');
  });

  it('signs out to a signed-out page (401) and stays signed out, without a redirect loop', async () => {
    const context = await newContext();
    const { page } = await launch(context, ['10001', '10002']);
    const before = await sessionCookie(context);
    expect(before).toBeDefined();

    const signedOut = page.waitForResponse(
      (response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === '/signed-out',
    );
    await page.getByRole('button', { name: /^(Sign out|Odhlásiť sa)$/ }).click();
    expect((await signedOut).status()).toBe(401);
    await expectUi(page).toHaveURL(`${addon.url}/signed-out`);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('You are not signed in');
    expect(await sessionCookie(context), 'the cookie is cleared').toBeUndefined();

    const again = await page.goto(`${addon.url}/`);
    expect(again!.status()).toBe(401);
    expect(again!.request().redirectedFrom()).toBeNull();
    await expectUi(page).toHaveURL(`${addon.url}/`);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('You are not signed in');

    // Ended on the server too: the old cookie, replayed, opens nothing.
    const replayed = await fetch(`${addon.directUrl}/`, {
      headers: { Cookie: `${before!.name}=${before!.value}`, 'Accept-Language': 'en' },
      redirect: 'manual',
    });
    expect(replayed.status).toBe(401);
    expect(await replayed.text()).toContain('You are not signed in');
  });

  it.each([
    ['en', 'You are not signed in'],
    ['sk', 'Nie ste prihlásený'],
  ])(
    'answers a browser without a session with 401 and the signed-out page (Accept-Language: %s)',
    async (language, title) => {
      const page = await (await newContext(language)).newPage();

      const response = await page.goto(`${addon.url}/`);
      expect(response!.status()).toBe(401);
      expect(response!.request().redirectedFrom()).toBeNull();
      await expectUi(page).toHaveURL(`${addon.url}/`);
      await expectUi(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expectUi(page.locator('html')).toHaveAttribute('lang', language);
    },
  );

  it('refuses a launch code used twice with the 400 page, in Slovak and English', async () => {
    const { page, callbackUrl } = await launch(await newContext(), ['10001', '10002']);

    const second = await page.goto(callbackUrl);
    expect(second!.status()).toBe(400);
    const body = page.locator('body');
    await expectUi(body).toContainText('Prihlásenie sa nepodarilo');
    await expectUi(body).toContainText('Sign-in failed');
    // Read once the page stands: the launch code is nowhere in it.
    expect(await page.content()).not.toContain(new URL(callbackUrl).searchParams.get('code'));
  });

  it('signs in without companies and says that no company is connected', async () => {
    const { page, landing } = await launch(await newContext(), []);

    await expectUi(page).toHaveURL(`${addon.url}/`);
    expect(landing.status()).toBe(200);
    await expectUi(page.getByTestId('signed-in-user')).toHaveText(JANA.email);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('No company is connected');
  });

  it('opens the only company of a launch directly, as "missing" when the service delivered no token for it', async () => {
    const { page } = await launch(await newContext(), ['10003']);

    await expectUi(page).toHaveURL(`${addon.url}/companies/10003`);
    await expectUi(page.getByTestId('signed-in-user')).toHaveText(JANA.email);
    await expectUi(page.locator('[data-state]')).toHaveAttribute('data-state', 'missing');
  });

  it('wrote no secret, launch code, session cookie or access token to its output', () => {
    const output = addon.output();
    expect(output).toContain('"msg":"request"');
    expect(output.includes(ACCESS_TOKEN_PREFIX), 'an access token in the server output').toBe(false);
    for (const secret of [...addon.secrets, ...handedOut.filter(Boolean)]) {
      expect(output.includes(secret), 'a secret value in the server output').toBe(false);
    }
  });

  it('answers HEAD, a prefetch and OPTIONS at the callback without spending the code, then signs in with it', async () => {
    const launched = await fetch(`${sandbox.url}/launch`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ userId: 'jana.novakova@example.sk', tenantIds: '10001' }),
      redirect: 'manual',
    });
    expect(launched.status).toBe(302);
    const callbackUrl = launched.headers.get('location')!.replace(addon.url, addon.directUrl);
    expect((await fetch(callbackUrl, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(callbackUrl, { headers: { 'Sec-Purpose': 'prefetch' } })).status).toBe(204);
    expect((await fetch(callbackUrl, { method: 'OPTIONS' })).status).toBe(405);
    expect((await fetch(callbackUrl, { method: 'POST' })).status).toBe(405);
    const signIn = await fetch(callbackUrl, { redirect: 'manual' });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get('set-cookie')).toMatch(/^__Host-/);
  });
});
