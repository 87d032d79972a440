/**
 * End to end, inside the service's window (a page of another site framing the add-on), with the company's copy on
 * (MIRROR_SYNC=on), issue 19: the stock page lists the company's catalog items from the copy once they are read;
 * a user sets an item's minimum (ours: the service has none), sees the item marked under it, filters the list to the
 * items under their minimum (`below=1`), is told beside the field when a minimum is no number, and removes one.
 * In English at desktop width and in Slovak at phone width (every user of the company sees the same minimums).
 */
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { freshContext } from './support/browser';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { reloadFrameUntil } from './support/reload';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const TENANT = '10001';

/** The frame's address; '' while it is between two pages (a GET form's answer is redirected to its tidy address). */
const framePath = (frame: FrameLocator) =>
  frame
    .locator('body')
    .evaluate(() => window.location.pathname + window.location.search)
    .catch(() => '');

/**
 * Opens the stock through the company's tabs and reloads it now and then until the copy's catalog items are read
 * (the first full sync runs as a job of the add-on's queue meanwhile): answers the items' table.
 */
async function openStockOnceCopied(
  frame: FrameLocator,
  words: { nav: string; tab: string; table: string },
): Promise<Locator> {
  await frame.getByRole('navigation', { name: words.nav }).getByRole('link', { name: words.tab, exact: true }).click();
  const state = frame.locator('[data-stock-state]');
  await expectUi(state).toBeVisible();
  await reloadFrameUntil(frame, () => expectUi(state).toHaveAttribute('data-stock-state', 'ready', { timeout: 3_000 }));
  const table = frame.getByRole('table', { name: words.table });
  await expectUi(table).toBeVisible();
  return table;
}

const rowOf = (table: Locator, itemCode: string) => table.locator(`tr[data-item-code="${itemCode}"]`);

