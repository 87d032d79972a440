import type { FrameLocator } from 'playwright-core';

import { expectUi } from './expect-ui';

/** What an import's pages share in the browser tests: the upload form, the summary's counts, the phone's width. */

/** A file as the browser's file input takes it. */
export type UploadedFile = { name: string; mimeType: string; buffer: Buffer };

/** Uploads a file through an import form; answers once the import's page shows. */
export async function uploadThroughForm(
  frame: FrameLocator,
  file: UploadedFile,
  words: { file: string; submit: string },
): Promise<void> {
  await frame.getByLabel(words.file).setInputFiles(file);
  await frame.getByRole('button', { name: words.submit }).click();
  await expectUi(frame.locator('[data-import-id]')).toBeVisible({ timeout: 60_000 });
}

/** The summary's count of the lines in one state. */
export const stateCount = (frame: FrameLocator, state: string) =>
  frame.locator(`[data-count-state="${state}"]`).evaluate((element) => Number(element.getAttribute('data-count')));

/**
 * How far the import's page scrolls sideways, the page itself and its lines' table (each line a card on a phone):
 * both 0 when it fits the width.
 */
export async function sidewaysScroll(frame: FrameLocator): Promise<{ page: number; lines: number }> {
  const page = await frame
    .locator('body')
    .evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
  const lines = await frame
    .locator('.table-scroll:has(tr[data-line])')
    .evaluate((box) => box.scrollWidth - box.clientWidth);
  return { page, lines };
}
