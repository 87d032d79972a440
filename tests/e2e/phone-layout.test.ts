/**
 * The pages of issue 31 on a phone (390 px), framed by the service's window (a page of another site), in Slovak and in
 * English, against the production build: none scrolls sideways (the frame's document is no wider than the frame).
 * Partners, a partner's statement, accounts and the Imports list turn into labelled cards (components/table.tsx,
 * `cards="labelled"`); the payments list, both import forms, a statement's and an invoice file's import pages and the
 * refusal page fit as they are.
 */
import type { Frame, FrameLocator, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { createProfile } from '../../sandbox/data/company-profile';
import { invoiceCsv, twoItemInvoice } from '../imports/invoice-sheet/sheets';
import { freshContext } from './support/browser';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { uploadThroughForm } from './support/imports';
import { ENGLISH, openInvoicesOnceCopied, SLOVAK } from './support/mirror';
import { reloadFrameUntil } from './support/reload';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const LANGUAGES = {
  en: {
    locale: 'en-GB',
    tenantId: '10001',
    invoices: ENGLISH,
    statement: { file: 'Statement file', submit: 'Read the statement' },
    invoiceFile: { file: 'Invoices file', submit: 'Read the invoices' },
  },
  sk: {
    locale: 'sk-SK',
    tenantId: '10002',
    invoices: SLOVAK,
    statement: { file: 'Súbor výpisu', submit: 'Načítať výpis' },
    invoiceFile: { file: 'Súbor s faktúrami', submit: 'Načítať faktúry' },
  },
} as const;

/** How far the frame's document scrolls sideways: 0 when the page fits the phone. */
const sideways = (frame: FrameLocator) =>
  frame.locator('body').evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/** Where a page's content stands and in which type: its main's edges, the body's and the sign-out button's fonts. */
const frameOf = (frame: FrameLocator) =>
  frame.locator('main').evaluate((main) => {
    const { left, width } = main.getBoundingClientRect();
    const signOut = document.querySelector('form[action="/auth/logout"] button')!;
    return {
      left: Math.round(left),
      width: Math.round(width),
      font: getComputedStyle(document.body).fontFamily,
      signOut: `${getComputedStyle(signOut).fontFamily} ${getComputedStyle(signOut).fontSize}`,
    };
  });

async function sandboxStatement(tenantId: string) {
  const response = await fetch(`${world.env.sandbox.url}/admin/data-api/statement?tenant=${tenantId}&format=camt053`);
  expect(response.status).toBe(200);
  return { name: 'vypis-2026-12.xml', mimeType: 'application/xml', buffer: Buffer.from(await response.arrayBuffer()) };
}

for (const [language, w] of Object.entries(LANGUAGES)) {
  describe(`the pages of money and imports on a 390 px phone (${language})`, () => {
    it('never scroll sideways, the lists turned into cards', { timeout: 600_000 }, async () => {
      const context = await freshContext(world.context.browser()!, {
        locale: w.locale,
        viewport: { width: 390, height: 844 },
      });
      try {
        const {
          page,
          addon: frame,
          frame: addonFrame,
        } = await launchInServiceWindow(context, world.env, world.serviceWindow, {
          userId: USERS.jana,
          tenantIds: [w.tenantId],
        });
        const company = `${world.env.addon.url}/companies/${w.tenantId}`;
        const fits = async (name: string, shown: Locator) => {
          await expectUi(shown).toBeVisible();
          await shown.scrollIntoViewIfNeeded();
          expect(await sideways(frame), `${name} (${language})`).toBeLessThanOrEqual(0);
          await screenshot(page, `phone-${name}-${language}`);
        };
        const open = (frameOf: Frame, path: string) => frameOf.goto(`${company}/${path}`);
        /** Opens a page and reloads it until `ready` shows: the company's copy is made by a job meanwhile. */
        const openOnceCopied = async (path: string, ready: Locator) => {
          await open(addonFrame, path);
          await reloadFrameUntil(frame, () => expectUi(ready.first()).toBeVisible({ timeout: 3_000 }), 180_000);
        };

        await openInvoicesOnceCopied(frame, 180_000, w.invoices);

        // The four lists of issue 31 as cards: no header row shown, each row a block.
        const cards = async (name: string, row: Locator) => {
          await fits(name, row.first());
          expect(await row.first().evaluate((tr) => getComputedStyle(tr).display), name).toBe('block');
        };
        await openOnceCopied('partners', frame.locator('tr[data-partner-key]'));
        await cards('partners', frame.locator('tr[data-partner-key]'));
        const key = await frame
          .locator('tr[data-partner-key]')
          .first()
          .evaluate((tr) => tr.getAttribute('data-partner-key'));
        await open(addonFrame, `partners/${encodeURIComponent(key!)}`);
        await cards('partner-statement', frame.locator('[data-statement-currency] tbody tr'));
        await openOnceCopied('accounts', frame.locator('tr[data-account-id]'));
        await cards('accounts', frame.locator('tr[data-account-id]'));
        await openOnceCopied('payments', frame.locator('[data-payments-state="ready"]'));
        await fits('payments', frame.locator('main'));

        // A statement's import: its form, its page, and the Imports list that names it.
        await open(addonFrame, 'payments/import');
        await fits('statement-form', frame.getByLabel(w.statement.file));
        await uploadThroughForm(frame, await sandboxStatement(w.tenantId), w.statement);
        await fits('statement-import', frame.locator('[data-import-id]'));

        // An invoice file's import: its form and its page.
        await open(addonFrame, 'invoices/import');
        await fits('invoice-form', frame.getByLabel(w.invoiceFile.file));
        const sequence = createProfile(w.tenantId).sequences.regular;
        const file = {
          name: 'faktury-december.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(invoiceCsv(twoItemInvoice(sequence, 'P'))),
        };
        await uploadThroughForm(frame, file, w.invoiceFile);
        await fits('invoice-import', frame.locator('[data-import-id]'));

        await open(addonFrame, 'imports');
        await cards('imports', frame.locator('tr[data-import]'));

        // A refused upload: a damaged statement gets the refusal page, in the company's frame.
        await open(addonFrame, 'payments/import');
        await frame.getByLabel(w.statement.file).setInputFiles({
          name: 'vypis-poskodeny.xml',
          mimeType: 'application/xml',
          buffer: Buffer.from('<?xml version="1.0"?><Document><BkToCstmrStmt>'),
        });
        await frame.getByRole('button', { name: w.statement.submit }).click();
        await fits('refusal', frame.locator('[data-failure]'));

        // On a wide window the refusal stands in the same frame as the company's pages, in the same type.
        await page.setViewportSize({ width: 1600, height: 900 });
        const refusal = await frameOf(frame);
        await open(addonFrame, 'payments/import');
        await expectUi(frame.getByLabel(w.statement.file)).toBeVisible();
        expect(refusal).toEqual(await frameOf(frame));
      } finally {
        await context.close();
      }
    });
  });
}
