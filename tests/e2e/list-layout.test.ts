/**
 * How the lists and the console's tables fit their window (issue 17, points 10 and 11), measured in a browser: the
 * company pages framed by the service's window (a page of another site), in Slovak and in English.
 *
 * - At 1280, 1440 and 1920 px every column of every list is inside the table's visible box (nothing to scroll).
 * - Below that a table that must scroll says so: a shadow at its right edge, and the number column stays put.
 * - At 390 px a list is one card per document (number, partner, total, state), and nothing scrolls sideways.
 * - An active filter does not push the rows down: the filter form stays closed and names what is set.
 * - The pager offers the first, the last and nearby pages, and the page size.
 * - The console's Companies and Data API tables show every column at 1280 px and wider.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { Browser, BrowserContext, Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshContext, launchChromium } from './support/browser';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { openInvoicesOnceCopied } from './support/mirror';
import { screenshotDir } from './support/screenshots';
import { launchInServiceWindow, type ServiceWindow, startServiceWindow } from './support/service-window';
import { launchByFetch, loadPage, USERS } from './support/sessions';

const OPERATOR = 'olga.operatorova@example.sk';

/**
 * The window as a person sees it, saved under test-results/e2e: the window's visible part (a full-page screenshot
 * leaves the other site's frame blank).
 */
async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}
const DESKTOP_WIDTHS = [1280, 1440, 1920];
const HEIGHT = 900;

/** What the test reads on the pages, in each language. */
const WORDS = {
  en: {
    locale: 'en-GB',
    invoices: 'Invoices',
    filters: 'Filters',
    unpaid: 'Unpaid',
    paging: 'Pages',
    page: (n: number) => `Page ${n}`,
    first: 'First',
    last: 'Last',
    perPage: (n: number) => `${n} per page`,
  },
  sk: {
    locale: 'sk-SK',
    invoices: 'Faktúry',
    filters: 'Filtre',
    unpaid: 'Neuhradené',
    paging: 'Stránkovanie',
    page: (n: number) => `Strana ${n}`,
    first: 'Prvá',
    last: 'Posledná',
    perPage: (n: number) => `${n} na stranu`,
  },
} as const;

/** The lists, with filters that add the widest columns (days overdue on unpaid ones). */
const LISTS = [
  { path: 'invoices', row: 'tr[data-invoice-id]' },
  { path: 'invoices?PaymentStatus=0&DueDateStatus=2', row: 'tr[data-invoice-id]' },
  { path: 'expenses?PaymentStatus=0', row: 'tr[data-expense-id]' },
  { path: 'delivery-notes', row: 'tr[data-delivery-note-id]' },
];

let serviceWindow: ServiceWindow;
let env: E2eEnvironment;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  serviceWindow = await startServiceWindow();
  env = await startEnvironment({
    addonEnv: { ...serviceWindow.addonEnv(), MIRROR_SYNC: 'on' },
    operatorConsole: { emails: OPERATOR },
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await env?.stop();
  await serviceWindow?.close();
});
printAddonOutputOnFailure(() => env?.addon);

async function contextIn(locale: string): Promise<BrowserContext> {
  const context = await freshContext(browser, { locale, viewport: { width: 1280, height: HEIGHT } });
  contexts.push(context);
  return context;
}

/**
 * A table's fit in its scroll box: its widths, and the column headers whose right edge is outside the box's visible
 * part (cut off).
 */
function fitOf(table: Locator) {
  // The scroll box is the table's parent, in the lists and in the console.
  return table.evaluate((element) => {
    const box = element.parentElement!;
    const right = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
    const cut = [...element.querySelectorAll('thead th')]
      .filter((th) => th.getBoundingClientRect().right > right + 0.5)
      .map((th) => th.textContent);
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, cut, scrolls };
  });
}

/**
 * The median brightness (0–255) of a strip 5 px wide just inside the scroll box's right edge, over the first rows:
 * white where nothing is hinted, darker under an edge shadow. Read from a screenshot of the window, so it is what a
 * person sees.
 */
