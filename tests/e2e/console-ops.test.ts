/**
 * The console's Launches and Data API pages (issue 12) through the production build: a company user launches, two
 * launches are refused (the gateway's exchange with a wrong API key, the sign-in with a spent launch code), the user
 * opens a company page; then an operator signs in through the sandbox's OpenID Connect provider and sees the launch
 * counted in its hour, each failure counted under its reason in words, and the company's data-API calls, each as a
 * chart (a labelled picture) with its table. The records reach the database every ~5 s: the pages are reloaded until
 * they show them. No secret is in the pages' HTML.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

import { rememberSecret } from '../support/log-capture';
import { freshContext, launchChromium } from './support/browser';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { screenshot } from './support/screenshots';
import { leakedIntoServerOutput, named, secretsIn } from './support/secrets';
import { type FetchedSession, launchByFetch, loadPage, USERS } from './support/sessions';

const SESSION_COOKIE = '__Host-kros-console-session';
const OPERATOR = 'olga.operatorova@example.sk';

let browser: Browser;
let env: E2eEnvironment;
let company: FetchedSession;
/** The hour (UTC, ISO) the company's launch was recorded in. */
let launchHour: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  env = await startEnvironment({ operatorConsole: { emails: OPERATOR } });

  company = await launchByFetch(env, USERS.jana, ['10001']);
  launchHour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();

  // The gateway's exchange with a wrong API key.
  const wrongKey = await fetch(`${env.addon.directUrl}/api/auth/token-exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-plugin-api-key': 'a-wrong-api-key-of-some-length' },
    body: JSON.stringify({ token: 'a.b.c' }),
  });
  await wrongKey.body?.cancel();
  expect(wrongKey.status).toBe(401);
  // The sign-in with the launch code already spent above.
  const spent = await fetch(`${env.addon.directUrl}/auth/callback?code=${encodeURIComponent(company.launchCode)}`, {
    redirect: 'manual',
  });
  await spent.body?.cancel();
  expect(spent.status).toBe(400);

  // A company page: its data-API calls are recorded for the company.
  expect((await loadPage(env, company, '/companies/10001/invoices')).status).toBe(200);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await env?.stop();
});
printAddonOutputOnFailure(() => env?.addon);

/** Signs in at the sandbox's provider as the operator, in a browser speaking `locale`. */
async function signedInOperator(locale: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await freshContext(browser, { locale });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${env.addon.url}/console`);
  await expectUi(page).toHaveURL(`${env.addon.url}/console/sign-in`);
  await page
    .getByRole('button', { name: /^(Sign in with your organisation's account|Prihlásiť sa účtom organizácie)$/ })
    .click();
  await expectUi(page.getByRole('heading', { name: 'Organisation sign-in' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(OPERATOR.replace(/[.]/g, '\\.')) }).click();
  await expectUi(page).toHaveURL(`${env.addon.url}/console`);
  return { page, context };
}

/** Reloads the page until `check` passes: the records are written every few seconds. */
async function reloadUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expectUi(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
}

describe('the console’s Launches and Data API pages', () => {
  let operator: { page: Page; context: BrowserContext };
  beforeAll(async () => {
    operator = await signedInOperator('en-US');
  });

  it('count the launch in its hour and each refused launch under its reason, as charts with their tables', async () => {
    const { page } = operator;
    await page.getByRole('main').getByRole('link', { name: 'Launches', exact: true }).click();
    await expectUi(page).toHaveURL(`${env.addon.url}/console/launches`);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('Launches');

    const hourly = page.getByRole('table', { name: 'Launches per hour, last 24 hours' });
    const failures = page.getByRole('table', { name: 'Failed launches by reason, last 14 days' });
    const wrongKey = failures.locator('tr[data-reason="api_key_wrong"]');
    const spentCode = failures.locator('tr[data-reason="code_invalid_expired_or_used"]');
    await reloadUntil(page, async () => {
      await expectUi(wrongKey).toHaveCount(1, { timeout: 2_000 });
      await expectUi(spentCode).toHaveCount(1, { timeout: 2_000 });
    });
    // The hour of the launch: one exchange, one sign-in; both refusals (unless an hour began between them).
    const launchRow = hourly.locator(`tr[data-hour="${launchHour}"]`);
    await expectUi(launchRow.getByRole('cell').nth(0)).toHaveText('1');
    await expectUi(launchRow.getByRole('cell').nth(1)).toHaveText('1');

    await expectUi(wrongKey.getByRole('rowheader')).toHaveText('Wrong gateway API key');
    await expectUi(wrongKey.getByRole('cell')).toHaveText(['token exchange', 'api_key_wrong', '1']);
    await expectUi(spentCode.getByRole('rowheader')).toHaveText('Launch code unknown, expired or already used');
    await expectUi(spentCode.getByRole('cell')).toHaveText(['sign-in', 'code_invalid_expired_or_used', '1']);

    // Each chart is a labelled picture beside its table.
    for (const name of [
      'Launches per hour, last 24 hours',
      'Launches per day, last 14 days',
      'Failed launches by reason, last 14 days',
    ]) {
      await expectUi(page.getByRole('img', { name })).toBeVisible();
      await expectUi(page.getByRole('table', { name })).toBeVisible();
    }
    const daily = page.getByRole('table', { name: 'Launches per day, last 14 days' });
    await expectUi(daily.getByRole('row')).toHaveCount(15);
    await screenshot(page, 'console-launches');
  });

  it('show the company with its data-API calls in the last 24 hours, as a chart and a table', async () => {
    const { page } = operator;
    await page.goto(`${env.addon.url}/console/data-api`);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('Data API');
    const row = page
      .getByRole('table', { name: 'Data API use per company, last 24 hours' })
      .locator('tr[data-tenant="10001"]');
    await reloadUntil(page, async () => {
      await expectUi(row).toHaveCount(1, { timeout: 2_000 });
    });
    await expectUi(row.getByRole('rowheader')).toHaveText('Pekáreň Novák s.r.o. (10001)');
    // Calls: a number above zero; the page's wait has its p50 / p95.
    await expectUi(row.getByRole('cell').nth(0)).toHaveText(/^[1-9][\d\s,.]*$/);
    await expectUi(row.getByRole('cell').nth(2)).toHaveText(/^\d[\d,.]* ms \/ \d[\d,.]* ms$/);
    await expectUi(page.getByRole('img', { name: 'Data API calls per hour by company, last 24 hours' })).toBeVisible();
    await screenshot(page, 'console-data-api');
  });

  it('hold no secret in their HTML', async () => {
    const cookie = (await operator.context.cookies()).find((c) => c.name === SESSION_COOKIE)!;
    rememberSecret(cookie.value);
    for (const path of ['/console/launches', '/console/data-api']) {
      const response = await fetch(`${env.addon.directUrl}${path}`, {
        headers: { Cookie: `${SESSION_COOKIE}=${cookie.value}`, 'Accept-Language': 'en' },
      });
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(
        secretsIn(html, [
          ...named('console cookie', [cookie.value]),
          ...named('company cookie', [company.cookieValue]),
          ...named('launch code', [company.launchCode]),
          ...named('access token', env.issuedTokens),
          ...named('API key', [sandboxDefaults.pluginApiKey]),
          ...named('add-on secret', env.addon.secrets),
        ]),
        path,
      ).toEqual([]);
    }
    expect(leakedIntoServerOutput(env.addon.output())).toBe(0);
  });

  it('speak Slovak to a Slovak browser', async () => {
    const { page } = await signedInOperator('sk-SK');
    await page.goto(`${env.addon.url}/console/launches`);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('Spustenia');
    await expectUi(page.locator('tr[data-reason="api_key_wrong"]').getByRole('rowheader')).toHaveText(
      'Nesprávny API kľúč brány',
    );
    await page.goto(`${env.addon.url}/console/data-api`);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('Dátové API');
  });

  it('are the console’s: without a console session they send to its sign-in', async () => {
    for (const path of ['/console/launches', '/console/data-api']) {
      const response = await fetch(`${env.addon.directUrl}${path}`, {
        headers: { Cookie: company.cookie },
        redirect: 'manual',
      });
      await response.body?.cancel();
      expect(response.status, path).toBe(307);
      expect(new URL(response.headers.get('location')!, env.addon.url).pathname, path).toBe('/console/sign-in');
    }
  });
});
