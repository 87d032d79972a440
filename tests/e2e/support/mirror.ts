import type { FrameLocator, Locator } from 'playwright-core';

import { expectUi } from './expect-ui';

/**
 * Opens the company's invoices through its tabs, inside the frame, and reloads the list now and then until it says
 * its copy is ready: the first full sync runs as a job of the add-on's queue meanwhile (its calls yield to the
 * pages'). Answers the freshness region.
 */
export async function openInvoicesOnceCopied(frame: FrameLocator, timeoutMs = 120_000): Promise<Locator> {
  await frame
    .getByRole('navigation', { name: 'Company documents' })
    .getByRole('link', { name: 'Invoices', exact: true })
    .click();
  const freshness = frame.getByRole('region', { name: 'How fresh this list is' });
  await expectUi(freshness).toBeVisible();
  await expectUi(async () => {
    await frame.locator('body').evaluate(() => window.location.reload());
    await expectUi(freshness).toHaveAttribute('data-mirror-status', 'ready', { timeout: 3_000 });
  }).toPass({ timeout: timeoutMs, intervals: [3_000] });
  return freshness;
}
