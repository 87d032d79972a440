/**
 * The operators' console's sign-in (issue 12), through the real authorization code flow with PKCE against the
 * sandbox's OpenID Connect provider: an operator signs in and sees the console, a person the provider vouches for
 * but who is no operator is refused, neither session (the console's, the company's) opens the other's pages, the
 * console is never framed, and without configuration it does not exist. The console is not framed: tested top-level.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rememberSecret } from '../support/log-capture';
import { freshContext, launchChromium } from './support/browser';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { leakedIntoServerOutput, named, secretsIn } from './support/secrets';
import { launchByFetch, USERS } from './support/sessions';

const SESSION_COOKIE = '__Host-kros-console-session';
// Viera is listed, but the provider never verified her address (its ID token has no `email_verified`).
const OPERATORS = 'olga.operatorova@example.sk, marek.spravca@example.sk, viera.neoverena@example.sk';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newContext(): Promise<BrowserContext> {
  const context = await freshContext(browser, { locale: 'en-US' });
  contexts.push(context);
  return context;
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

/** Opens the console, is sent to its sign-in, signs in at the sandbox's provider as the person with this address. */
async function signIn(context: BrowserContext, env: E2eEnvironment, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.addon.url}/console`);
  await expectUi(page).toHaveURL(`${env.addon.url}/console/sign-in`);
  await page.getByRole('button', { name: "Sign in with your organisation's account" }).click();
  // The provider's own page, on the sandbox's origin: whom to sign in as.
  await expectUi(page.getByRole('heading', { name: 'Organisation sign-in' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(new URL(env.sandbox.operatorIssuer).origin);
  await page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) }).click();
  return page;
}

async function consoleCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

describe('with the console configured', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startEnvironment({ operatorConsole: { emails: OPERATORS } });
  });
  afterAll(async () => {
    await env?.stop();
  });
  printAddonOutputOnFailure(() => env?.addon);

  it('lets an operator sign in through the provider and shows the console, in its own not-partitioned cookie', async () => {
    const context = await newContext();
    const page = await signIn(context, env, 'olga.operatorova@example.sk');
    await expectUi(page).toHaveURL(`${env.addon.url}/console`);
    await expectUi(page.getByRole('heading', { name: 'Console overview' })).toBeVisible();
    await expectUi(page.getByTestId('console-operator')).toHaveText('olga.operatorova@example.sk');
    for (const section of ['Companies', 'Launches', 'Data API', 'Users', 'Audit log']) {
      await expectUi(page.getByRole('main').getByRole('link', { name: section, exact: true })).toBeVisible();
    }

    const cookie = await consoleCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.partitionKey).toBeUndefined();
    rememberSecret(cookie!.value);
    // Nothing but the session cookie is left of the sign-in: the flow's state and PKCE cookies are spent.
    const names = (await context.cookies(env.addon.url)).map((c) => c.name).sort();
    expect(names.filter((name) => /pkce|state/.test(name))).toEqual([]);

    // No secret in the console's HTML: the cookie, the client secret, the console's session secret.
    const html = await (
      await fetch(`${env.addon.directUrl}/console`, { headers: { Cookie: `${SESSION_COOKIE}=${cookie!.value}` } })
    ).text();
    expect(html).toContain('olga.operatorova@example.sk');
    expect(
      secretsIn(html, [...named('console cookie', [cookie!.value]), ...named('add-on secret', env.addon.secrets)]),
    ).toEqual([]);

    // Signing out ends the console session and says so.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectUi(page.getByText('You have signed out of the console.')).toBeVisible();
    expect(await consoleCookie(context)).toBeUndefined();
    await page.goto(`${env.addon.url}/console`);
    await expectUi(page).toHaveURL(`${env.addon.url}/console/sign-in`);
  });

  it('refuses a person the provider said yes to but who is no operator (403), leaving no session', async () => {
    const context = await newContext();
    const page = await signIn(context, env, 'nikto@example.org');
    await expectUi(page.getByRole('heading', { name: 'You may not enter the console' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    const refusal = await page.request.get(page.url(), { maxRedirects: 0 });
    expect(refusal.status()).toBe(403);
    expect(await consoleCookie(context)).toBeUndefined();
    await page.goto(`${env.addon.url}/console`);
    await expectUi(page).toHaveURL(`${env.addon.url}/console/sign-in`);
  });

  it('refuses a listed person whose address the provider did not verify (403), leaving no session', async () => {
    const context = await newContext();
    const page = await signIn(context, env, 'viera.neoverena@example.sk');
    await expectUi(page.getByRole('heading', { name: 'You may not enter the console' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    expect(await consoleCookie(context)).toBeUndefined();
  });

  it("does not take the company session for the console's, nor the console's for a company's", async () => {
    const company = await launchByFetch(env, USERS.jana, ['10001']);
    const withCompanySession = await fetch(`${env.addon.directUrl}/console`, {
      headers: { Cookie: company.cookie },
      redirect: 'manual',
    });
    await withCompanySession.body?.cancel();
    expect(withCompanySession.status).toBe(307);
    expect(new URL(withCompanySession.headers.get('location')!, env.addon.url).pathname).toBe('/console/sign-in');

    const context = await newContext();
    const page = await signIn(context, env, 'marek.spravca@example.sk');
    await expectUi(page.getByRole('heading', { name: 'Console overview' })).toBeVisible();
    const cookie = (await consoleCookie(context))!;
    rememberSecret(cookie.value);
    const withConsoleSession = await fetch(`${env.addon.directUrl}/companies/10001/activity`, {
      headers: { Cookie: `${SESSION_COOKIE}=${cookie.value}` },
      redirect: 'manual',
    });
    await withConsoleSession.body?.cancel();
    expect(withConsoleSession.status).toBe(401);
    // The browser holding the console's cookie is just as signed out of the company pages.
    const companyPage = await page.goto(`${env.addon.url}/companies/10001/activity`);
    expect(companyPage?.status()).toBe(401);
  });

  it("answers with frame-ancestors 'none' on every console address, and the sign-in endpoints are not /api/auth", async () => {
    for (const path of ['/console', '/console/sign-in', '/console/auth/csrf', '/console/auth/providers', '/console/']) {
      const response = await fetch(`${env.addon.directUrl}${path}`, { redirect: 'manual' });
      await response.body?.cancel();
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/frame-ancestors 'none'(;|$)/);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    // The broker's /api/auth/… stays the broker's: next-auth answers nothing there.
    const notNextAuth = await fetch(`${env.addon.directUrl}/api/auth/csrf`);
    expect(notNextAuth.status).toBe(404);
    await notNextAuth.body?.cancel();
    // A company page keeps the service's frame-ancestors.
    const company = await fetch(`${env.addon.directUrl}/`);
    await company.body?.cancel();
    expect(company.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://firma.kros.sk");
  });

  it("logs each sign-in's outcome and none of the console's secrets, with no complaint from next-auth", () => {
    const output = env.addon.output();
    expect(output).toMatch(/"event":"console.sign-in","outcome":"signed-in"/);
    expect(output).toMatch(/"event":"console.sign-in","outcome":"refused"/);
    expect(output).not.toMatch(/console auth (error|warning)/);
    expect(leakedIntoServerOutput(output)).toBe(0);
  });
});

describe('without the console configured', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.stop();
  });
  printAddonOutputOnFailure(() => env?.addon);

  it('answers 404 at every console address, signed in to a company or not', async () => {
    const company = await launchByFetch(env, USERS.jana, ['10001']);
    for (const path of [
      '/console',
      '/console/sign-in',
      '/console/auth/csrf',
      '/console/auth/signin/operator',
      '/console/x',
    ]) {
      for (const cookie of [undefined, company.cookie]) {
        const response = await fetch(`${env.addon.directUrl}${path}`, {
          headers: cookie ? { Cookie: cookie } : {},
          redirect: 'manual',
        });
        await response.body?.cancel();
        expect(response.status, `${path} ${cookie ? 'with' : 'without'} a company session`).toBe(404);
      }
    }
  });
});
