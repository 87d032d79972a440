/**
 * End to end, inside the service's window, with the synchronized copy on (MIRROR_SYNC=on) and a large company (20001:
 * 20 000 invoices, as SANDBOX_VOLUMES makes it), in English on a desktop and in Slovak on a phone (390 px):
 * - while its first copy is made, the overview's figures (read live, of the first pages only) never show a confident
 *   number: "at least …" or "being counted", with the caveat on each card, and say they were read live meanwhile;
 * - once the copy is complete the page draws itself again, in place (no reload), from the copy, saying how fresh it is;
 * - "Update now" says "updating…" at once and the page draws itself again when the update ends, a failed one saying so;
 * - on the list of companies, a company without a token says it is not connected and how to connect it;
 * - right after the service revoked the token, the list's update ends in the list saying so by itself.
 */
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshContext } from './support/browser';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { openInvoicesOnceCopied } from './support/mirror';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const LARGE = '20001';
const world = framedWorldDuringTests({
  addonEnv: { MIRROR_SYNC: 'on' },
  sandbox: { volumes: { [LARGE]: { invoices: 20_000, expenses: 2_500, deliveryNotes: 100 } } },
});
printAddonOutputOnFailure(() => world.env.addon);

/** The first full copy of the large company (about 230 calls at the service's rate, beside the pages' own). */
const COPY_MS = 360_000;

const texts = {
  en: {
    freshness: 'How fresh the overview is',
    overdue: 'Overdue invoices',
    unpaid: 'Unpaid invoices',
    atLeast: /at least €[\d,]+\.\d\d/,
    caveat: 'Counted so far from the first',
    readLive: 'read straight from KROS',
    fromCopy: /The figures come from the company’s copy, updated (now|\d+ seconds? ago|\d+ minutes? ago)\./,
    updating: 'Updating now…',
    // The first try may fail while the pages' own calls take the token's whole budget: the queue tries again.
    notSettled: /Updating now…|The last update failed .+; it will be tried again shortly\./,
    refresh: 'Update now',
    failed: /The last update failed (now|\d+ seconds? ago|\d+ minutes? ago); it will be tried again shortly\./,
  },
  sk: {
    freshness: 'Aktuálnosť prehľadu',
    overdue: 'Faktúry po splatnosti',
    unpaid: 'Neuhradené faktúry',
    atLeast: /aspoň [\d\s]+,\d\d\s€/,
    caveat: 'Zatiaľ spočítané z prvých',
    readLive: 'načítané priamo z Fakturácie',
    fromCopy: /Súčty sú z kópie dokladov firmy, aktualizovanej (teraz|pred \d+ sekund|pred \d+ minút)/,
    updating: 'Práve sa aktualizuje…',
    notSettled: /Práve sa aktualizuje…|Posledná aktualizácia sa .+ nepodarila; skúsime to znova o chvíľu\./,
    refresh: 'Aktualizovať teraz',
    failed: /Posledná aktualizácia sa .+ nepodarila/,
  },
} as const;
type Language = keyof typeof texts;

/** Marks the frame's document; a reload (or any navigation) would lose the mark, a redrawing in place keeps it. */
const mark = (frame: FrameLocator) =>
  frame.locator('body').evaluate(() => {
    (window as Window & { drawnInPlace?: boolean }).drawnInPlace = true;
  });
const stillMarked = (frame: FrameLocator) =>
  frame.locator('body').evaluate(() => (window as Window & { drawnInPlace?: boolean }).drawnInPlace === true);

/**
 * Presses a form's button, which navigates the frame (POST, 303 back), and waits for the new document, marked in
 * turn: from then on only a redrawing in place keeps the mark.
 */
async function submitAndMark(frame: FrameLocator, press: () => Promise<void>): Promise<void> {
  await mark(frame);
  await press();
  await expectUi.poll(() => stillMarked(frame).catch(() => true), { timeout: 30_000 }).toBe(false);
  await expectUi(frame.locator('main')).toBeVisible();
  await mark(frame);
}

