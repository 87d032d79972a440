/**
 * Connecting a company that has no usable token, in the browser, every way the interface offers, with the add-on
 * inside the service's window (a page of another site framing it), launched in its frame so that its session cookie
 * is the frame's partitioned one:
 * - a token made by hand in the service, pasted into the company page: a good one connects the company on the spot;
 * - Integration Consent in post mode: "Connect" opens the sandbox's consent page in a new top-level tab (it refuses to
 *   be framed); the service's answer comes back in that tab as a cross-site form POST, without our cookie, and lands
 *   on a page of ours saying the company is connected; meanwhile the frame follows the attempt and moves on to the
 *   connected company by itself, whose signed notifications then show on its activity;
 * - Integration Consent in poll mode (a second add-on configured for it): the same new tab; the frame finds the
 *   approval by polling and moves on to the connected company, named as the consent named it.
 */
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshContext } from './support/browser';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { expectUi } from './support/expect-ui';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';

const world = framedWorldDuringTests();

const JANA = 'jana.novakova@example.sk';
const SESSION_COOKIE = '__Host-kros-addon-session';

const connection = (addon: FrameLocator) => addon.getByRole('region', { name: 'Connection' });

/** The add-on's session cookies of the context: only the frame's, partitioned under the service window's site. */
async function expectOnlyPartitionedSession(
  browserContext: BrowserContext,
  where: { addonUrl: string; windowOrigin: string },
) {
  const sessions = (await browserContext.cookies(where.addonUrl)).filter((cookie) => cookie.name === SESSION_COOKIE);
  expect(sessions.length).toBeGreaterThan(0);
  for (const cookie of sessions)
    expect(cookie).toMatchObject({ partitionKey: where.windowOrigin, sameSite: 'None', secure: true, httpOnly: true });
}

/** Presses "Connect" in the frame: a new top-level tab opens at the consent page, and the frame shows the progress. */
async function connectInNewTab(
  page: Page,
  addon: FrameLocator,
  sandboxUrl: string,
): Promise<{ tab: Page; consentUrl: URL }> {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    addon.locator('button[data-connect="consent"]').click(),
  ]);
  await tab.waitForURL((url) => url.href.startsWith(`${sandboxUrl}/integration-consent?`));
  // Detached from the add-on's frame: the consent page cannot reach back into it.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  return { tab, consentUrl: new URL(tab.url()) };
}

describe('a company without a usable token, inside the service’s window', () => {
  it('says so once, at the top, and connects with a pasted token, after the service accepted it', async () => {
    // Company 10003's token provider hands out no token: Jana lands on it signed in but not connected.
    const { page, frame, addon } = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: JANA,
      tenantIds: ['10003'],
    });
    await expectUi(page).toHaveURL(new RegExp(`^${world.serviceWindow.origin}/`));
    await frame.waitForURL(`${world.env.addon.url}/companies/10003`);
    await expectOnlyPartitionedSession(world.context, {
      addonUrl: world.env.addon.url,
      windowOrigin: 'http://127.0.0.1',
    });

    // One warning, in the connection panel at the top, and no second one pointing to "its overview" (this page).
    await expectUi(connection(addon).locator('[data-state]')).toHaveText('No access delivered');
    await expectUi(addon.locator('[data-problem]')).toHaveCount(0);
    await expectUi(addon.getByText('on its overview')).toHaveCount(0);
    await expectUi(addon.getByText('No access delivered')).toHaveCount(1);
    await expectUi(addon.locator('h1')).toHaveText('Company 10003');

    // The service's consent is the main way (below); a token of one's own is the second.
    const form = addon.locator('form[action="/companies/10003/connection/token"]');
    await expectUi(form).toBeHidden();
    await addon.getByText('Connect with a token of your own').click();
    await expectUi(form).toBeVisible();
    // Long enough for the browser's own check, but with spaces: no token looks like this.
    await form.getByLabel('Access token').fill('this is not a token at all');
    await form.getByRole('button', { name: 'Check and connect' }).click();
    await frame.waitForURL(`${world.env.addon.url}/companies/10003?connection=invalid`);
    // The outcome is said at the top of the page, before the connection panel and its long form (which stays open).
    await expectUi(
      addon.locator('[data-paste-outcome="invalid"] ~ section[aria-labelledby="connection"]'),
    ).toBeVisible();
    await expectUi(form).toBeVisible();

    const token = world.env.sandbox.tokens.issue('10003', JANA);
    await form.getByLabel('Access token').fill(token);
    await form.getByRole('button', { name: 'Check and connect' }).click();
    // The company's copy holds nothing to compare the token with yet: it is stored unproven, and the page says so.
    await frame.waitForURL(`${world.env.addon.url}/companies/10003?connection=unproven`);
    await expectUi(
      addon.locator('[data-paste-outcome="unproven"] ~ section[aria-labelledby="latest-invoices"]'),
    ).toBeVisible();
    await expectUi(connection(addon).locator('[data-state]')).toHaveText('Connected');
    // The figures now come from the service, and the token is nowhere in the page.
    await expectUi(addon.getByRole('link', { name: 'Unpaid invoices', exact: true })).toBeVisible();
    await screenshot(page, 'connect-pasted-token');
    expect(await frame.content()).not.toContain(token);
  });
});

