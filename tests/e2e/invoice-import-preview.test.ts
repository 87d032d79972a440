/**
 * End to end, inside the service's window (a page of another site framing the add-on), with the synchronized copy on
 * (MIRROR_SYNC=on): what an invoice import's preview says before anything is sent (issue 31).
 * - English, desktop: a CSV of an invoice numbered like one the company has (partly paid) and of one in Czech crowns:
 *   the preview shows the existing invoice's total and payment state beside the new total, and the crowns' exchange
 *   rate and total in EUR; sent with the overwrite confirmed, the first reads "Overwritten", the other "Created". A
 *   PDF is told it is no CSV or XLSX file.
 * - Slovak, phone: the same preview in Slovak, fitting the phone's width; an XML and a workbook whose invoices are on
 *   its second sheet are each told what they are and what to do.
 */
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { formatMoney } from '@/lib/base/i18n/format';

import { createProfile } from '../../sandbox/data/company-profile';
import {
  invoiceCsv,
  pdfBytes,
  type RowValues,
  table,
  twoItemInvoice,
  xlsxBytes,
  xmlInvoiceBytes,
} from '../imports/invoice-sheet/sheets';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { sidewaysScroll, stateCount, type UploadedFile, uploadThroughForm } from './support/imports';
import { openInvoicesOnceCopied, SLOVAK } from './support/mirror';
import { sandboxCompany } from './support/sandbox-data';
import { screenshot } from './support/screenshots';
import { framedWorldDuringTests, janaAtDesktop, janaOnSlovakPhone } from './support/service-window';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const TENANT = '10001';
const OTHER_TENANT = '10002';

const file = (name: string, mimeType: string, bytes: Uint8Array): UploadedFile => ({
  name,
  mimeType,
  buffer: Buffer.from(bytes),
});
const csvOf = (rows: RowValues[]) => file('faktury.csv', 'text/csv', invoiceCsv(rows));

/**
 * A regular invoice in EUR the sandbox's company has, in its regular sequence, partly paid (else paid): the one the
 * file overwrites.
 */
function invoiceToOverwrite(tenantId: string) {
  const sequence = createProfile(tenantId).sequences.regular;
  const candidates = sandboxCompany(tenantId, world.env.today)
    .invoices.map((invoice) => invoice.record)
    .filter(
      (record) =>
        record.invoiceType === 0 &&
        record.numberingSequence === sequence &&
        record.documentNumber !== '' &&
        (record.prices.currency ?? 'EUR') === 'EUR',
    );
  const invoice =
    candidates.find((record) => record.paymentStatus === 3) ?? candidates.find((record) => record.paymentStatus === 1);
  expect(invoice, 'the sandbox has such an invoice').toBeDefined();
  return { sequence, invoice: invoice! };
}

/** The file: one invoice over the existing one's number (281.70 EUR), one in CZK at 25.125 CZK per 1 EUR. */
function overwriteAndCrowns(sequence: string, documentNumber: string, group: string): UploadedFile {
  return csvOf([
    ...twoItemInvoice(sequence, `${group}E`, { documentNumber }),
    ...twoItemInvoice(sequence, `${group}K`, { currency: 'CZK', exchangeRate: '25,125' }),
  ]);
}

/** The page at its top for a screenshot (a full-page screenshot of a scrolled frame leaves its top blank). */
const toTop = (frame: FrameLocator) => frame.locator('body').evaluate(() => window.scrollTo(0, 0));

const line = (frame: FrameLocator, marker: string) => frame.locator(`tr[data-line]:has(${marker})`);

/** Picks a file on the form and sends it, for a refusal: the page that says why (no import is made). */
async function refusedUpload(frame: FrameLocator, upload: UploadedFile, words: { file: string; submit: string }) {
  await frame.getByLabel(words.file).setInputFiles(upload);
  await frame.getByRole('button', { name: words.submit }).click();
}