/** The page has no horizontal scrolling at its width (the phone's 390 px). */
const fitsWidth = (frame: FrameLocator) =>
  frame.locator('body').evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('a large company’s overview while its copy is made and after, inside the service’s window', () => {
  const windows: Record<Language, { page: Page; frame: FrameLocator }> = {} as never;
  let phone: BrowserContext;

  beforeAll(async () => {
    // The sandbox makes a company's documents on its first use, in this process: made now, not under the first calls.
    expect(world.env.sandbox.dataApi.counts(LARGE).invoices).toBe(20_000);
    // The token's delivery at the launch begins the company's first copy, as a job; the overview never waits for it.
    const en = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
      userId: USERS.standalone,
      tenantIds: [LARGE],
    });
    phone = await freshContext(world.context.browser()!, { locale: 'sk-SK', viewport: { width: 390, height: 844 } });
    const sk = await launchInServiceWindow(phone, world.env, world.serviceWindow, {
      userId: USERS.standalone,
      tenantIds: [LARGE],
    });
    windows.en = { page: en.page, frame: en.addon };
    windows.sk = { page: sk.page, frame: sk.addon };
  });
  afterAll(async () => {
    await phone?.close();
  });

  it.each(['en', 'sk'] as const)(
    'while the copy is made, shows no figure it does not know as a number (%s)',
    async (language) => {
      const { page, frame } = windows[language];
      const t = texts[language];
      const freshness = frame.getByRole('region', { name: t.freshness });
      await expectUi(freshness).toContainText(t.readLive);
      await expectUi(freshness).toContainText(t.notSettled);
      await expectUi(freshness).toHaveAttribute('data-figures-from', 'service');
      const unpaid = frame.getByRole('region', { name: t.unpaid, exact: true });
      const overdue = frame.getByRole('region', { name: t.overdue, exact: true });
      await expectUi(unpaid).toContainText(t.atLeast);
      await expectUi(unpaid).toContainText(t.caveat);
      // Nothing overdue among the first pages read is "being counted"; some is "at least" that much. Never "0".
      await expectUi(overdue.locator('[data-total-state]')).toHaveAttribute(
        'data-total-state',
        /^(at-least|counting)$/,
      );
      await expectUi(overdue).toContainText(t.caveat);
      if (language === 'sk') expect(await fitsWidth(frame)).toBe(true);
      await screenshot(page, `overview-counting-${language}`);
    },
  );

  it.each(['en', 'sk'] as const)(
    'once the copy is complete, the overview draws itself again in place, from the copy (%s)',
    async (language) => {
      const { page, frame } = windows[language];
      const t = texts[language];
      await mark(frame);
      const freshness = frame.getByRole('region', { name: t.freshness });
      await expectUi(freshness).toHaveAttribute('data-figures-from', 'mirror', { timeout: COPY_MS });
      await expectUi(freshness).toContainText(t.fromCopy);
      await expectUi(freshness).not.toContainText(t.updating);
      for (const name of [t.unpaid, t.overdue]) {
        const card = frame.getByRole('region', { name, exact: true });
        await expectUi(card.locator('[data-total-state]')).toHaveAttribute('data-total-state', 'complete');
        await expectUi(card.locator('[data-total-partial]')).toHaveCount(0);
      }
      expect(await stillMarked(frame)).toBe(true);
      await screenshot(page, `overview-copied-${language}`);
    },
    COPY_MS + 60_000,
  );

  it('“Aktualizovať teraz” says it updates at once, and the page draws itself again when the update ends (sk, 390 px)', async () => {
    const { page, frame } = windows.sk;
    const t = texts.sk;
    const freshness = frame.getByRole('region', { name: t.freshness });
    // Each of the update's calls takes a few seconds: the page after the button sees it under way.
    world.env.sandbox.dataApi.setFault(LARGE, { mode: 'slow', delayMs: 4_000, count: 3 });
    await submitAndMark(frame, () => freshness.getByRole('button', { name: t.refresh }).click());
    await expectUi(freshness.locator('p')).toContainText(t.updating);
    await expectUi(freshness).not.toContainText(t.updating, { timeout: 60_000 });
    await expectUi(freshness).toContainText(t.fromCopy);
    expect(await stillMarked(frame)).toBe(true);
    await expectUi(freshness.getByRole('button', { name: t.refresh })).toBeInViewport();
    expect(await fitsWidth(frame)).toBe(true);
    await screenshot(page, 'overview-updated-sk-phone');
  });

  it('a failed update says so by itself, when it failed, with the button to try again (en)', async () => {
    const { page, frame } = windows.en;
    const t = texts.en;
    const freshness = frame.getByRole('region', { name: t.freshness });
    world.env.sandbox.dataApi.setFault(LARGE, { mode: 'server-error', status: 503 });
    try {
      await submitAndMark(frame, () => freshness.getByRole('button', { name: t.refresh }).click());
      await expectUi(freshness).toContainText(t.failed, { timeout: 60_000 });
      expect(await stillMarked(frame)).toBe(true);
      await expectUi(freshness).not.toContainText(t.updating);
      await expectUi(freshness.getByRole('button', { name: t.refresh })).toBeVisible();
      await screenshot(page, 'overview-update-failed');
    } finally {
      world.env.sandbox.dataApi.clearFault(LARGE);
    }
  });
});

