import type { FrameLocator } from 'playwright-core';

import { expectUi } from './expect-ui';

/** How long a page may take to be drawn again: a list read live from a slowed service, on a loaded machine. */
const PAGE_LOAD_MS = 30_000;

/**
 * Draws the add-on's page inside the frame again, as the browser's reload does, and waits until the new page has
 * loaded whole (its streamed parts too): what it shows then is the server's answer of now, never the old page's, nor
 * a page half drawn.
 */
export async function reloadFrame(frame: FrameLocator): Promise<void> {
  const inner = await (await frame.owner().elementHandle())?.contentFrame();
  if (!inner) throw new Error('The add-on’s frame holds no page.');
  await Promise.all([
    inner.page().waitForEvent('framenavigated', { predicate: (each) => each === inner, timeout: PAGE_LOAD_MS }),
    // A task later, so the evaluation has returned before the reload ends its document.
    inner.evaluate(() => void setTimeout(() => window.location.reload())),
  ]);
  await inner.waitForLoadState('load', { timeout: PAGE_LOAD_MS });
}

/**
 * Reloads the add-on's page inside the frame now and then until `check` holds: for a state reached by work in the
 * background (the first full sync, a job of the add-on's queue), which a page shows once it is drawn again. `check`
 * looks at a page loaded whole, so a short look suffices (e.g. `{ timeout: 3_000 }`); a slow page delays a try and
 * never fails it.
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
