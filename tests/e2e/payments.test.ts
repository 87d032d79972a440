/**
 * End to end, inside the service's window (a page of another site framing the add-on), with the synchronized copy on
 * (MIRROR_SYNC=on): the company's payments (issue 19, items 1 and 2).
 * - The Payments tab lists the payments the service gives (those recorded with an account, which the page says),
 *   newest first, with their totals; an invalid filter is explained beside its field.
 * - The accounts' page gives each account its payments in a chosen period; its count links to the payments of that
 *   account in that period, which total the same.
 * - The export link downloads exactly the view's payments.
 * In English at desktop width and in Slovak at phone width, where each payment is a card and nothing scrolls sideways.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { parse } from 'csv-parse/sync';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { reloadFrameUntil } from './support/reload';
import { sandboxCompany } from './support/sandbox-data';
import { screenshotDir } from './support/screenshots';
import { framedWorldDuringTests, janaOnSlovakPhone, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const TENANT = '10001';

/** The window as a person sees it (a full-page screenshot leaves the other site's frame blank). */
async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

const framePath = (frame: FrameLocator) =>
  frame.locator('body').evaluate(() => window.location.pathname + window.location.search);
const counted = (frame: FrameLocator, label: string) =>
  frame.getByRole('region', { name: label }).evaluate((element) => Number(element.getAttribute('data-totals-count')));

/** Opens the Payments tab and reloads now and then until the company's payments are copied (a job of the add-on). */
async function openPaymentsOnceCopied(frame: FrameLocator, tab: string, nav: string): Promise<void> {
  await frame.getByRole('navigation', { name: nav }).getByRole('link', { name: tab, exact: true }).click();
  const state = frame.locator('[data-payments-state]');
  await expectUi(state).toBeVisible();
  await reloadFrameUntil(frame, () =>
    expectUi(state).toHaveAttribute('data-payments-state', 'ready', { timeout: 3_000 }),
  );
}

