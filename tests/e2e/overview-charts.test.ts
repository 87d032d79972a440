/**
 * End to end, inside the service's window, with the synchronized copy on (MIRROR_SYNC=on): a session with two
 * companies sees, once their copies are ready, each company's unpaid and overdue figures on the list of companies and
 * one list of the overdue invoices of both, which a search narrows; a company's overview then shows its charts,
 * drawn on the server as SVG, each with its numbers as a table.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { reloadFrameUntil } from './support/reload';
import { screenshot } from './support/screenshots';
import { clientBundleFiles } from './support/secrets';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const BAKERY = 'Pekáreň Novák s.r.o.';
const GARDEN = 'Záhradníctvo Ľaliová dolina s.r.o.';

describe('charts and the companies side by side, inside the service’s window', () => {
  let page: Page;
  let frame: FrameLocator;

  beforeAll(async () => {
    ({ page, addon: frame } = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: USERS.jana,
      tenantIds: ['10001', '10002'],
    }));
  });

  const overdueList = () => frame.getByRole('table', { name: 'Overdue invoices of all companies' });
  /** How many overdue invoices the list says it has (the paragraph above it, waited for). */
  const overdueCount = () =>
    frame.locator('[data-overdue-count]').evaluate((element) => Number(element.getAttribute('data-overdue-count')));

  it('lists both companies with their figures and the overdue invoices of both, once their copies are ready', async () => {
    await expectUi(frame.getByRole('heading', { level: 1 })).toHaveText('Companies');
    // The first full syncs run as jobs meanwhile (begun by the token deliveries); reload until both copies are in.
    await reloadFrameUntil(
      frame,
      () => expectUi(frame.locator('[data-company-figures="ready"]')).toHaveCount(2, { timeout: 3_000 }),
      150_000,
    );
    const companies = frame.getByRole('list', { name: 'Companies' });
    await expectUi(companies.getByRole('listitem').filter({ hasText: BAKERY })).toContainText(/Unpaid invoices: \d+/);
    await expectUi(companies.getByRole('listitem').filter({ hasText: GARDEN })).toContainText(/Overdue: \d+/);
    await expectUi(frame.locator('[data-left-out]')).toHaveCount(0);

    await expectUi(overdueList()).toBeVisible();
    await expectUi(overdueList().getByRole('cell', { name: BAKERY }).first()).toBeVisible();
    await expectUi(overdueList().getByRole('cell', { name: GARDEN }).first()).toBeVisible();
    await screenshot(page, 'overdue-across-companies');
  });

  it('a search narrows the overdue list, and a row leads to the invoice in its company', async () => {
    const before = await overdueCount();
    const firstLink = overdueList().getByRole('row').nth(1).getByRole('link');
    const number = (await firstLink.evaluate((element) => element.textContent ?? '')).trim();
    await frame.getByRole('searchbox', { name: 'Search the overdue invoices' }).fill(number);
    await frame.getByRole('button', { name: 'Search', exact: true }).click();
    await expectUi(frame.getByRole('searchbox', { name: 'Search the overdue invoices' })).toHaveValue(number);
    await expectUi.poll(overdueCount).toBeLessThan(before);
    expect(await overdueCount()).toBeGreaterThan(0);
    for (const link of await overdueList().getByRole('row').getByRole('link').all()) {
      await expectUi(link).toContainText(number);
    }
    await overdueList().getByRole('link', { name: number, exact: true }).first().click();
    await expectUi
      .poll(() => frame.locator('body').evaluate(() => window.location.pathname))
      .toMatch(/^\/companies\/1000[12]\/invoices\/[^/]+$/);
  });

  it('a company’s overview shows its charts as images, each with its numbers as a table', async () => {
    await frame.locator('body').evaluate(() => window.history.back());
    await frame.getByRole('list', { name: 'Companies' }).getByRole('link', { name: BAKERY }).click();
    await expectUi(frame.getByRole('heading', { level: 1 })).toHaveText(BAKERY);
    const charts = frame.getByRole('region', { name: 'Charts' });
    for (const title of [
      'Invoiced and expenses per month',
      'Receivables and payables by days overdue',
      'Customers with the most unpaid',
    ]) {
      const chart = charts.getByRole('region', { name: title });
      await expectUi(chart.getByRole('img', { name: title })).toBeVisible();
      await chart.locator('summary', { hasText: 'The chart’s numbers as a table' }).click();
      await expectUi(chart.getByRole('table', { name: title })).toBeVisible();
    }
    await expectUi(charts.getByRole('table', { name: 'Invoiced and expenses per month' }).getByRole('row')).toHaveCount(
      13,
    );
    await expectUi(
      charts.getByRole('table', { name: 'Receivables and payables by days overdue' }).getByRole('rowheader'),
    ).toHaveText(['Not yet due', '1–30 days', '31–60 days', '61–90 days', 'More than 90 days']);
    await charts.getByRole('heading', { name: 'Charts' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'overview-charts');
  });

  it('no charting code reaches the browser', async () => {
    const files = await clientBundleFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => /echarts|zrender/i.test(file.text)).map((file) => file.file)).toEqual([]);
  });
});
