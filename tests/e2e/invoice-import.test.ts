/**
 * End to end, inside the service's window (a page of another site framing the add-on), with the synchronized copy on
 * (MIRROR_SYNC=on): a user imports invoices from a spreadsheet (issue 21).
 * - English, desktop: from Invoices to the import form; a CSV of two invoices, one with a date that does not exist, is
 *   read: the page shows the problem naming its row and column, and the failed rows to download; "Send 1 invoice to
 *   KROS" sends the good one, the page follows the sending by itself until KROS created it, with its new number.
 * - Slovak, phone: an XLSX of one invoice numbered by its sequence is previewed (its items and totals per VAT rate),
 *   and the page fits the phone's width.
 */
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { createProfile } from '../../sandbox/data/company-profile';
import {
  type Cells,
  day,
  invoiceCsv,
  type RowValues,
  table,
  twoItemInvoice,
  xlsxBytes,
} from '../imports/invoice-sheet/sheets';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { sidewaysScroll, stateCount, type UploadedFile, uploadThroughForm } from './support/imports';
import { openInvoicesOnceCopied, SLOVAK } from './support/mirror';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, janaAtDesktop, janaOnSlovakPhone } from './support/service-window';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const TENANT = '10001';
const OTHER_TENANT = '10002';

const csvOf = (rows: RowValues[]): UploadedFile => ({
  name: 'faktury.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(invoiceCsv(rows)),
});

/** An XLSX of the rows, its days as date cells and its quantities, rates and prices as numbers. */
async function xlsxOf(rows: RowValues[]): Promise<UploadedFile> {
  const [header, ...cells] = table(rows) as [string[], ...Cells[]];
  const typed = cells.map((row) =>
    row.map((value, index) => {
      const column = header[index]!;
      if (typeof value !== 'string' || value === '') return value;
      if (column.endsWith('Date')) return day(value);
      if (['item.amount', 'item.vatRate', 'item.totalPriceInclVat'].includes(column)) return Number(value);
      return value;
    }),
  );
  return {
    name: 'faktury.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await xlsxBytes([header, ...typed])),
  };
}

/** The page at its top for a screenshot (a full-page screenshot of a scrolled frame leaves its top blank). */
const toTop = (frame: FrameLocator) => frame.locator('body').evaluate(() => window.scrollTo(0, 0));

const line = (frame: FrameLocator, state: string) => frame.locator(`tr[data-line]:has([data-line-state="${state}"])`);

describe('importing invoices from a spreadsheet, in English at desktop width', () => {
  it(
    'reads a CSV, names the wrong row and column, sends the good invoice and shows its number',
    { timeout: 300_000 },
    async () => {
      const { page, addon: frame } = await janaAtDesktop(world, TENANT);
      await openInvoicesOnceCopied(frame);

      await frame.getByRole('link', { name: 'Import invoices from a spreadsheet' }).first().click();
      await expectUi(frame.getByRole('heading', { name: 'Import invoices from a spreadsheet' })).toBeVisible();
      await expectUi(frame.locator('[data-template="csv"]')).toHaveAttribute(
        'href',
        /\/invoices\/import\/template\.csv$/,
      );
      await expectUi(frame.locator('[data-template="xlsx"]')).toHaveAttribute(
        'href',
        /\/invoices\/import\/template\.xlsx$/,
      );

      const sequence = createProfile(TENANT).sequences.regular;
      // The second invoice's rows (4 and 5 of the file) have a day that does not exist.
      const file = csvOf([
        ...twoItemInvoice(sequence, 'A'),
        ...twoItemInvoice(sequence, 'B', { issueDate: '2026-02-30' }),
      ]);
      await uploadThroughForm(frame, file, { file: 'Invoices file', submit: 'Read the invoices' });
      await expectUi(frame.locator('[data-import-id]')).toHaveAttribute('data-import-state', 'draft');
      expect(await stateCount(frame, 'ready')).toBe(1);
      expect(await stateCount(frame, 'invalid')).toBe(1);

      const ready = line(frame, 'ready');
      await expectUi(ready.getByText(`Numbered by the sequence ${sequence}`)).toBeVisible();
      await expectUi(ready.locator('[data-total]')).toHaveAttribute('data-total', '281.70');
      await expectUi(ready.locator('[data-vat-rate]')).toHaveCount(2);
      const invalid = line(frame, 'invalid');
      await expectUi(invalid.locator('[data-line-problems]')).toContainText('Row 4, column issueDate');
      await expectUi(invalid.locator('[data-line-problems]')).toContainText('2026-02-30');
      const failed = frame.locator('[data-failed-rows] a');
      await expectUi(failed).toHaveAttribute('href', /\/invoices\/import\/[0-9a-f-]{36}\/failed\.csv$/);
      await expectUi(frame.locator('[data-to-send] [data-sum]')).toHaveAttribute('data-sum', '281.70');
      await toTop(frame);
      await screenshot(page, 'invoice-import-preview');

      await frame.getByRole('button', { name: 'Send 1 invoice to KROS' }).click();
      // The page refreshes itself while the invoice is on its way; it ends created, with the number KROS gave it.
      await expectUi(frame.locator('[data-import-id]')).toHaveAttribute('data-import-state', 'done', {
        timeout: 120_000,
      });
      const created = frame.locator('[data-created-document]');
      await expectUi(created).toHaveCount(1);
      await expectUi(created).toContainText(new RegExp(`Created invoice ${sequence}\\S+`));
      await expectUi(created).toHaveAttribute('href', /\/companies\/10001\/invoices\/\d+$/);
      expect(await stateCount(frame, 'invalid')).toBe(1);
      await expectUi(failed).toBeVisible();
      await toTop(frame);
      await screenshot(page, 'invoice-import-done');

      // The imports' list links it to its page.
      await frame.getByRole('link', { name: 'All imports' }).first().click();
      const listed = frame.getByRole('table').getByRole('row', { name: /faktury\.csv/ });
      await expectUi(listed).toBeVisible();
      await expectUi(listed.getByRole('link').first()).toHaveAttribute('href', /\/invoices\/import\/[0-9a-f-]{36}$/);
    },
  );
});

describe('importing invoices from a spreadsheet, in Slovak at phone width', () => {
  it('previews an XLSX and fits the phone', { timeout: 300_000 }, async () => {
    await janaOnSlovakPhone(world, OTHER_TENANT, async ({ page, addon: frame }) => {
      await openInvoicesOnceCopied(frame, 120_000, SLOVAK);
      await frame.getByRole('link', { name: 'Importovať faktúry zo súboru' }).first().click();
      const sequence = createProfile(OTHER_TENANT).sequences.regular;
      const file = await xlsxOf(twoItemInvoice(sequence, 'P'));
      await uploadThroughForm(frame, file, { file: 'Súbor s faktúrami', submit: 'Načítať faktúry' });

      expect(await stateCount(frame, 'ready')).toBe(1);
      const ready = line(frame, 'ready');
      await expectUi(ready.getByText(`Číslo pridelí číselný rad ${sequence}`)).toBeVisible();
      await expectUi(ready.locator('[data-items]')).toHaveAttribute('data-items', '2');
      await expectUi(ready.locator('[data-vat-rate="23"]')).toBeVisible();
      await expectUi(frame.getByRole('button', { name: 'Odoslať 1 faktúru do Fakturácie' })).toBeEnabled();

      const sideways = await sidewaysScroll(frame);
      expect(sideways.page).toBeLessThanOrEqual(0);
      expect(sideways.lines).toBeLessThanOrEqual(0);
      await toTop(frame);
      await screenshot(page, 'invoice-import-phone-sk');
    });
  });
});