describe('a session of a company without a token, and one whose token is revoked, inside the service’s window', () => {
  let context: BrowserContext;
  let page: Page;
  let frame: FrameLocator;

  beforeAll(async () => {
    context = await freshContext(world.context.browser()!, { locale: 'en-GB' });
    // Company 10003's token provider hands out no token: Jana is signed in to it but it is not connected.
    ({ page, addon: frame } = await launchInServiceWindow(context, world.env, world.serviceWindow, {
      userId: USERS.jana,
      tenantIds: ['10001', '10003'],
    }));
  });
  afterAll(async () => {
    await context?.close();
  });

  const notConnected = async (inFrame: FrameLocator, text: string, prepared: string) => {
    const company = inFrame.getByRole('listitem').filter({ hasText: '10003' });
    await expectUi(company.locator('[data-company-figures]')).toHaveAttribute('data-company-figures', 'not-connected');
    await expectUi(company).toContainText(text);
    await expectUi(company).not.toContainText(prepared);
  };

  it('the list of companies says a company without a token is not connected and how to connect it (en)', async () => {
    await notConnected(frame, 'Not connected: open the company to connect it.', 'prepared');
    await screenshot(page, 'companies-not-connected-en');
  });

  it('the list of companies says so in Slovak on a phone', async () => {
    const phone = await freshContext(world.context.browser()!, {
      locale: 'sk-SK',
      viewport: { width: 390, height: 844 },
    });
    try {
      const sk = await launchInServiceWindow(phone, world.env, world.serviceWindow, {
        userId: USERS.jana,
        tenantIds: ['10001', '10003'],
      });
      await notConnected(sk.addon, 'Nie je pripojená: otvorte firmu a pripojte ju.', 'pripravujú');
      expect(await fitsWidth(sk.addon)).toBe(true);
      await screenshot(sk.page, 'companies-not-connected-sk-phone');
    } finally {
      await phone.close();
    }
  });

  it('right after the service revoked the token, the list’s own update ends in the list saying so (en)', async () => {
    await frame
      .getByRole('list', { name: 'Companies' })
      .getByRole('link', { name: /Pekáreň Novák/ })
      .click();
    await expectUi(frame.getByRole('heading', { level: 1 })).toHaveText('Pekáreň Novák s.r.o.');
    // Setup: the list once its copy is in (the list reloads until then).
    const listFreshness = await openInvoicesOnceCopied(frame);
    await expectUi(frame.getByRole('table', { name: 'Invoices', exact: true })).toBeVisible();

    world.env.sandbox.tokens.revoke('10001', USERS.jana);
    await submitAndMark(frame, () => listFreshness.getByRole('button', { name: 'Update now' }).click());
    // No reload: the page watches the update it asked for and is drawn again when the service's 401 ended it.
    await expectUi(frame.locator('[data-problem]')).toHaveAttribute('data-problem', 'disconnected', {
      timeout: 90_000,
    });
    await expectUi(frame.getByRole('table', { name: 'Invoices', exact: true })).toHaveCount(0);
    expect(await stillMarked(frame)).toBe(true);
    await screenshot(page, 'list-revoked-in-place');
  });
});
