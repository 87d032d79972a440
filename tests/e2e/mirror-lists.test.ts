/**
 * End to end, inside the service's window, with the synchronized copy on (MIRROR_SYNC=on): once the company's first
 * full sync has ended, its invoice list is read from the copy. The search box finds invoices by a partner's name
 * typed without diacritics and in any case, and marks where it matched; a column header sorts the list by clicking
 * it (and again the other way); the totals above the list count the whole view.
 */
import { readFile } from 'node:fs/promises';

import { parse } from 'csv-parse/sync';
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { openInvoicesOnceCopied } from './support/mirror';
import { reloadFrameUntil } from './support/reload';
import { sandboxCompany } from './support/sandbox-data';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const framePath = (frame: FrameLocator) =>
  frame.locator('body').evaluate(() => window.location.pathname + window.location.search);

describe('searching and sorting a company’s invoices, inside the service’s window', () => {
  let page: Page;
  let frame: FrameLocator;

  beforeAll(async () => {
    ({ page, addon: frame } = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: USERS.jana,
      tenantIds: ['10001'],
    }));
    await expectUi(frame.getByRole('heading', { level: 1 })).toHaveText('Pekáreň Novák s.r.o.');
    await openInvoicesOnceCopied(frame);
    // Until the copy is ready the list is live and its search box disabled.
    await expectUi(frame.getByRole('searchbox', { name: 'Search' })).toBeEnabled();
  });

  it('finds invoices by a partner’s name typed without diacritics, marks the match, totals it and exports exactly that', async () => {
    const invoices = sandboxCompany('10001', world.env.today).invoices;
    // A partner's word with diacritics, typed as a person in a hurry would: no diacritics, in capitals.
    const word = invoices
      .map((invoice) => invoice.record.partner?.address?.businessName ?? '')
      .flatMap((name) => name.split(/\s+/))
      .find((each) => each.length >= 4 && fold(each) !== each.toLowerCase())!;
    const typed = fold(word).toUpperCase();
    const totals = frame.getByRole('region', { name: 'Totals of this view' });
    const counted = () => totals.evaluate((element) => Number(element.getAttribute('data-totals-count')));
    await expectUi.poll(counted).toBe(invoices.length);

    await frame.getByRole('searchbox', { name: 'Search' }).fill(typed);
    await frame.getByRole('button', { name: 'Search', exact: true }).click();
    await expectUi.poll(() => framePath(frame)).toContain(`q=${encodeURIComponent(typed)}`);
    const table = frame.getByRole('table', { name: 'Invoices', exact: true });
    await expectUi(table.locator('mark', { hasText: word }).first()).toBeVisible();
    await expectUi.poll(counted).toBeGreaterThan(0);
    await expectUi.poll(counted).toBeLessThan(invoices.length);
    await screenshot(page, 'mirror-search');

    // The export of this very view: every row it matched (not one page), in a file Excel reads as UTF-8.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      frame.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoices-.+-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The header, the view's rows, an empty row, then its totals (every field quoted: lib/platform/files/csv.ts).
    const rows: string[][] = parse(bytes, { bom: true, delimiter: ',' });
    expect(rows[0]![0]).toBe('Document number');
    const empty = rows.findIndex((row) => row.every((cell) => cell === ''));
    expect(empty - 1).toBe(await counted());
    expect(rows[empty + 1]![0]).toBe(`Total: ${await counted()} document${(await counted()) === 1 ? '' : 's'}`);

    await frame.getByRole('link', { name: 'Clear search' }).first().click();
    await expectUi.poll(counted).toBe(invoices.length);
  });

  it('sorts by a column when its header is clicked, and the other way when clicked again', async () => {
    const table = frame.getByRole('table', { name: 'Invoices', exact: true });
    const numberHeader = table.getByRole('columnheader', { name: /Number/ });
    const numbers = () =>
      table
        .locator('tbody tr th a')
        .evaluateAll((links) => links.map((link) => (link.textContent ?? '').toLowerCase()));
    const sorted = (values: string[], descending: boolean) =>
      [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (descending ? -1 : 1));

    await numberHeader.getByRole('link').click();
    await expectUi.poll(() => framePath(frame)).toContain('sort=documentNumber');
    await expectUi(numberHeader).toHaveAttribute('aria-sort', 'ascending');
    await expectUi
      .poll(async () => {
        const shown = await numbers();
        return shown.length > 1 && shown.join() === sorted(shown, false).join();
      })
      .toBe(true);

    await numberHeader.getByRole('link').click();
    await expectUi.poll(() => framePath(frame)).toContain('sort=-documentNumber');
    await expectUi(numberHeader).toHaveAttribute('aria-sort', 'descending');
    await expectUi
      .poll(async () => {
        const shown = await numbers();
        return shown.length > 1 && shown.join() === sorted(shown, true).join();
      })
      .toBe(true);
    await screenshot(page, 'mirror-sorted');
  });
});

describe('a copy whose token the service refuses, inside the service’s window', () => {
  it('is served no more: the next update stops the sync, and the list says the connection was removed', async () => {
    const { page, addon: frame } = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: USERS.jana,
      tenantIds: ['10001'],
    });
    await frame.getByRole('link', { name: 'Invoices', exact: true }).first().click();
    await expectUi(frame.getByRole('searchbox', { name: 'Search' })).toBeEnabled();

    world.env.sandbox.tokens.revoke('10001', USERS.jana);
    await frame.getByRole('button', { name: 'Update now' }).click();
    // The update runs as a job: reload until the list no longer comes from the copy.
    const problem = frame.locator('[data-problem]');
    await reloadFrameUntil(
      frame,
      () => expectUi(problem).toHaveAttribute('data-problem', 'disconnected', { timeout: 3_000 }),
      60_000,
    );
    await expectUi(frame.getByRole('table', { name: 'Invoices', exact: true })).toHaveCount(0);
    await expectUi(frame.getByRole('searchbox', { name: 'Search' })).toBeDisabled();
    await screenshot(page, 'mirror-refused');
  });
});
