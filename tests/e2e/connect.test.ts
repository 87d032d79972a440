/**
 * Connecting a company that has no usable token, in the browser: the company page offers, besides the service's
 * consent, the form for a token made by hand in the service, and a good token connects the company on the spot.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshContext, launchChromium, launchFromSandbox } from './support/browser';
import { startEnvironment, type E2eEnvironment } from './support/environment';
import { screenshot } from './support/screenshots';

let env: E2eEnvironment;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  env = await startEnvironment();
  browser = await launchChromium();
  context = await freshContext(browser, { locale: 'en-GB' });
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await env?.stop();
});

describe('a company without a usable token', () => {
  it('connects with a pasted token, after the service accepted it, and shows its data', async () => {
    // Company 10003's token provider hands out no token: Jana lands on it signed in but not connected.
    const { page } = await launchFromSandbox(context, env.where, { userKey: 'jana', tenantIds: ['10003'] });
    await page.waitForURL(`${env.addon.url}/companies/10003`);
    await expect(page.getByText('No access delivered').first().isVisible()).resolves.toBe(true);

    // The service's consent is the main way (tests/e2e/consent.test.ts); a token of one's own is the second.
    const form = page.locator('form[action="/companies/10003/connection/token"]');
    await expect(form.isVisible()).resolves.toBe(false);
    await page.getByText('Connect with a token of your own').click();
    await expect(form.isVisible()).resolves.toBe(true);
    // Long enough for the browser's own check, but with spaces: no token looks like this.
    await form.getByLabel('Access token').fill('this is not a token at all');
    await form.getByRole('button', { name: 'Check and connect' }).click();
    await page.waitForURL(`${env.addon.url}/companies/10003?connection=invalid`);
    expect(await page.locator('[data-paste-outcome]').getAttribute('data-paste-outcome')).toBe('invalid');

    const token = env.sandbox.tokens.issue('10003', 'jana.novakova@example.sk');
    await page.locator('form[action="/companies/10003/connection/token"]').getByLabel('Access token').fill(token);
    await page.getByRole('button', { name: 'Check and connect' }).click();
    await page.waitForURL(`${env.addon.url}/companies/10003?connection=connected`);
    await screenshot(page, 'connect-pasted-token');
    expect(await page.locator('[data-paste-outcome]').getAttribute('data-paste-outcome')).toBe('connected');
    await expect(page.getByText('Connected', { exact: true }).first().isVisible()).resolves.toBe(true);
    // The figures now come from the service, and the token is nowhere in the page.
    await expect(page.getByText('Unpaid invoices').first().isVisible()).resolves.toBe(true);
    expect(await page.content()).not.toContain(token);
  });
});
