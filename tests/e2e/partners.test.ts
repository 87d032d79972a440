/**
 * End to end, inside the service's window (a page of another site framing the add-on), with the company's copy on:
 * the partners list (one row per partner, receivables, overdue, payables and their ageing; search and sort), a
 * partner's statement (its documents and payments with a running balance that ends where the list says, each
 * document linking to its page, the CSV export), and the statement on paper (print media: the company's header,
 * tabs and the page's controls left out, the statement's heading and totals kept). In Slovak and in English, at a
 * desktop and a phone's width. Also, by plain requests with a session: an unknown partner is the not-found page (404),
 * another company's partners are forbidden (403), and an address the list cannot mean is explained with nothing read.
 */
import { readFile } from 'node:fs/promises';

import { parse } from 'csv-parse/sync';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { freshContext } from './support/browser';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { reloadFrameUntil } from './support/reload';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { launchByFetch, loadPage, USERS } from './support/sessions';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const WORDS = {
  en: {
    locale: 'en-GB',
    tabs: 'Company documents',
    partners: 'Partners',
    table: 'Partners',
    totals: 'Totals of every partner of this view',
    search: 'Search partners',
    receivables: 'Receivables',
    statement: 'Statement of account',
    entries: 'Entries in EUR',
    csv: 'Export CSV',
    print: 'Print',
    csvDelimiter: ',',
    csvFirst: 'Currency',
  },
  sk: {
    locale: 'sk-SK',
    tabs: 'Doklady firmy',
    partners: 'Partneri',
    table: 'Partneri',
    totals: 'Súčty všetkých partnerov zobrazenia',
    search: 'Hľadať partnera',
    receivables: 'Pohľadávky',
    statement: 'Výpis z účtu partnera',
    entries: 'Pohyby v EUR',
    csv: 'Export CSV',
    print: 'Vytlačiť',
    csvDelimiter: ';',
    csvFirst: 'Mena',
  },
} as const;

const framePath = (frame: FrameLocator) =>
  frame.locator('body').evaluate(() => window.location.pathname + window.location.search);

/** Whether the add-on's page scrolls sideways as a whole (a table may scroll in its own box; the page must not). */
const pageScrollsSideways = (frame: FrameLocator) =>
  frame
    .locator('body')
    .evaluate(() => document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth + 1);

/** Opens the partners through the company's tabs and reloads until the copy of invoices and expenses answers it. */
async function openPartnersOnceCopied(frame: FrameLocator, w: (typeof WORDS)['en' | 'sk']) {
  await frame.getByRole('navigation', { name: w.tabs }).getByRole('link', { name: w.partners, exact: true }).click();
  // The tab's navigation first (the company's copy may still be synced meanwhile, and a page slow), then reloads.
  await expectUi.poll(() => framePath(frame), { timeout: 60_000 }).toBe('/companies/10001/partners');
  const table = frame.getByRole('table', { name: w.table, exact: true });
  await reloadFrameUntil(frame, () => expectUi(table).toBeVisible({ timeout: 3_000 }), 180_000);
  return table;
}