describe('a company’s payments and accounts, in English at desktop width', () => {
  let page: Page;
  let frame: FrameLocator;
  let inner: Frame;

  beforeAll(async () => {
    ({
      page,
      addon: frame,
      frame: inner,
    } = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: USERS.jana,
      tenantIds: [TENANT],
    }));
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPaymentsOnceCopied(frame, 'Payments', 'Company documents');
  });

  it('lists the payments the service gives, says which those are, totals them, and explains an invalid filter', async () => {
    const payments = sandboxCompany(TENANT, world.env.today).payments;
    await expectUi(frame.getByText('KROS lists only payments recorded with an account')).toBeVisible();
    await expectUi.poll(() => counted(frame, 'Totals of this view')).toBe(payments.length);
    const table = frame.getByRole('table', { name: 'Payments', exact: true });
    await expectUi(table.locator('tbody tr')).toHaveCount(25);
    // The newest payment first; the invoice it paid links to the invoice's page.
    const newest = [...payments].sort((a, b) => b.dateOfPayment.localeCompare(a.dateOfPayment) || b.id - a.id)[0]!;
    const first = table.locator('tbody tr').first();
    await expectUi(first).toHaveAttribute('data-payment-id', String(newest.id));
    await expectUi(first.getByRole('link', { name: newest.documentNumber! })).toHaveAttribute(
      'href',
      /^\/companies\/10001\/invoices\/\d+$/,
    );
    await screenshot(page, 'payments-list');

    await frame.locator('body').evaluate(() => {
      window.location.search = '?PaymentDateFrom=2026-02-30';
    });
    const alert = frame.locator('#filter-errors');
    await expectUi(alert).toContainText('Payment date from');
    await expectUi(frame.getByLabel('Payment date from')).toHaveAttribute('aria-invalid', 'true');
    await expectUi(frame.getByRole('table', { name: 'Payments', exact: true })).toHaveCount(0);
    await screenshot(page, 'payments-invalid-filter');
  });

  it('goes to the accounts, and from an account’s count in a period to exactly those payments, and exports them', async () => {
    const data = sandboxCompany(TENANT, world.env.today);
    const newest = [...data.payments].sort((a, b) => b.dateOfPayment.localeCompare(a.dateOfPayment))[0]!;
    const month = newest.dateOfPayment.slice(0, 7);
    const from = `${month}-01`;
    const to = newest.dateOfPayment.slice(0, 10);
    const inPeriod = data.payments.filter(
      (p) => p.dateOfPayment.slice(0, 10) >= from && p.dateOfPayment.slice(0, 10) <= to,
    );
    const account = data.accounts.find((each) => inPeriod.some((p) => p.accountId === each.id))!;
    const ofAccount = inPeriod.filter((p) => p.accountId === account.id);

    await frame.locator('body').evaluate(() => {
      window.location.search = '';
    });
    await frame.getByRole('link', { name: 'Accounts and their payments →' }).click();
    await expectUi(frame.getByRole('heading', { name: 'Accounts', exact: true })).toBeVisible();
    await frame.getByLabel('From', { exact: true }).fill(from);
    await frame.getByLabel('To', { exact: true }).fill(to);
    await frame.getByRole('button', { name: 'Show' }).click();
    await expectUi.poll(() => framePath(frame)).toBe(`/companies/${TENANT}/accounts?from=${from}&to=${to}`);
    const row = frame.locator(`tr[data-account-id="${account.id}"]`);
    await expectUi(row.locator('[data-account-payments]')).toHaveText(String(ofAccount.length));
    const link = row.getByRole('rowheader').getByRole('link', { name: account.name, exact: true });
    await expectUi(link).toHaveAttribute('title', `Payments of ${account.name} in this period`);
    await screenshot(page, 'accounts');

    await link.click();
    await expectUi
      .poll(() => framePath(frame))
      .toBe(`/companies/${TENANT}/payments?AccountId=${account.id}&PaymentDateFrom=${from}&PaymentDateTo=${to}`);
    await expectUi.poll(() => counted(frame, 'Totals of this view')).toBe(ofAccount.length);
    const accounts = frame.getByRole('table', { name: 'Payments', exact: true }).locator('[data-account-id]');
    await expectUi(accounts.first()).toHaveAttribute('data-account-id', String(account.id));
    expect(
      new Set(await accounts.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-account-id')))),
    ).toEqual(new Set([String(account.id)]));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      frame.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payments-.+-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows: string[][] = parse(await readFile(await download.path()), { bom: true, delimiter: ',' });
    expect(rows[0]![0]).toBe('Payment date');
    const empty = rows.findIndex((each, index) => index > 0 && each.every((cell) => cell === ''));
    expect(empty - 1).toBe(ofAccount.length);
    expect(rows.slice(1, empty).every((each) => each[3] === account.name)).toBe(true);
    expect(rows[empty + 1]![0]).toBe(`Total: ${ofAccount.length} payment${ofAccount.length === 1 ? '' : 's'}`);
  });

  it('answers 403 for a company outside the session, on both pages, before anything of it is read', async () => {
    for (const path of ['payments', 'accounts', 'payments?AccountId=1']) {
      const response = await inner.goto(`${world.env.addon.url}/companies/10003/${path}`);
      expect(response?.status(), path).toBe(403);
      await expectUi(frame.getByRole('heading', { name: 'You have no access to this company' })).toBeVisible();
    }
  });
});

describe('a company’s payments and accounts, in Slovak at phone width', () => {
  it('shows each payment as a card without sideways scrolling, and the accounts with their export-ready list', async () => {
    await janaOnSlovakPhone(world, TENANT, async ({ page, addon: frame }) => {
      await openPaymentsOnceCopied(frame, 'Platby', 'Doklady firmy');
      await expectUi(frame.getByText('Fakturácia vydáva len platby zaevidované s účtom')).toBeVisible();
      const table = frame.getByRole('table', { name: 'Platby', exact: true });
      const card = table.locator('tbody tr').first();
      await expectUi(card).toBeVisible();
      // A card: the day, the amount, the partner and the documents; the account and the reference are left out.
      await expectUi(card.locator('td.card-hidden').first()).toBeHidden();
      await expectUi(frame.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
        'href',
        `/companies/${TENANT}/payments/export.xlsx`,
      );
      const sideways = await frame
        .locator('body')
        .evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
      await screenshot(page, 'payments-phone-sk');

      await frame.getByRole('link', { name: 'Účty a ich platby →' }).click();
      await expectUi(frame.getByRole('heading', { name: 'Účty', exact: true })).toBeVisible();
      await expectUi(frame.getByRole('link', { name: 'Predchádzajúci mesiac' })).toBeVisible();
      await expectUi(frame.getByRole('table').getByRole('rowheader').first()).toBeVisible();
      // The Payments tab stays the current one on the accounts' page.
      await expectUi(
        frame.getByRole('navigation', { name: 'Doklady firmy' }).getByRole('link', { name: 'Platby', exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      await screenshot(page, 'accounts-phone-sk');
    });
  });
});
