/**
 * End to end, inside the service's window: the add-on framed by a page of another site, as the service embeds it,
 * signed in through the frame. When the service cannot give a file, the user is never stranded on a bare page: a
 * failed PDF download shows the company's own page in the frame (tabs, what happened, a retry that then downloads,
 * the way back to the invoice), and a failed preview says beside its link, in the opening page, what happened, and
 * closes the blank tab it had opened.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { screenshot, screenshotDir } from './support/screenshots';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const world = framedWorldDuringTests();
printAddonOutputOnFailure(() => world.env.addon);

describe('a file the service cannot give, inside the service’s window', () => {
  let page: Page;
  let frame: FrameLocator;
  let windowUrl = '';
  let invoiceHeading = '';

  beforeAll(async () => {
    ({ page, addon: frame } = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: USERS.jana,
      tenantIds: ['10001'],
    }));
    windowUrl = page.url();
  });

  it('opens an invoice inside the frame', async () => {
    await expectUi(frame.getByRole('heading', { level: 1 })).toHaveText('Pekáreň Novák s.r.o.');
    await frame
      .getByRole('navigation', { name: 'Company documents' })
      .getByRole('link', { name: 'Invoices', exact: true })
      .click();
    await frame
      .getByRole('table', { name: 'Invoices', exact: true })
      .locator('tbody > tr')
      .first()
      .getByRole('rowheader')
      .getByRole('link')
      .click();
    const heading = frame.getByRole('heading', { level: 2, name: /^Invoice / });
    await expectUi(heading).toBeVisible();
    invoiceHeading = await heading.evaluate((h2) => h2.textContent ?? '');
    await expectUi(page).toHaveURL(windowUrl);
  });

  it('a failed PDF download shows the company’s page in the frame, with its tabs, a retry that downloads, and the way back', async () => {
    world.env.sandbox.dataApi.setFault('10001', { mode: 'server-error', status: 503 });
    const link = frame.locator('li[data-report="17"]').getByRole('link', { name: /^Download/ });
    await expectUi(link).toHaveAttribute('href', /\/reports\/17/);
    const href = await link.evaluate((anchor) => anchor.getAttribute('href') ?? '');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(href)),
      link.click(),
    ]);
    expect(answer.status()).toBe(503);

    const problem = frame.getByRole('alert');
    await expectUi(problem).toContainText('KROS does not answer');
    await expectUi(
      frame.getByRole('navigation', { name: 'Company documents' }).getByRole('link', { name: 'Invoices', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await expectUi(frame.getByRole('heading', { level: 1 })).toHaveText('Pekáreň Novák s.r.o.');
    await expectUi(frame.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const retry = problem.getByRole('link', { name: 'Try again' });
    await expectUi(retry).toHaveAttribute('href', href);
    // Still in the service's window: only the frame moved.
    await expectUi(page).toHaveURL(windowUrl);
    // Of the frame itself: a full-page screenshot does not always capture a frame of another site just navigated.
    await mkdir(screenshotDir, { recursive: true });
    await page
      .locator('iframe[name="addon"]')
      .screenshot({ path: path.join(screenshotDir, 'framed-01-download-failed.png') });

    world.env.sandbox.dataApi.clearFaults();
    const [download] = await Promise.all([page.waitForEvent('download'), retry.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await download.cancel();

    await problem.getByRole('link', { name: '← Back to the invoice' }).click();
    await expectUi(frame.getByRole('heading', { level: 2, name: /^Invoice / })).toHaveText(invoiceHeading);
    await expectUi(page).toHaveURL(windowUrl);
  });

  it('a failed preview says why beside its link, in the page that opened it, and closes the tab it opened', async () => {
    world.env.sandbox.dataApi.setFault('10001', { mode: 'rate-limited', retryAfterSeconds: 30 });
    const report = frame.locator('li[data-report="19"]');
    const [tab] = await Promise.all([
      world.context.waitForEvent('page'),
      report.getByRole('link', { name: /^Preview/ }).click(),
    ]);
    if (!tab.isClosed()) await tab.waitForEvent('close');

    // The seconds are the pause the add-on keeps for the token, about the service's retry-after.
    await expectUi(report.getByRole('alert')).toHaveText(
      /^The preview could not be opened\. KROS is busy\. Try again in 3\d s\.$/,
    );
    await expectUi(frame.getByRole('heading', { level: 2, name: /^Invoice / })).toHaveText(invoiceHeading);
    await expectUi(page).toHaveURL(windowUrl);
    await screenshot(page, 'framed-02-preview-failed');
    world.env.sandbox.dataApi.clearFaults();
  });
});
