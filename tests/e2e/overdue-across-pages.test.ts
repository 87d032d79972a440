/**
 * End to end, inside the service's window, with the synchronized copy on (MIRROR_SYNC=on), in English at desktop
 * width and in Slovak on a phone (issue 17): the home page's list of overdue invoices of all the session's companies
 * holds every overdue invoice and no credit note (a credit note lowers what a partner owes and is never itself
 * overdue), a page of 50 at a time with the way to the rest; an unpaid credit note long past its due day shows no
 * overdue mark on its page.
 */
import type { Browser, BrowserContext, FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { datePart } from '../../sandbox/data/calendar';
import { freshContext } from './support/browser';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { reloadFrameUntil } from './support/reload';
import { sandboxCompany } from './support/sandbox-data';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const TENANTS = ['10001', '10002'] as const;
const PAGE_SIZE = 50;

/** What the service holds, by its own fields: the overdue invoices (not credit notes) and the late credit notes. */
function sandboxInvoices() {
  const today = world.env.today;
  const all = TENANTS.flatMap((tenantId) =>
    sandboxCompany(tenantId, today).invoices.map(({ record }) => ({
      href: `/companies/${tenantId}/invoices/${record.id}`,
      tenantId,
      id: String(record.id),
      late: (record.paymentStatus === 0 || record.paymentStatus === 3) && datePart(record.dueDate) < today,
      creditNote: record.invoiceType === 1,
    })),
  );
  return {
    overdue: all.filter((invoice) => invoice.late && !invoice.creditNote).map((invoice) => invoice.href),
    lateCreditNotes: all.filter((invoice) => invoice.late && invoice.creditNote),
  };
}

const languages = [
  {
    locale: 'en-GB',
    viewport: { width: 1024, height: 768 },
    table: 'Overdue invoices of all companies',
    paging: 'Pages',
    next: 'Next →',
    previous: '← Previous',
    range: (from: number, to: number, total: number) => `Records ${from} – ${to} of ${total}`,
    countLine: (total: number) => `Overdue invoices: ${total}.`,
    creditNote: 'Credit note',
    overdueMark: 'Overdue',
  },
  {
    locale: 'sk-SK',
    viewport: { width: 390, height: 844 },
    table: 'Faktúry po splatnosti vo všetkých firmách',
    paging: 'Stránkovanie',
    next: 'Ďalšie →',
    previous: '← Predchádzajúce',
    range: (from: number, to: number, total: number) => `Záznamy ${from} – ${to} z ${total}`,
    countLine: (total: number) => `Faktúr po splatnosti: ${total}.`,
    creditNote: 'Dobropis',
    overdueMark: 'Po splatnosti',
  },
] as const;

describe.each(languages)('the overdue invoices of all companies in $locale', (language) => {
  let browser: Browser;
  let context: BrowserContext;
  let frame: FrameLocator;
  let page: Awaited<ReturnType<typeof launchInServiceWindow>>['page'];

  beforeAll(async () => {
    browser = world.context.browser()!;
    context = await freshContext(browser, { locale: language.locale, viewport: language.viewport });
    ({ page, addon: frame } = await launchInServiceWindow(context, world.env, world.serviceWindow, {
      userId: USERS.jana,
      tenantIds: TENANTS,
    }));
    // The first full syncs run as jobs meanwhile (begun by the token deliveries); reload until both copies are in.
    await reloadFrameUntil(
      frame,
      () => expectUi(frame.locator('[data-company-figures="ready"]')).toHaveCount(2, { timeout: 3_000 }),
      150_000,
    );
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
  });

  it('holds every overdue invoice and no credit note, 50 at a time, each page leading to the next', async () => {
    const { overdue, lateCreditNotes } = sandboxInvoices();
    expect(overdue.length).toBeGreaterThan(2 * PAGE_SIZE);
    // The service has unpaid credit notes past their due day: exactly what must stay out.
    expect(lateCreditNotes.length).toBeGreaterThan(0);

    await expectUi(frame.locator('[data-overdue-count]')).toHaveText(language.countLine(overdue.length));
    const table = frame.getByRole('table', { name: language.table, exact: true });
    const paging = frame.getByRole('navigation', { name: language.paging });
    const seen: string[] = [];
    for (let skip = 0; skip < overdue.length; skip += PAGE_SIZE) {
      const to = Math.min(skip + PAGE_SIZE, overdue.length);
      await expectUi(paging).toContainText(language.range(skip + 1, to, overdue.length));
      await expectUi(table.locator('tbody > tr')).toHaveCount(to - skip);
      // Numbered as the lists are, this page marked.
      await expectUi(paging.locator('[aria-current="page"]')).toHaveText(String(skip / PAGE_SIZE + 1));
      seen.push(
        ...(await table
          .locator('tbody > tr th a')
          .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))),
      );
      if (skip === PAGE_SIZE) await screenshot(page, `overdue-across-page-2-${language.locale}`);
      if (to < overdue.length) await paging.getByRole('link', { name: language.next }).click();
      else await expectUi(paging.getByRole('link', { name: language.next })).toHaveCount(0);
    }
    expect(seen).toHaveLength(overdue.length);
    expect(new Set(seen)).toEqual(new Set(overdue));
    for (const creditNote of lateCreditNotes) expect(seen).not.toContain(creditNote.href);

    // Back a page, with the address saying which.
    await paging.getByRole('link', { name: language.previous }).click();
    await expectUi
      .poll(() => frame.locator('body').evaluate(() => window.location.search))
      .toBe(`?Skip=${Math.floor((overdue.length - 1) / PAGE_SIZE) * PAGE_SIZE - PAGE_SIZE}`);
  });

  it('shows an unpaid credit note long past its due day as a credit note, never as overdue', async () => {
    const creditNote = sandboxInvoices().lateCreditNotes[0]!;
    await frame.locator('body').evaluate((_, href) => window.location.assign(href), creditNote.href);
    await expectUi(frame.locator('[data-credit-note]').first()).toHaveText(language.creditNote);
    await expectUi(frame.locator('[data-payment-status]').first()).toBeVisible();
    await expectUi(frame.locator('[data-overdue]')).toHaveCount(0);
    await expectUi(frame.locator('main')).not.toContainText(language.overdueMark);
  });
});
