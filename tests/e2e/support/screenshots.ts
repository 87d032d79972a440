import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { projectRoot } from './addon-server';

/** Screenshots of the end-to-end runs are kept here (git-ignored), one file per step, overwritten by the next run. */
export const screenshotDir = path.join(projectRoot, 'test-results', 'e2e');

/**
 * Saves a full-page screenshot as `<name>.png`. A failing screenshot (a page closing under it) never fails the step
 * it documents.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true }).catch((error: unknown) => {
    console.warn(`screenshot ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  });
}