async function rightEdgeBrightness(page: Page, table: Locator, row: string): Promise<number> {
  const rows = table.locator(row);
  await rows.nth(4).scrollIntoViewIfNeeded();
  const edge = (await table.locator('xpath=..').boundingBox())!;
  const top = (await rows.nth(0).boundingBox())!;
  const bottom = (await rows.nth(4).boundingBox())!;
  const strip = { x: Math.round(edge.x + edge.width - 7), y: Math.round(top.y), width: 5 };
  const height = Math.round(bottom.y + bottom.height - top.y);
  const png = (await page.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, strip, height }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(strip.x, strip.y, strip.width, height).data;
      const values: number[] = [];
      for (let i = 0; i < data.length; i += 4) values.push((data[i]! + data[i + 1]! + data[i + 2]!) / 3);
      values.sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)]!;
    },
    { png, strip, height },
  );
}

/** Where the first row of the list starts, from the top of the add-on's page. */
const firstRowTop = (frame: FrameLocator, row: string) =>
  frame
    .locator(row)
    .first()
    .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);

const listTable = (frame: FrameLocator, row: string) => frame.locator('main table', { has: frame.locator(row) });

for (const language of ['en', 'sk'] as const) {
  const w = WORDS[language];
  describe(`the lists inside the service’s window (${language})`, () => {
    let page: Page;
    let frame: FrameLocator;
    let addonFrame: Frame;
    const open = async (path: string, row: string) => {
      await addonFrame.goto(`${env.addon.url}/companies/10001/${path}`);
      await expectUi(frame.locator(row).first()).toBeVisible();
    };

    beforeAll(async () => {
      const context = await contextIn(w.locale);
      ({
        page,
        addon: frame,
        frame: addonFrame,
      } = await launchInServiceWindow(context, env, serviceWindow, {
        userId: USERS.jana,
        tenantIds: ['10001'],
      }));
      if (language === 'en') await openInvoicesOnceCopied(frame);
      await open('invoices', 'tr[data-invoice-id]');
      await expectUi(frame.locator('[data-mirror-status]').first()).toHaveAttribute('data-mirror-status', 'ready');
    });

    it('shows every column of every list inside the table’s box at 1280, 1440 and 1920 px, with no edge shadow', async () => {
      for (const width of DESKTOP_WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        for (const list of LISTS) {
          await open(list.path, list.row);
          const fit = await fitOf(listTable(frame, list.row));
          expect(fit.cut, `${list.path} at ${width} px`).toEqual([]);
          expect(fit.scrollWidth, `${list.path} at ${width} px`).toBeLessThanOrEqual(fit.clientWidth);
        }
        // Nothing to scroll: no shadow at the edge either.
        await open(LISTS[0]!.path, LISTS[0]!.row);
        expect(await rightEdgeBrightness(page, listTable(frame, LISTS[0]!.row), LISTS[0]!.row)).toBeGreaterThan(250);
      }
      await screenshot(page, `list-layout-1280-${language}`);
    });

    it('says below 1280 px that a table scrolls: a shadow at its right edge, and the number column stays', async () => {
      await page.setViewportSize({ width: 800, height: HEIGHT });
      const list = LISTS[1]!;
      await open(list.path, list.row);
      const table = listTable(frame, list.row);
      const fit = await fitOf(table);
      expect(fit.scrollWidth).toBeGreaterThan(fit.clientWidth);
      expect(await rightEdgeBrightness(page, table, list.row)).toBeLessThan(245);
      await screenshot(page, `list-layout-800-${language}`);

      // Scrolled to its end, the number column is still at the box's left edge.
      expect(fit.scrolls).toBe(true);
      const shift = await table.evaluate((element) => {
        const box = element.parentElement!;
        box.scrollLeft = box.scrollWidth;
        const number = element.querySelector('tbody tr th')!.getBoundingClientRect().left;
        return number - box.getBoundingClientRect().left - box.clientLeft;
      });
      expect(Math.abs(shift)).toBeLessThanOrEqual(1);
    });

    it('shows one card per document at 390 px (number, partner, total, state), with nothing to scroll sideways', async () => {
      await page.setViewportSize({ width: 390, height: HEIGHT });
      for (const list of LISTS) {
        await open(list.path, list.row);
        const rows = frame.locator(list.row);
        const first = rows.first();
        const cells = first.locator('td');
        await expectUi(first.locator('th a')).toBeVisible();
        await expectUi(cells.nth(0)).toBeVisible(); // partner
        // The days are left out of the card; the total and the state are in it.
        await expectUi(cells.nth(1)).toBeHidden();
        await expectUi(cells.nth(2)).toBeHidden();
        await expectUi(cells.nth(3)).toBeVisible(); // total
        if (!list.path.startsWith('delivery-notes')) {
          await expectUi(cells.nth(4)).toBeHidden(); // left to pay
          await expectUi(cells.nth(5)).toBeVisible(); // payment state
        }
        const layout = await frame.locator('main').evaluate((main, row) => {
          const rows = [...main.querySelectorAll(row)].slice(0, 5);
          const box = rows[0]!.closest('table')!.parentElement!.getBoundingClientRect();
          return {
            display: getComputedStyle(rows[0]!).display,
            page: {
              scrollWidth: document.documentElement.scrollWidth,
              clientWidth: document.documentElement.clientWidth,
            },
            // Every shown part of the first cards lies inside the list's box.
            outside: rows.flatMap((tr) =>
              [...tr.children]
                .filter((cell) => cell.getClientRects().length > 0)
                .filter((cell) => {
                  const rect = cell.getBoundingClientRect();
                  return rect.left < box.left - 0.5 || rect.right > box.right + 0.5;
                })
                .map((cell) => cell.textContent),
            ),
          };
        }, list.row);
        expect(layout.display, list.path).not.toBe('table-row');
        expect(layout.outside, list.path).toEqual([]);
        expect(layout.page.scrollWidth, list.path).toBeLessThanOrEqual(layout.page.clientWidth);
      }
      await open('invoices', 'tr[data-invoice-id]');
      await frame.locator('tr[data-invoice-id]').first().scrollIntoViewIfNeeded();
      await screenshot(page, `list-layout-390-${language}`);
    });

    it('keeps the rows near the top when a filter is set: the form stays closed and names the filter', async () => {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: HEIGHT });
        await open('invoices', 'tr[data-invoice-id]');
        const unfiltered = await firstRowTop(frame, 'tr[data-invoice-id]');
        await open('invoices?PaymentStatus=0', 'tr[data-invoice-id]');
        const filtered = await firstRowTop(frame, 'tr[data-invoice-id]');
        expect(filtered - unfiltered, `at ${width} px`).toBeLessThanOrEqual(60);
        const summary = frame.locator('summary', { hasText: w.filters });
        await expectUi(summary).toContainText(w.unpaid);
        await expectUi(frame.locator('#filter-PaymentStatus')).toBeHidden();
        await screenshot(page, `list-layout-filtered-${width}-${language}`);
        await summary.click();
        await expectUi(frame.locator('#filter-PaymentStatus')).toBeVisible();
      }
    });

    it('pages to any page: first, last, nearby page numbers and the page size', async () => {
      await page.setViewportSize({ width: 1280, height: HEIGHT });
      await open('invoices', 'tr[data-invoice-id]');
      const total = await frame
        .locator('[data-totals-count]')
        .evaluate((totals) => Number(totals.getAttribute('data-totals-count')));
      const lastPage = Math.ceil(total / 25);
      expect(lastPage).toBeGreaterThan(5);
      const pager = frame.getByRole('navigation', { name: w.paging });
      await expectUi(pager.getByRole('link', { name: w.page(2), exact: true })).toBeVisible();
      await expectUi(pager.getByRole('link', { name: w.page(lastPage), exact: true })).toBeVisible();

      await pager.getByRole('link', { name: w.page(3), exact: true }).click();
      await expectUi.poll(() => addonFrame.url()).toContain('Skip=50');
      await expectUi(pager.locator('[aria-current="page"]')).toHaveText('3');
      await expectUi(pager.getByRole('link', { name: w.first })).toBeVisible();

      await pager.getByRole('link', { name: w.last }).click();
      await expectUi.poll(() => addonFrame.url()).toContain(`Skip=${(lastPage - 1) * 25}`);
      await expectUi(frame.locator('tr[data-invoice-id]')).toHaveCount(total - (lastPage - 1) * 25);
      await expectUi(pager.getByRole('link', { name: w.last })).toHaveCount(0);

      await pager.getByRole('link', { name: w.first }).click();
      await expectUi.poll(() => new URL(addonFrame.url()).searchParams.has('Skip')).toBe(false);
      await pager.getByRole('link', { name: w.perPage(50) }).click();
      await expectUi.poll(() => new URL(addonFrame.url()).searchParams.get('Top')).toBe('50');
      await expectUi(frame.locator('tr[data-invoice-id]')).toHaveCount(50);
      await expectUi(pager.getByRole('link', { name: w.page(Math.ceil(total / 50)), exact: true })).toBeVisible();
      await pager.scrollIntoViewIfNeeded();
      await screenshot(page, `list-layout-pager-${language}`);
    });
  });
}