describe('the stock and its minimums, inside the service’s window', () => {
  let page: Page;
  let frame: FrameLocator;
  let table: Locator;
  let first: string;
  let second: string;

  beforeAll(async () => {
    ({ page, addon: frame } = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: USERS.jana,
      tenantIds: [TENANT],
    }));
    await page.setViewportSize({ width: 1280, height: 900 });
    table = await openStockOnceCopied(frame, { nav: 'Company documents', tab: 'Stock', table: 'Catalog items' });
    const codes = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-code') ?? ''));
    expect(codes.length).toBeGreaterThan(2);
    [first, second] = codes as [string, string];
  });

  it('sets a minimum, shows the item under it, and filters to the items under their minimum (English, desktop)', async () => {
    const row = rowOf(table, first);
    await expectUi(row).toHaveAttribute('data-below', 'false');
    await row.getByText('Set a minimum', { exact: true }).click();
    await row.getByRole('combobox', { name: 'Warehouse' }).selectOption('');
    await row.getByRole('textbox', { name: /^Minimum/ }).fill('1 000 000');
    await row.getByRole('button', { name: 'Save' }).click();

    // Back on the same list, the item marked under its minimum, and said so beside it.
    await expectUi(row.getByRole('status')).toHaveText(`The minimum of item ${first} (All warehouses) is saved.`);
    await expectUi(row).toHaveAttribute('data-below', 'true');
    await expectUi(row.getByText('Under minimum', { exact: true })).toBeVisible();
    await expectUi(row.locator('[data-minimum-warehouse=""]')).toContainText('All warehouses: 1,000,000 (under it)');
    await screenshot(page, 'stock-minimum-set');

    // No number: said beside the field, as typed, and nothing stored.
    const other = rowOf(table, second);
    await other.getByText('Set a minimum', { exact: true }).click();
    await other.getByRole('textbox', { name: /^Minimum/ }).fill('-3');
    await other.getByRole('button', { name: 'Save' }).click();
    const field = other.getByRole('textbox', { name: /^Minimum/ });
    await expectUi(field).toHaveAttribute('aria-invalid', 'true');
    await expectUi(field).toHaveValue('-3');
    await expectUi(other.getByRole('alert')).toContainText('enter a number from 0 with at most 4 decimals');
    await expectUi(other).toHaveAttribute('data-below', 'false');
    await expectUi(other.locator('[data-minimum-warehouse]')).toHaveCount(0);
    await screenshot(page, 'stock-minimum-refused');

    // Only the items under their minimum: the one just marked.
    await frame.getByRole('checkbox', { name: 'Only items under their minimum' }).check();
    await frame.getByRole('button', { name: 'Apply' }).click();
    await expectUi.poll(() => framePath(frame)).toContain('below=1');
    await expectUi(table.locator('tbody tr')).toHaveCount(1);
    await expectUi(rowOf(table, first)).toHaveAttribute('data-below', 'true');
    await expectUi(frame.getByRole('region', { name: 'Totals of this view' })).toHaveAttribute(
      'data-totals-count',
      '1',
    );
    await screenshot(page, 'stock-below');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectUi(rowOf(table, first).getByText('Under minimum', { exact: true })).toBeVisible();
    await screenshot(page, 'stock-below-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows the company’s minimums to its other users too, and sets and removes one by warehouse (Slovak, phone)', async () => {
    const context = await freshContext(world.context.browser()!, {
      locale: 'sk-SK',
      viewport: { width: 390, height: 844 },
    });
    try {
      const slovak = await launchInServiceWindow(context, world.env, world.serviceWindow, {
        userId: USERS.jana,
        tenantIds: [TENANT],
      });
      const sk = await openStockOnceCopied(slovak.addon, {
        nav: 'Doklady firmy',
        tab: 'Sklad',
        table: 'Skladové karty',
      });
      // The minimum set above, in Slovak words.
      const marked = rowOf(sk, first);
      await expectUi(marked.getByText('Pod minimom', { exact: true })).toBeVisible();
      await expectUi(marked.locator('[data-minimum-warehouse=""]')).toContainText(
        'Všetky sklady: 1 000 000 (pod minimom)',
      );

      // A minimum in one warehouse, typed with a decimal comma.
      const row = rowOf(sk, second);
      await row.getByText('Nastaviť minimum', { exact: true }).click();
      const warehouse = row.getByRole('combobox', { name: 'Sklad' });
      const code = await warehouse
        .locator('option')
        .nth(1)
        .evaluate((option) => (option as HTMLOptionElement).value);
      await warehouse.selectOption(code);
      await row.getByRole('textbox', { name: /^Minimum/ }).fill('99999,5');
      await row.getByRole('button', { name: 'Uložiť' }).click();
      await expectUi(row.getByRole('status')).toHaveText(`Minimum položky ${second} (${code}) je uložené.`);
      await expectUi(row).toHaveAttribute('data-below', 'true');
      await expectUi(row.locator(`[data-minimum-warehouse="${code}"]`)).toContainText(
        `${code}: 99 999,5 (pod minimom)`,
      );
      await screenshot(slovak.page, 'stock-minimum-set-sk-phone');

      // Both under their minimum, and only they.
      await slovak.addon.getByRole('checkbox', { name: 'Len položky pod minimom' }).check();
      await slovak.addon.getByRole('button', { name: 'Použiť' }).click();
      await expectUi.poll(() => framePath(slovak.addon)).toContain('below=1');
      await expectUi(sk.locator('tbody tr')).toHaveCount(2);
      await screenshot(slovak.page, 'stock-below-sk-phone');

      // Removed: the item is no longer under a minimum, and leaves the filtered list.
      await row.getByRole('button', { name: `Odstrániť minimum položky ${second} (${code})` }).click();
      await expectUi(slovak.addon.locator('[data-minimum-outcome="removed"]')).toHaveText(
        `Minimum položky ${second} (${code}) je odstránené.`,
      );
      await expectUi(sk.locator('tbody tr')).toHaveCount(1);
      await expectUi(rowOf(sk, second)).toHaveCount(0);

      await slovak.page.setViewportSize({ width: 1280, height: 900 });
      await expectUi(rowOf(sk, first)).toHaveAttribute('data-below', 'true');
      await screenshot(slovak.page, 'stock-below-sk');
    } finally {
      await context.close();
    }
  });
});
