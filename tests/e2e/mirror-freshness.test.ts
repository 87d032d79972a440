/**
 * End to end, inside the service's window, with the synchronized copy turned on (MIRROR_SYNC=on): opening a company
 * begins its copy in the background (the page never waits), the invoice list says how fresh the copy is, and its
 * "Update now" button asks for an update and comes back to the same list, inside the frame. The copy's sync runs as
 * a job of the add-on's own queue against the sandbox.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';

import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { openInvoicesOnceCopied } from './support/mirror';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

describe('how fresh a list is, inside the service’s window', () => {
  let page: Page;
  let frame: FrameLocator;
  let windowUrl = '';

  beforeAll(async () => {
    ({ page, addon: frame } = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: USERS.jana,
      tenantIds: ['10001'],
    }));
    windowUrl = page.url();
  });

  it('shows the invoices with the copy’s freshness above them, once the background sync has run', async () => {
    await expectUi(frame.getByRole('heading', { level: 1 })).toHaveText('Pekáreň Novák s.r.o.');
    const freshness = await openInvoicesOnceCopied(frame, 100_000);
    await expectUi(freshness).toContainText(/Updated (now|\d+ seconds? ago|\d+ minutes? ago)\./);
    await screenshot(page, 'mirror-freshness');
  });

  it('“Update now” asks for an update and comes back to the same list, inside the frame', async () => {
    await frame.getByRole('link', { name: 'Invoices', exact: true }).first().waitFor();
    const before = await frame.locator('body').evaluate(() => window.location.pathname + window.location.search);
    await frame.getByRole('button', { name: 'Update now' }).click();
    await expectUi(frame.getByRole('region', { name: 'How fresh this list is' })).toBeVisible();
    await expectUi
      .poll(() => frame.locator('body').evaluate(() => window.location.pathname + window.location.search))
      .toBe(before);
    await expectUi(frame.getByRole('table', { name: 'Invoices', exact: true })).toBeVisible();
    await expectUi(page).toHaveURL(windowUrl);
  });
});
