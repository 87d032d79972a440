/**
 * Connecting a company that has no usable token, in the browser, every way the interface offers:
 * - a token made by hand in the service, pasted into the company page: a good one connects the company on the spot;
 * - Integration Consent in post mode, through the sandbox's consent page: the service's answer comes back as a
 *   cross-site form POST and the user lands on the connected company, whose signed notifications then show on its
 *   activity;
 * - Integration Consent in poll mode (a second add-on configured for it): the progress page opens the consent page in
 *   a new tab and, once the user approves there, finds the approval by polling and moves on to the connected company.
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

const JANA = 'jana.novakova@example.sk';

describe('a company without a usable token', () => {
  it('connects with a pasted token, after the service accepted it, and shows its data', async () => {
    // Company 10003's token provider hands out no token: Jana lands on it signed in but not connected.
    const { page } = await launchFromSandbox(context, env.where, { userKey: 'jana', tenantIds: ['10003'] });
    await page.waitForURL(`${env.addon.url}/companies/10003`);
    await expect(page.getByText('No access delivered').first().isVisible()).resolves.toBe(true);

    // The service's consent is the main way (below); a token of one's own is the second.
    const form = page.locator('form[action="/companies/10003/connection/token"]');
    await expect(form.isVisible()).resolves.toBe(false);
    await page.getByText('Connect with a token of your own').click();
    await expect(form.isVisible()).resolves.toBe(true);
    // Long enough for the browser's own check, but with spaces: no token looks like this.
    await form.getByLabel('Access token').fill('this is not a token at all');
    await form.getByRole('button', { name: 'Check and connect' }).click();
    await page.waitForURL(`${env.addon.url}/companies/10003?connection=invalid`);
    expect(await page.locator('[data-paste-outcome]').getAttribute('data-paste-outcome')).toBe('invalid');

    const token = env.sandbox.tokens.issue('10003', JANA);
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

describe('connecting through the service’s consent (post mode)', () => {
  it('approves the company at the service and lands on it, connected, after its token stopped working', async () => {
    const { page } = await launchFromSandbox(context, env.where, { userKey: 'jana', tenantIds: ['10002'] });
    // The user deletes the connection in the service: the next call answers 401 and the add-on marks the token.
    env.sandbox.tokens.revoke('10002', JANA);
    await page.goto(`${env.addon.url}/companies/10002/invoices`);
    await page.goto(`${env.addon.url}/companies/10002`);
    await expect(page.getByText('Access revoked').first().isVisible()).resolves.toBe(true);

    await page.locator('button[data-connect="consent"]').click();
    await page.waitForURL((url) => url.href.startsWith(`${env.sandbox.url}/integration-consent`));
    const consentUrl = new URL(page.url());
    expect(consentUrl.searchParams.get('response_mode')).toBe('post');
    expect(consentUrl.searchParams.get('company_mode')).toBe('single');
    expect(await page.locator('#consent-integrator-name').textContent()).toBe('Doklady s.r.o.');

    await page.locator('#consent-company-10002').check();
    await page.locator('#consent-approve').click();
    // The service's page posts by itself after a countdown; the button does it at once. Both may arrive: harmless.
    await page.locator('#return-to-application').click();
    await page.waitForURL(/\/companies\/10002\?consent=/);
    await screenshot(page, 'consent-connected');

    expect(await page.locator('[data-consent-result]').getAttribute('data-consent-result')).toBe('connected');
    await expect(page.getByText('Connected', { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('Unpaid invoices').first().isVisible()).resolves.toBe(true);
    const html = await page.content();
    for (const token of env.issuedTokens) expect(html).not.toContain(token);
    expect(html).not.toContain(consentUrl.searchParams.get('state')!);

    // The service now notifies this connection, signed with the secret it handed over with the token.
    const sent = await env.sandbox.webhooks.send({ tenantId: '10002', userId: JANA, kind: 'upload-problems' });
    expect(sent.attempts).toEqual([200]);
    await page.goto(`${env.addon.url}/companies/10002/activity`);
    await expect(page.getByText(sent.requestId!).first().isVisible()).resolves.toBe(true);
    // The page says whether a secret is stored, never the secret itself.
    expect(await page.content()).not.toContain(consentUrl.searchParams.get('webhook_secret')!);
    await screenshot(page, 'activity-after-consent');
  });
});

describe('connecting through the service’s consent (poll mode)', () => {
  let pollEnv: E2eEnvironment;
  let pollContext: BrowserContext;
  beforeAll(async () => {
    pollEnv = await startEnvironment({ addonEnv: { CONSENT_RESPONSE_MODE: 'poll' } });
    pollContext = await freshContext(browser, { locale: 'en-GB' });
  });
  afterAll(async () => {
    await pollContext?.close().catch(() => undefined);
    await pollEnv?.stop();
  });

  it('shows progress, opens the consent page in a new tab, and lands connected once approved there', async () => {
    const { page } = await launchFromSandbox(pollContext, pollEnv.where, { userKey: 'jana', tenantIds: ['10002', '10003'] });
    await page.goto(`${pollEnv.addon.url}/companies/10003`);
    await page.locator('button[data-connect="consent"]').click();
    await page.waitForURL(/\/companies\/10003\/connection\/consent\/[A-Za-z0-9_-]+$/);
    expect(await page.locator('[data-consent-status]').getAttribute('data-consent-status')).toBe('pending');
    // The state travels only in the consent page's address, which our page never contains.
    const progressHtml = await page.content();

    const [tab] = await Promise.all([pollContext.waitForEvent('page'), page.locator('button[data-consent-open]').click()]);
    await tab.waitForURL((url) => url.href.startsWith(`${pollEnv.sandbox.url}/integration-consent`));
    const consentUrl = new URL(tab.url());
    expect(consentUrl.searchParams.get('response_mode')).toBe('poll');
    expect(consentUrl.searchParams.has('redirect_url')).toBe(false);
    expect(progressHtml).not.toContain(consentUrl.searchParams.get('state')!);
    await screenshot(page, 'consent-poll-pending');

    await tab.locator('#consent-company-10003').check();
    await tab.locator('#consent-approve').click();
    await tab.locator('#consent-approved').waitFor();
    await tab.close();

    // The progress page refreshes itself; its next poll finds the approval, stores it and moves on.
    await page.waitForURL(/\/companies\/10003\?consent=/, { timeout: 30_000 });
    expect(await page.locator('[data-consent-result]').getAttribute('data-consent-result')).toBe('connected');
    await expect(page.getByText('Unpaid invoices').first().isVisible()).resolves.toBe(true);
    const html = await page.content();
    for (const token of pollEnv.issuedTokens) expect(html).not.toContain(token);
    await screenshot(page, 'consent-poll-connected');
  });
});