describe('connecting through the service’s consent (post mode), inside the service’s window', () => {
  it('opens the consent page in a new tab; the answer lands on a page of ours there, and the frame moves on to the connected company by itself', async () => {
    const { page, frame, addon } = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: JANA,
      tenantIds: ['10002'],
    });
    await expectUi(addon.locator('h1')).toHaveText('Záhradníctvo Ľaliová dolina s.r.o.');
    // The user deletes the connection in the service: the next call answers 401 and the add-on marks the token.
    world.env.sandbox.tokens.revoke('10002', JANA);
    await frame.goto(`${world.env.addon.url}/companies/10002/invoices`);
    await expectUi(addon.locator('[data-problem="disconnected"]')).toBeVisible();
    await frame.goto(`${world.env.addon.url}/companies/10002`);
    await expectUi(connection(addon).locator('[data-state]')).toHaveText('Access revoked');
    await expectUi(addon.locator('[data-problem]')).toHaveCount(0);

    const { tab, consentUrl } = await connectInNewTab(page, addon, world.env.sandbox.url);
    expect(consentUrl.searchParams.get('response_mode')).toBe('post');
    expect(consentUrl.searchParams.get('company_mode')).toBe('single');
    expect(consentUrl.searchParams.get('redirect_url')).toBe(`${world.env.addon.url}/consent/return`);
    // The service makes each connection's webhook secret; none travels in the address.
    expect(consentUrl.searchParams.has('webhook_secret')).toBe(false);
    await expectUi(tab.locator('#consent-integrator-name')).toHaveText('Doklady s.r.o.');

    // The frame follows the attempt meanwhile; the state is only in the tab's address, never in our page.
    await frame.waitForURL(/\/companies\/10002\/connection\/consent\/[A-Za-z0-9_-]+$/);
    await expectUi(addon.locator('[data-consent-status]')).toHaveAttribute('data-consent-status', 'pending');
    expect(await frame.content()).not.toContain(consentUrl.searchParams.get('state')!);
    await screenshot(page, 'consent-post-pending');

    await tab.locator('#consent-company-10002').check();
    await tab.locator('#consent-approve').click();
    // The service's page posts by itself after a countdown; the button does it at once. Both may arrive: harmless.
    const returned = tab.waitForRequest((request) => request.url() === `${world.env.addon.url}/consent/return`);
    await tab.locator('#return-to-application').click();
    // A cross-site POST in a top-level tab: the frame's partitioned cookie does not come along.
    expect((await (await returned).allHeaders()).cookie ?? '').not.toContain(SESSION_COOKIE);
    await tab.waitForURL(`${world.env.addon.url}/consent/return`);
    await expectUi(tab.locator('[data-consent-return]')).toHaveAttribute('data-consent-return', 'connected');
    await expectUi(tab.getByRole('heading', { name: 'The company is connected' })).toBeVisible();
    await expectUi(
      tab.getByText('The consent was approved. Connected: Záhradníctvo Ľaliová dolina s.r.o.'),
    ).toBeVisible();
    await expectUi(tab.getByText('Return to the KROS tab with the add-on')).toBeVisible();
    await screenshot(tab, 'consent-post-returned');
    for (const token of world.env.issuedTokens) expect(await tab.content()).not.toContain(token);
    // The tab was opened by a script, so its button may close it. The tab may close before Playwright sees its click
    // end, which it reports as an error of the click: only a tab still open makes that a failure.
    const closed = tab.waitForEvent('close');
    await tab
      .getByRole('button', { name: 'Close this tab' })
      .click()
      .catch((error: unknown) => {
        if (!tab.isClosed()) throw error;
      });
    await closed;

    // The frame noticed the finished attempt by itself and shows the connected company, its name in the header.
    await frame.waitForURL(/\/companies\/10002\?consent=[A-Za-z0-9_-]+$/);
    await expectUi(addon.locator('[data-consent-result]')).toHaveAttribute('data-consent-result', 'connected');
    await expectUi(addon.locator('[data-consent-result] ~ section[aria-labelledby="latest-invoices"]')).toBeVisible();
    await expectUi(connection(addon).locator('[data-state]')).toHaveText('Connected');
    await expectUi(addon.getByRole('link', { name: 'Unpaid invoices', exact: true })).toBeVisible();
    await expectUi(addon.locator('h1')).toHaveText('Záhradníctvo Ľaliová dolina s.r.o.');
    await screenshot(page, 'consent-connected');
    const html = await frame.content();
    for (const token of world.env.issuedTokens) expect(html).not.toContain(token);
    expect(html).not.toContain(consentUrl.searchParams.get('state')!);

    // The service now notifies this connection, signed with the secret it generated for it and handed over.
    const sent = await world.env.sandbox.webhooks.send({ tenantId: '10002', userId: JANA, kind: 'upload-problems' });
    expect(sent.attempts).toEqual([200]);
    await frame.goto(`${world.env.addon.url}/companies/10002/activity`);
    await expectUi(addon.getByText(sent.requestId!)).toBeVisible();
    await screenshot(page, 'activity-after-consent');
  });
});

