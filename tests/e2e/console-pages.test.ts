/**
 * The operators' console's Companies, Users and Audit log pages (issue 12), in a browser signed in through the
 * sandbox's OpenID Connect provider: a company a user launched a moment before is listed; ending a user's sessions
 * (confirmed) makes that user's next page answer 401; disconnecting a company (confirmed) leaves its pages saying it
 * has no connection and its mirror gone; a malformed request changes nothing; every action is in the audit log,
 * which filters; and no token, cookie or launch code is in any of the console's pages.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rememberSecret } from '../support/log-capture';
import { freshContext, launchChromium } from './support/browser';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { leakedIntoServerOutput, named, secretsIn } from './support/secrets';
import { type FetchedSession, launchByFetch, loadPage, USERS } from './support/sessions';

const SESSION_COOKIE = '__Host-kros-console-session';
const OPERATOR = 'olga.operatorova@example.sk';

let browser: Browser;
let context: BrowserContext;
let env: E2eEnvironment;
let page: Page;
let jana: FetchedSession;
let peter: FetchedSession;
/** Every console address the test opened, for the closing scan of their HTML. */
const visited = new Set<string>();

beforeAll(async () => {
  browser = await launchChromium();
  env = await startEnvironment({ operatorConsole: { emails: OPERATOR } });
  context = await freshContext(browser, { locale: 'en-US' });
  page = await context.newPage();
  page.on('framenavigated', (frame) => {
    const url = new URL(frame.url());
    const onConsole = url.origin === new URL(env.addon.url).origin && url.pathname.startsWith('/console');
    if (frame === page.mainFrame() && onConsole && url.pathname !== '/console/sign-in') {
      visited.add(url.pathname + url.search);
    }
  });
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await env?.stop();
});
printAddonOutputOnFailure(() => env?.addon);

const outcome = () => page.getByTestId('console-action-outcome');
const confirmation = () => page.getByTestId('console-confirm');

/** Confirms the action the page's confirmation step shows: the required check box, then its button. */
async function confirm(button: string) {
  await confirmation().getByRole('checkbox', { name: 'I understand what this action does.' }).check();
  await confirmation().getByRole('button', { name: button }).click();
}