describe('page sizes the list does not offer', () => {
  it('answer the list with the page size named as invalid (never a 500), and the page stays small', async () => {
    const session = await launchByFetch(env, USERS.jana, ['10001']);
    for (const top of ['9999', '-1', 'abc', '30']) {
      const answer = await loadPage(env, session, `/companies/10001/invoices?Top=${top}`);
      expect(answer.status, `Top=${top}`).toBe(200);
      expect(answer.body).toContain('These filters have an invalid value: Per page');
    }
    // The weight of a list page of 25 invoices, HTML with its inlined RSC payload (issue 17: about 150 KB before).
    const list = await loadPage(env, session, '/companies/10001/invoices');
    const bytes = Buffer.byteLength(list.body);
    console.info(`invoice list page: ${bytes} bytes`);
    expect(bytes).toBeLessThan(200_000);
  });
});

describe('the console’s tables', () => {
  async function signedInOperator(locale: string): Promise<Page> {
    const context = await contextIn(locale);
    const page = await context.newPage();
    await page.goto(`${env.addon.url}/console`);
    await expectUi(page).toHaveURL(`${env.addon.url}/console/sign-in`);
    await page
      .getByRole('button', { name: /^(Sign in with your organisation's account|Prihlásiť sa účtom organizácie)$/ })
      .click();
    await page.getByRole('button', { name: new RegExp(OPERATOR.replace(/[.]/g, '\\.')) }).click();
    await expectUi(page).toHaveURL(`${env.addon.url}/console`);
    return page;
  }

  for (const locale of ['en-US', 'sk-SK']) {
    it(`show every column of Companies and Data API at 1280, 1440 and 1920 px (${locale})`, async () => {
      const page = await signedInOperator(locale);
      for (const width of DESKTOP_WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await page.goto(`${env.addon.url}/console/companies`);
        const companies = page.locator('table', { has: page.getByTestId('console-company-10001') });
        await expectUi(companies).toBeVisible();
        const fit = await fitOf(companies);
        expect(fit.cut, `Companies at ${width} px`).toEqual([]);
        expect(fit.scrollWidth, `Companies at ${width} px`).toBeLessThanOrEqual(fit.clientWidth);

        // The data-API records reach the database every few seconds: reload until the company's row is there.
        const usage = page.locator('table', { has: page.locator('tr[data-tenant="10001"]') });
        await expectUi(async () => {
          await page.goto(`${env.addon.url}/console/data-api`);
          await expectUi(usage).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
        const usageFit = await fitOf(usage);
        expect(usageFit.cut, `Data API at ${width} px`).toEqual([]);
        expect(usageFit.scrollWidth, `Data API at ${width} px`).toBeLessThanOrEqual(usageFit.clientWidth);
      }
      await screenshot(page, `console-layout-${locale}`);
    });
  }
});
