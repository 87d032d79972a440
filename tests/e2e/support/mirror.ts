import type { FrameLocator, Locator } from 'playwright-core';

import { expectUi } from './expect-ui';
import { reloadFrameUntil } from './reload';

/** The words the way to the invoices is found by, in the page's language. */
export type InvoicesWords = { nav: string; tab: string; freshness: string };

export const ENGLISH: InvoicesWords = {
  nav: 'Company documents',
  tab: 'Invoices',
  freshness: 'How fresh this list is',
};
export const SLOVAK: InvoicesWords = { nav: 'Doklady firmy', tab: 'Faktúry', freshness: 'Aktuálnosť zoznamu' };

/**
 * Opens the company's invoices through its tabs, inside the frame, and reloads the list now and then until it says
 * its copy is ready: the first full sync runs as a job of the add-on's queue meanwhile (its calls yield to the
 * pages'). Answers the freshness region.
 */
export async function openInvoicesOnceCopied(
  frame: FrameLocator,
  timeoutMs = 120_000,
  words: InvoicesWords = ENGLISH,
): Promise<Locator> {
  await frame.getByRole('navigation', { name: words.nav }).getByRole('link', { name: words.tab, exact: true }).click();
  const freshness = frame.getByRole('region', { name: words.freshness });
  await expectUi(freshness).toBeVisible();
  await reloadFrameUntil(
    frame,
    () => expectUi(freshness).toHaveAttribute('data-mirror-status', 'ready', { timeout: 3_000 }),
    timeoutMs,
  );
  return freshness;
}