describe('an invoice import’s preview, in English at desktop width', () => {
  it(
    'shows the invoice it overwrites and the crowns in EUR; after sending, the overwritten one reads so; a PDF is told what it is',
    { timeout: 300_000 },
    async () => {
      const { page, addon: frame } = await janaAtDesktop(world, TENANT);
      await openInvoicesOnceCopied(frame);
      const { sequence, invoice } = invoiceToOverwrite(TENANT);
      const oldTotal = invoice.prices.documentPrices.totalPriceInclVat;

      await frame.getByRole('link', { name: 'Import invoices from a spreadsheet' }).first().click();
      await uploadThroughForm(frame, overwriteAndCrowns(sequence, invoice.documentNumber, 'EN'), {
        file: 'Invoices file',
        submit: 'Read the invoices',
      });
      expect(await stateCount(frame, 'ready')).toBe(2);

      const over = line(frame, '[data-exists]');
      await expectUi(over.getByText('Already exists at KROS — will be overwritten')).toBeVisible();
      const beside = over.locator('[data-existing-total]');
      await expectUi(beside).toHaveAttribute('data-existing-payment', String(invoice.paymentStatus));
      await expectUi(beside).toContainText(`Now:${formatMoney(oldTotal, 'EUR', 'en')}`);
      await expectUi(beside).toContainText(invoice.paymentStatus === 3 ? 'Partially paid' : 'Paid');
      await expectUi(beside).toContainText('Once overwritten:€281.70');

      const crowns = line(frame, '[data-exchange-rate]');
      await expectUi(crowns.locator('[data-total]')).toHaveAttribute('data-currency', 'CZK');
      await expectUi(crowns.getByText('Exchange rate 25.125 CZK per 1 EUR')).toBeVisible();
      // 281.70 CZK / 25.125 = 11.2119… EUR.
      await expectUi(crowns.locator('[data-total-eur]')).toHaveText('In EUR: €11.21');
      await toTop(frame);
      await screenshot(page, 'invoice-import-overwrite-preview');

      await frame.getByRole('checkbox', { name: 'Overwrite the invoices that already exist at KROS too (1)' }).check();
      await frame.getByRole('button', { name: 'Send 2 invoices to KROS' }).click();
      await expectUi(frame.locator('[data-import-id]')).toHaveAttribute('data-import-state', 'done', {
        timeout: 120_000,
      });
      await expectUi(frame.locator('[data-overwritten-count]')).toHaveAttribute('data-overwritten-count', '1');
      const overwritten = frame.locator('[data-created-document][data-overwritten]');
      await expectUi(overwritten).toHaveText(`Overwritten invoice ${invoice.documentNumber}`);
      await expectUi(overwritten).toHaveAttribute('href', `/companies/${TENANT}/invoices/${invoice.id}`);
      await expectUi(frame.locator('tr[data-line] [data-line-state="done"]')).toHaveText(['Overwritten', 'Created']);
      await expectUi(frame.locator('[data-created-document]:not([data-overwritten])')).toContainText(
        new RegExp(`^Created invoice ${sequence}\\S+`),
      );
      await toTop(frame);
      await screenshot(page, 'invoice-import-overwritten');

      await frame.getByRole('link', { name: 'Back to invoices' }).first().click();
      await frame.getByRole('link', { name: 'Import invoices from a spreadsheet' }).first().click();
      const words = { file: 'Invoices file', submit: 'Read the invoices' };
      await refusedUpload(frame, file('faktura.pdf', 'application/pdf', pdfBytes()), words);
      await expectUi(frame.getByText('This is not a CSV or XLSX file: its format is PDF.')).toBeVisible();
      await expectUi(frame.getByText('Nothing was stored')).toBeVisible();
    },
  );
});

describe('an invoice import’s preview, in Slovak at phone width', () => {
  it(
    'shows the invoice it overwrites and the crowns in EUR, fitting the phone; an XML and a workbook are told what to do',
    { timeout: 300_000 },
    async () => {
      await janaOnSlovakPhone(world, OTHER_TENANT, async ({ page, addon: frame }) => {
        await openInvoicesOnceCopied(frame, 120_000, SLOVAK);
        const { sequence, invoice } = invoiceToOverwrite(OTHER_TENANT);
        const words = { file: 'Súbor s faktúrami', submit: 'Načítať faktúry' };

        await frame.getByRole('link', { name: 'Importovať faktúry zo súboru' }).first().click();
        await refusedUpload(frame, file('faktura.xml', 'application/xml', xmlInvoiceBytes()), words);
        await expectUi(frame.getByText('Toto nie je súbor CSV ani XLSX: je to súbor XML.')).toBeVisible();
        await expectUi(frame.getByText('Nič sa neuložilo')).toBeVisible();

        await frame.getByRole('link', { name: 'Späť na formulár importu' }).click();
        const workbook = await xlsxBytes(
          [['Návod'], ['Faktúry vyplňte na hárku Faktúry.']],
          [{ name: 'Faktúry', rows: table(twoItemInvoice(sequence, 'W')) }],
          'Návod',
        );
        const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
        await refusedUpload(frame, file('faktury.xlsx', xlsxType, workbook), words);
        await expectUi(
          frame.getByText(
            'Číta sa len prvý hárok zošita (je to „Návod“), faktúry sú však na hárku „Faktúry“: presuňte ich na prvý hárok',
          ),
        ).toBeVisible();
        await screenshot(page, 'invoice-import-other-sheet-phone-sk');

        await frame.getByRole('link', { name: 'Späť na formulár importu' }).click();
        await uploadThroughForm(frame, overwriteAndCrowns(sequence, invoice.documentNumber, 'SK'), words);
        expect(await stateCount(frame, 'ready')).toBe(2);
        const over = line(frame, '[data-exists]');
        await expectUi(over.getByText('Už existuje vo Fakturácii — prepíše sa')).toBeVisible();
        const beside = over.locator('[data-existing-total]');
        await expectUi(beside).toContainText(
          `Teraz:${formatMoney(invoice.prices.documentPrices.totalPriceInclVat, 'EUR', 'sk')}`,
        );
        await expectUi(beside).toContainText(invoice.paymentStatus === 3 ? 'Čiastočne uhradené' : 'Uhradené');
        await expectUi(beside).toContainText(`Po prepísaní:${formatMoney(281.7, 'EUR', 'sk')}`);
        const crowns = line(frame, '[data-exchange-rate]');
        await expectUi(crowns.getByText('Kurz 25,125 CZK za 1 EUR')).toBeVisible();
        await expectUi(crowns.locator('[data-total-eur]')).toHaveText(`V EUR: ${formatMoney(11.21, 'EUR', 'sk')}`);

        const sideways = await sidewaysScroll(frame);
        expect(sideways.page).toBeLessThanOrEqual(0);
        expect(sideways.lines).toBeLessThanOrEqual(0);
        await toTop(frame);
        await screenshot(page, 'invoice-import-overwrite-phone-sk');
      });
    },
  );
});