describe('connecting through the service’s consent (poll mode), inside the service’s window', () => {
  let pollEnv: E2eEnvironment;
  let pollContext: BrowserContext;
  beforeAll(async () => {
    pollEnv = await startEnvironment({
      addonEnv: { CONSENT_RESPONSE_MODE: 'poll', ...world.serviceWindow.addonEnv() },
    });
    pollContext = await freshContext(world.context.browser()!, { locale: 'en-GB' });
  });
  afterAll(async () => {
    await pollContext?.close().catch(() => undefined);
    await pollEnv?.stop();
  });

  it('opens the consent page in a new tab, and the frame lands on the connected company, by the consent’s name, once approved there', async () => {
    const { page, frame, addon } = await launchInServiceWindow(pollContext, pollEnv, world.serviceWindow, {
      userId: JANA,
      tenantIds: ['10002', '10003'],
    });
    await frame.goto(`${pollEnv.addon.url}/companies/10003`);
    await expectUi(addon.locator('h1')).toHaveText('Company 10003');

    const { tab, consentUrl } = await connectInNewTab(page, addon, pollEnv.sandbox.url);
    expect(consentUrl.searchParams.get('response_mode')).toBe('poll');
    expect(consentUrl.searchParams.has('redirect_url')).toBe(false);
    expect(consentUrl.searchParams.has('webhook_secret')).toBe(false);
    await frame.waitForURL(/\/companies\/10003\/connection\/consent\/[A-Za-z0-9_-]+$/);
    await expectUi(addon.locator('[data-consent-status]')).toHaveAttribute('data-consent-status', 'pending');
    // The state travels only in the consent page's address, which our page never contains.
    expect(await frame.content()).not.toContain(consentUrl.searchParams.get('state')!);
    await screenshot(page, 'consent-poll-pending');

    await tab.locator('#consent-company-10003').check();
    await tab.locator('#consent-approve').click();
    await expectUi(tab.locator('#consent-approved')).toBeVisible();
    await tab.close();

    // The progress page refreshes itself; its next poll finds the approval, stores it and moves on.
    await frame.waitForURL(/\/companies\/10003\?consent=[A-Za-z0-9_-]+$/, { timeout: 30_000 });
    await expectUi(addon.locator('[data-consent-result]')).toHaveAttribute('data-consent-result', 'connected');
    await expectUi(addon.getByRole('link', { name: 'Unpaid invoices', exact: true })).toBeVisible();
    // The name the consent gave, stored with the connection, not "Company 10003".
    await expectUi(addon.locator('h1')).toHaveText('Stolárstvo Šťastný, s.r.o.');
    const html = await frame.content();
    for (const token of pollEnv.issuedTokens) expect(html).not.toContain(token);
    await screenshot(page, 'consent-poll-connected');
  });
});
