import type { FrameLocator } from 'playwright-core';

import { expectUi } from './expect-ui';
import { reloadFrameUntil } from './reload';

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

export type StatementFormat = 'camt053' | 'mt940' | 'json';

/** The sandbox's statement of the company's open invoices, as the bank would give it (`json`: what each line means). */
export async function sandboxStatement(
  sandboxUrl: string,
  tenantId: string,
  format: StatementFormat,
): Promise<UploadedFile> {
  const response = await fetch(`${sandboxUrl}/admin/data-api/statement?tenant=${tenantId}&format=${format}`);
  if (response.status !== 200) throw new Error(`the sandbox's statement answered ${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'statement';
  return { name, mimeType: response.headers.get('content-type')!, buffer: Buffer.from(await response.arrayBuffer()) };
}

/** What each line of a sandbox statement is meant to show (its `format=json`). */
export type Meant = { data: { entries: { role: string; invoice: { id: number; documentNumber: string } | null }[] } };

/** Opens the Payments tab and reloads now and then until the company's copy can pair (a job of the add-on). */
export async function openPaymentsOnceCopied(frame: FrameLocator, tab: string, nav: string): Promise<void> {
  await frame.getByRole('navigation', { name: nav }).getByRole('link', { name: tab, exact: true }).click();
  const state = frame.locator('[data-payments-state]');
  await expectUi(state).toBeVisible();
  await reloadFrameUntil(frame, () =>
    expectUi(state).toHaveAttribute('data-payments-state', 'ready', { timeout: 3_000 }),
  );
}
