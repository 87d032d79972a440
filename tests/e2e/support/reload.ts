import type { FrameLocator } from 'playwright-core';

import { expectUi } from './expect-ui';

/** How long a page may take to be drawn again: a list read live from a slowed service, on a loaded machine. */
const PAGE_LOAD_MS = 30_000;

/** What the old page is marked with before it reloads: a new document never has it. */
const OLD_PAGE = '__drawnBeforeTheReload';

/**
 * Draws the add-on's page inside the frame again, as the browser's reload does, and waits until a new document has
 * loaded whole (its streamed parts too): what it shows then is the server's answer of now, never the old page's, nor
 * a page half drawn. The old page is marked and the wait is for a document without the mark: the frame's navigation
 * events would not do, as the old page's own refresh (router.refresh() when a sync ends) navigates in place too.
 */
export async function reloadFrame(frame: FrameLocator): Promise<void> {
  const element = await frame.owner().elementHandle();
  const inner = await element?.contentFrame();
  await element?.dispose();
  if (!inner) throw new Error('The add-on’s frame holds no page.');
  await inner.evaluate((mark) => {
    Object.assign(window, { [mark]: true });
    // A task later, so the evaluation has returned before the reload ends its document.
    setTimeout(() => window.location.reload());
  }, OLD_PAGE);
  // Waiting for a function goes on across the frame's navigations.
  await inner.waitForFunction((mark) => !(mark in window) && document.readyState === 'complete', OLD_PAGE, {
    timeout: PAGE_LOAD_MS,
  });
}

/**
 * Reloads the add-on's page inside the frame now and then until `check` holds: for a state reached by work in the
 * background (the first full sync, a job of the add-on's queue), which a page shows once it is drawn again. `check`
 * looks at a page loaded whole, so a short look suffices (e.g. `{ timeout: 3_000 }`); a slow page (up to 30 s)
 * delays a try and does not fail it.
 */
export async function reloadFrameUntil(
  frame: FrameLocator,
  check: () => Promise<void>,
  timeoutMs = 120_000,
): Promise<void> {
  await expectUi(async () => {
    await reloadFrame(frame);
    await check();
  }).toPass({ timeout: timeoutMs, intervals: [2_000, 3_000] });
}