for (const language of ['en', 'sk'] as const) {
  const w = WORDS[language];
  describe(`partners and a statement inside the service’s window (${language})`, () => {
    let page: Page;
    let frame: FrameLocator;
    let addonFrame: Frame;

    beforeAll(async () => {
      const context = await freshContext(world.context.browser()!, {
        locale: w.locale,
        viewport: { width: 1280, height: 900 },
      });
      ({
        page,
        addon: frame,
        frame: addonFrame,
      } = await launchInServiceWindow(context, world.env, world.serviceWindow, {
        userId: USERS.jana,
        tenantIds: ['10001'],
      }));
    }, 240_000);

    it('lists the partners with their balances, searches and sorts them', async () => {
      const table = await openPartnersOnceCopied(frame, w);
      const totals = frame.getByRole('region', { name: w.totals });
      const counted = () => totals.evaluate((element) => Number(element.getAttribute('data-totals-count')));
      const all = await counted();
      expect(all).toBeGreaterThan(1);
      await screenshot(page, `partners-list-${language}`);

      // Sorting by receivables: the largest first, the header says so.
      const header = table.getByRole('columnheader', { name: new RegExp(w.receivables) }).first();
      await header.getByRole('link').click();
      await expectUi.poll(() => framePath(frame)).toContain('sort=-receivables');
      await expectUi(header).toHaveAttribute('aria-sort', 'descending');
      const receivables = await table
        .locator('tbody tr [data-receivables]')
        .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-receivables'))));
      expect(receivables.length).toBeGreaterThan(1);
      expect(receivables).toEqual([...receivables].sort((a, b) => b - a));

      // A search by part of the first partner's name, typed in capitals without diacritics, keeps the order.
      const name = await table
        .locator('tbody tr th a')
        .first()
        .evaluate((link) => link.textContent ?? '');
      const word = name.split(/\s+/).find((part) => part.length >= 4) ?? name;
      const typed = word.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
      await frame.getByRole('searchbox', { name: w.search }).fill(typed);
      await frame
        .getByRole('button', { name: w.search === 'Search partners' ? 'Search' : 'Hľadať', exact: true })
        .click();
      await expectUi.poll(() => framePath(frame)).toContain(`q=${encodeURIComponent(typed)}`);
      await expectUi.poll(() => framePath(frame)).toContain('sort=-receivables');
      await expectUi(table.locator('tbody tr th a', { hasText: name }).first()).toBeVisible();
      await expectUi.poll(counted).toBeLessThanOrEqual(all);
    });

    it('opens a partner’s statement: a running balance that ends at the list’s balance, documents linked, exported', async () => {
      // The partner who owes the most of those whose documents are all in EUR.
      await addonFrame.goto(`${world.env.addon.url}/companies/10001/partners?sort=-receivables`);
      const table = frame.getByRole('table', { name: w.table, exact: true });
      const row = table.locator('tbody tr[data-currencies="EUR"]').first();
      const key = await row.evaluate((element) => element.getAttribute('data-partner-key')!);
      const listed = await row
        .locator('[data-receivables]')
        .evaluate((element) => element.getAttribute('data-receivables')!);
      await row.locator('th a').click();
      await expectUi(frame.getByRole('heading', { name: w.statement, level: 2 })).toBeVisible();
      await expectUi.poll(() => framePath(frame)).toBe(`/companies/10001/partners/${encodeURIComponent(key)}`);
      await expectUi(frame.locator('[data-statement-company]')).toHaveText('Pekáreň Novák s.r.o.');
      // The same receivables as the list's row (the same sums, by the database).
      await expectUi(frame.locator('[data-receivables]').first()).toHaveAttribute('data-receivables', listed);

      const entries = frame.getByRole('table', { name: w.entries, exact: true });
      await expectUi(entries).toBeVisible();
      // The running balance of the last line is the closing balance of the totals.
      const last = await entries
        .locator('tbody tr[data-closing]')
        .evaluate((element) => element.getAttribute('data-closing'));
      const closing = await frame
        .locator('[data-currency-totals="EUR"] [data-total="balance"]')
        .evaluate((element) => element.getAttribute('data-amount'));
      expect(last).toMatch(/^-?\d+(\.\d+)?$/);
      expect(Number(last)).toBe(Number(closing));
      // Each document links to its own page.
      const hrefs = await entries
        .locator('tbody tr[data-line="document"] a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(/^\/companies\/10001\/(invoices\/\d+|expenses\/[^/]+)$/);
      await screenshot(page, `partner-statement-${language}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        frame.getByRole('link', { name: w.csv }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const rows: string[][] = parse(await readFile(await download.path()), { bom: true, delimiter: w.csvDelimiter });
      expect(rows[0]![0]).toBe(w.csvFirst);
      const lines = rows.slice(
        1,
        rows.findIndex((each, index) => index > 0 && each.every((cell) => cell === '')),
      );
      expect(lines).toHaveLength(await entries.locator('tbody tr').evaluateAll((each) => each.length));
    });

    it('prints only the statement: no header, tabs or controls, the heading and totals kept', async () => {
      await expectUi(frame.getByRole('navigation', { name: w.tabs })).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      try {
        await expectUi(frame.getByRole('navigation', { name: w.tabs })).toBeHidden();
        await expectUi(
          frame.locator('header').filter({ has: frame.locator('form[action="/auth/logout"]') }),
        ).toBeHidden();
        await expectUi(frame.getByRole('button', { name: w.print })).toBeHidden();
        await expectUi(frame.getByRole('link', { name: w.csv })).toBeHidden();
        await expectUi(frame.getByRole('heading', { name: w.statement, level: 2 })).toBeVisible();
        await expectUi(frame.locator('[data-statement-totals]')).toBeVisible();
        await expectUi(frame.locator('[data-statement-partner]')).toBeVisible();
        await screenshot(page, `partner-statement-print-${language}`);
      } finally {
        await page.emulateMedia({ media: 'screen' });
      }
      await expectUi(frame.getByRole('navigation', { name: w.tabs })).toBeVisible();
    });

    it('fits a phone’s width: the list and the statement scroll their tables, never the page', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        await expectUi(frame.getByRole('table', { name: w.entries, exact: true })).toBeVisible();
        expect(await pageScrollsSideways(frame)).toBe(false);
        await addonFrame.goto(`${world.env.addon.url}/companies/10001/partners`);
        await expectUi(frame.getByRole('table', { name: w.table, exact: true })).toBeVisible();
        expect(await pageScrollsSideways(frame)).toBe(false);
        await screenshot(page, `partners-phone-${language}`);
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    });
  });
}

describe('the partners’ addresses, asked by a signed-in browser', () => {
  it('answers an unknown partner with the not-found page, another company with 403, a bad address explained', async () => {
    const session = await launchByFetch(world.env, USERS.jana, ['10001']);
    // A key that cannot be one is refused before anything is read: 404, and the page's not-found view.
    const notAKey = await loadPage(world.env, session, '/companies/10001/partners/somebody');
    expect(notAKey.status).toBe(404);
    expect(notAKey.body).toContain('Partner not found');
    expect(notAKey.body).not.toContain('data-statement-partner');
    // A key none of the company's documents names is known only once the copy was read, after the page began to
    // stream inside the company's frame: the same not-found view takes the statement's place.
    const unknown = await loadPage(world.env, session, '/companies/10001/partners/ico%3A00000001');
    expect(unknown.body).toContain('Partner not found');
    expect(unknown.body).not.toContain('data-statement-partner');
    const known = await loadPage(world.env, session, '/companies/10001/partners');
    const key = /data-partner-key="([^"]+)"/.exec(known.body)![1]!;
    const statement = await loadPage(world.env, session, `/companies/10001/partners/${encodeURIComponent(key)}`);
    expect(statement.status).toBe(200);
    expect(statement.body).toContain('data-statement-partner');

    const foreign = await loadPage(world.env, session, '/companies/10002/partners');
    expect(foreign.status).toBe(403);
    const foreignStatement = await loadPage(world.env, session, '/companies/10002/partners/ico%3A12345678');
    expect(foreignStatement.status).toBe(403);

    const bad = await loadPage(world.env, session, '/companies/10001/partners?sort=total&Top=7&Skip=x');
    expect(bad.status).toBe(200);
    expect(bad.body).toContain('data-invalid="sort Top Skip"');
    expect(bad.body).toContain('Order: by name, receivables, payables or overdue amount');
    expect(bad.body).not.toContain('data-partner-key=');
  });
});