describe('the console at work', () => {
  it('lists a company launched a moment before, with its users and connection, once an operator signs in', async () => {
    jana = await launchByFetch(env, USERS.jana, ['10001']);
    peter = await launchByFetch(env, USERS.peter, ['10004']);
    // Opening a list registers the company's mirror; its first sync runs as a job meanwhile.
    expect((await loadPage(env, peter, '/companies/10004/invoices')).status).toBe(200);

    await page.goto(`${env.addon.url}/console/companies`);
    await expectUi(page).toHaveURL(`${env.addon.url}/console/sign-in`);
    await page.getByRole('button', { name: "Sign in with your organisation's account" }).click();
    await expectUi(page.getByRole('heading', { name: 'Organisation sign-in' })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(OPERATOR.replace(/[.]/g, '\\.')) }).click();
    await expectUi(page.getByRole('heading', { name: 'Console overview' })).toBeVisible();
    rememberSecret((await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)!.value);

    await page.getByRole('main').getByRole('link', { name: 'Companies', exact: true }).click();
    await expectUi(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
    const row = page.getByTestId('console-company-10001');
    await expectUi(row).toContainText(USERS.jana);
    await expectUi(row.getByTestId('console-company-connection')).toContainText('Connected');
    await expectUi(row.getByTestId('console-company-connection')).toContainText('Delivered by the gateway');
    // 10004's copy fills: reload until its first sync is done.
    const mirror = page.getByTestId('console-company-10004').getByTestId('console-company-mirror');
    await expectUi(async () => {
      await page.reload();
      await expectUi(mirror.locator('[data-mirror-status]')).toHaveAttribute('data-mirror-status', 'ready', {
        timeout: 3_000,
      });
    }).toPass({ timeout: 120_000, intervals: [3_000] });
    await expectUi(mirror.getByTestId('console-mirror-records').first()).not.toHaveText('0');
  });

  it("ends a user's sessions once confirmed: that user's next page answers 401", async () => {
    await page.goto(`${env.addon.url}/console/users`);
    const row = page.getByTestId(`console-user-${USERS.jana}`);
    await expectUi(row.locator('[data-session-state="live"]')).toHaveCount(1);
    await row.getByRole('link', { name: 'End all sessions' }).click();
    await expectUi(confirmation()).toContainText(`End all sessions of ${USERS.jana}?`);
    await confirm('End all sessions');
    await expectUi(outcome()).toHaveAttribute('data-result', 'ok');
    await expectUi(outcome()).toContainText('Sessions ended: 1.');
    await expectUi(row.locator('[data-session-state="revoked"]')).toHaveCount(1);

    expect((await loadPage(env, jana, '/companies/10001')).status).toBe(401);
    // Peter's session is his own, and untouched.
    expect((await loadPage(env, peter, '/companies/10004')).status).toBe(200);

    // Again: nothing left to end, refused with its reason.
    await row.getByRole('link', { name: 'End all sessions' }).click();
    await confirm('End all sessions');
    await expectUi(outcome()).toHaveAttribute('data-result', 'refused');
    await expectUi(outcome()).toContainText('The user has no live session.');
  });

  it('refuses a malformed request with a generic error and changes nothing', async () => {
    await page.goto(`${env.addon.url}/console/users`);
    await page.getByTestId(`console-user-${USERS.peter}`).getByRole('link', { name: 'End all sessions' }).click();
    await expectUi(confirmation()).toBeVisible();
    // The form as a forger would send it: the user id emptied.
    await confirmation()
      .locator('input[name="userId"]')
      .evaluate((input: HTMLInputElement) => {
        input.value = '';
      });
    await confirm('End all sessions');
    await expectUi(outcome()).toHaveAttribute('data-result', 'invalid');
    await expectUi(outcome()).toContainText('The request is not valid. Nothing was changed.');
    expect((await loadPage(env, peter, '/companies/10004')).status).toBe(200);
  });

  it('syncs a company now once confirmed', async () => {
    await page.goto(`${env.addon.url}/console/companies`);
    await page.getByTestId('console-company-10004').getByRole('link', { name: 'Sync now' }).click();
    await expectUi(confirmation()).toContainText('Sync the copy of');
    await confirmation().getByRole('combobox', { name: 'Scope' }).selectOption('reconcile');
    await confirm('Sync now');
    await expectUi(outcome()).toHaveAttribute('data-result', 'ok');
  });

  it('disconnects a company once confirmed: its pages say it has no connection, its mirror is gone', async () => {
    await page.goto(`${env.addon.url}/console/companies`);
    const row = page.getByTestId('console-company-10004');
    await row.getByRole('link', { name: 'Disconnect company' }).click();
    await expectUi(confirmation()).toContainText('Disconnect');
    await expectUi(confirmation()).toContainText('(10004)');
    await confirm('Disconnect company');
    await expectUi(outcome()).toHaveAttribute('data-result', 'ok');
    await expectUi(outcome()).toContainText('1 token(s) forgotten');
    await expectUi(row.getByTestId('console-company-connection')).toContainText('No token');
    await expectUi(row.locator('[data-mirror-status]')).toHaveAttribute('data-mirror-status', 'never');
    await expectUi(row.getByTestId('console-mirror-records')).toHaveText(['0', '0', '0']);

    const companyPage = await loadPage(env, peter, '/companies/10004');
    expect(companyPage.status).toBe(200);
    expect(companyPage.body).toContain('KROS delivered no access token for this company.');
  });

  it('writes each action to the audit log, which filters and pages', async () => {
    await page.goto(`${env.addon.url}/console/audit`);
    const entries = page.getByTestId('console-audit-entry');
    // End sessions (ok, then refused), sync, disconnect; the malformed request is not an action.
    await expectUi(entries).toHaveCount(4);
    await expectUi(entries.first()).toHaveAttribute('data-action', 'disconnect-company');
    await expectUi(entries.first()).toContainText(OPERATOR);
    await expectUi(entries.first()).toContainText('tenantId=10004');
    await expectUi(page.locator('[data-action="end-user-sessions"][data-result="ok"]')).toContainText(
      `userId=${USERS.jana}`,
    );
    await expectUi(page.locator('[data-action="end-user-sessions"][data-result="refused"]')).toContainText(
      'The user has no live session.',
    );
    await expectUi(page.locator('[data-action="resync-company"]')).toContainText('mode=reconcile');

    await page.getByRole('combobox', { name: 'Action' }).selectOption('end-user-sessions');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expectUi(page).toHaveURL(/action=end-user-sessions/);
    await expectUi(entries).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Result' }).selectOption('refused');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expectUi(entries).toHaveCount(1);

    await page.goto(`${env.addon.url}/console/audit?company=10004`);
    await expectUi(entries).toHaveCount(2);
    // A filter that does not parse: one clear message, no entries.
    await page.goto(`${env.addon.url}/console/audit?from=not-a-day`);
    await expectUi(page.getByRole('main').getByRole('alert')).toHaveText(
      'The filter is not valid. Correct it or clear it.',
    );
    await expectUi(entries).toHaveCount(0);
  });

  it('refuses an action posted from another origin (CSRF), and takes the same form from its own', async () => {
    const cookie = (await context.cookies()).find((each) => each.name === SESSION_COOKIE)!;
    const headers = { Cookie: `${SESSION_COOKIE}=${cookie.value}`, 'Accept-Language': 'en' };
    const confirmView = await (
      await fetch(`${env.addon.directUrl}/console/users?confirm=reencrypt`, { headers })
    ).text();
    // The confirmation form as a plain HTML post sends it: the server action's id is a hidden field.
    const actionField = /name="(\$ACTION_ID_[0-9a-f]+)"/.exec(confirmView)?.[1];
    expect(actionField).toBeDefined();
    const post = (origin: string) => {
      const form = new FormData();
      form.set(actionField!, '');
      form.set('confirmed', 'yes');
      return fetch(`${env.addon.directUrl}/console/users?confirm=reencrypt`, {
        method: 'POST',
        headers: { ...headers, Origin: origin },
        body: form,
        redirect: 'manual',
      });
    };
    const forged = await post('https://attacker.example');
    await forged.body?.cancel();
    expect(forged.status).toBeGreaterThanOrEqual(400);
    const own = await post(new URL(env.addon.directUrl).origin);
    await own.body?.cancel();
    expect(own.status).toBe(303);
    expect(own.headers.get('location')).toContain('done=reencryptSecrets&result=ok');

    // Only the one from its own origin was done (and audited).
    await page.goto(`${env.addon.url}/console/audit?action=reencrypt-secrets`);
    await expectUi(page.getByTestId('console-audit-entry')).toHaveCount(1);
  });

  it('speaks Slovak to a Slovak browser', async () => {
    const cookie = (await context.cookies()).find((each) => each.name === SESSION_COOKIE)!;
    for (const [path, heading] of [
      ['/console/companies', 'Firmy'],
      ['/console/users', 'Používatelia'],
      ['/console/audit', 'Záznam akcií'],
    ] as const) {
      const html = await (
        await fetch(`${env.addon.directUrl}${path}`, {
          headers: { Cookie: `${SESSION_COOKIE}=${cookie.value}`, 'Accept-Language': 'sk' },
        })
      ).text();
      expect(html, path).toContain(`>${heading}</h1>`);
    }
  });

  it("shows no token, cookie or launch code in any of the console's pages, nor logs one", async () => {
    const cookie = (await context.cookies()).find((each) => each.name === SESSION_COOKIE)!;
    const secrets = [
      ...named('console cookie', [cookie.value]),
      ...named('company session cookie', [jana.cookieValue, peter.cookieValue]),
      ...named('launch code', [jana.launchCode, peter.launchCode]),
      ...named('access token', env.issuedTokens),
      ...named('add-on secret', env.addon.secrets),
    ];
    expect(env.issuedTokens.length).toBeGreaterThan(0);
    const pages = [...visited, '/console/users?confirm=reencrypt'];
    expect(pages.length).toBeGreaterThan(5);
    for (const path of pages) {
      const response = await fetch(`${env.addon.directUrl}${path}`, {
        headers: { Cookie: `${SESSION_COOKIE}=${cookie.value}`, 'Accept-Language': 'en' },
      });
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(secretsIn(html, secrets), path).toEqual([]);
    }
    expect(leakedIntoServerOutput(env.addon.output())).toBe(0);
  });
});
