/**
 * End to end, inside the service's window (a page of another site framing the add-on), with the synchronized copy on
 * (MIRROR_SYNC=on): a user records the payments of a bank statement in KROS (issue 20).
 * - English, desktop: from Payments to the import form; a camt.053 statement of the company's open invoices (the
 *   sandbox writes it) is read and paired; the import's page sums what will be recorded; "Record N payments in KROS"
 *   sends them, the page follows the sending by itself until every line is recorded; the imports' list shows it; the
 *   same statement uploaded again has its lines as duplicates, with nothing to record.
 * - Slovak, phone: an MT940 statement; a line without an invoice is paired by hand through the search, another is
 *   left out, and the page fits the phone's width.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import {
  type Meant,
  openPaymentsOnceCopied,
  sandboxStatement,
  sidewaysScroll,
  stateCount,
  type StatementFormat,
  uploadThroughForm,
} from './support/imports';
import { reloadFrameUntil } from './support/reload';
import { screenshotDir } from './support/screenshots';
import { framedWorldDuringTests, janaAtDesktop, janaOnSlovakPhone } from './support/service-window';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const TENANT = '10001';
/** The phone's company: its statement is not the one the desktop's test recorded. */
const OTHER_TENANT = '10002';

async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** The sandbox's statement of the company's open invoices: as the bank would give it, or what each line means. */
const statementOf = (tenantId: string, format: StatementFormat) =>
  sandboxStatement(world.env.sandbox.url, tenantId, format);

/**
 * The duplicates of a statement recorded by the import at `recordedAt`: `count` of them, each saying so in `words`
 * (neutral, not an alarm) and linking that import's line and, for a paid one, the invoice; the first link leads there.
 */
async function expectRecordedBy(frame: FrameLocator, recordedAt: string, count: number, words: RegExp) {
  const said = frame.locator('tr[data-line] [data-recorded-by]');
  await expectUi(said).toHaveCount(count);
  const first = frame.locator('tr[data-line]:has([data-recorded-by] [data-link="invoice"])').first();
  await expectUi(first.locator('[data-recorded-by]')).toHaveText(words);
  await expectUi(first.locator('[data-recorded-by]')).toHaveClass(/text-slate-700/);
  await expectUi(first.locator('.text-rose-800')).toHaveCount(0);
  const line = first.locator('[data-link="line"]');
  await expectUi(line).toHaveAttribute('href', new RegExp(`^${recordedAt}#line-\\d+$`));
  await expectUi(first.locator('[data-link="invoice"]')).toHaveAttribute('href', /\/invoices\/\d+$/);
  await line.click();
  await expectUi.poll(() => frame.locator('body').evaluate(() => window.location.pathname)).toBe(recordedAt);
  await frame.locator('body').evaluate(() => window.history.back());
  await expectUi(said).toHaveCount(count);
}

describe('recording a bank statement’s payments, in English at desktop width', () => {
  // Recording and then the copy's catching up take their time on a loaded machine.
  it(
    'reads and pairs a camt.053 statement, records its payments once, and never again',
    { timeout: 300_000 },
    async () => {
      const { page, addon: frame } = await janaAtDesktop(world, TENANT);
      await openPaymentsOnceCopied(frame, 'Payments', 'Company documents');

      await frame.getByRole('link', { name: 'Import a bank statement' }).first().click();
      await expectUi(frame.getByRole('heading', { name: 'Import a bank statement' })).toBeVisible();
      const statement = await statementOf(TENANT, 'camt053');
      const meant = JSON.parse((await statementOf(TENANT, 'json')).buffer.toString('utf8')) as Meant;
      await uploadThroughForm(frame, statement, { file: 'Statement file', submit: 'Read the statement' });
      await expectUi(frame.locator('[data-import-id]')).toHaveAttribute('data-import-state', 'draft');
      await expectUi(frame.getByText(statement.name).first()).toBeVisible();

      const ready = await stateCount(frame, 'ready');
      expect(ready).toBeGreaterThan(0);
      // Debits are listed apart as excluded; the sum to be recorded is shown.
      await expectUi(frame.locator('[data-to-record] [data-sum]').first()).toBeVisible();
      const record = frame.getByRole('button', { name: `Record ${ready} payment${ready === 1 ? '' : 's'} in KROS` });
      await expectUi(record).toBeEnabled();
      await screenshot(page, 'import-paired');

      await record.click();
      // The page refreshes itself while the payments are on their way; every ready line ends recorded.
      await expectUi(frame.locator('[data-import-id]')).toHaveAttribute('data-import-state', 'done', {
        timeout: 120_000,
      });
      expect(await stateCount(frame, 'done')).toBe(ready);
      await expectUi(frame.locator('tr[data-line] [data-line-state="done"]')).toHaveCount(ready);
      // Recorded: the page says so, with no "being sent" left over and no greyed "Record 0" (issue 31).
      await expectUi(frame.locator('[data-settled]')).toHaveText(`${ready} payments recorded in KROS.`);
      await expectUi(frame.locator('[data-import-outcome="queued"]')).toHaveCount(0);
      await expectUi(frame.locator('[data-import-progress]')).toHaveCount(0);
      await expectUi(frame.locator('[data-record]')).toHaveCount(0);
      const recordedAt = await frame.locator('body').evaluate(() => window.location.pathname);
      await screenshot(page, 'import-recorded');

      // The imports' list has it, with its counts.
      await frame.getByRole('link', { name: 'All imports' }).first().click();
      await expectUi(frame.getByRole('table').getByText(statement.name)).toBeVisible();

      // The same statement again: what was recorded is a duplicate, and nothing is there to record.
      await frame.locator('body').evaluate((_, tenant) => {
        window.location.pathname = `/companies/${tenant}/payments/import`;
      }, TENANT);
      await uploadThroughForm(frame, statement, { file: 'Statement file', submit: 'Read the statement' });
      expect(await stateCount(frame, 'duplicate')).toBe(ready);
      expect(await stateCount(frame, 'ready')).toBe(0);
      await expectUi(frame.locator('[data-record]')).toHaveCount(0);
      // Each duplicate says, neutrally, which import's line recorded it and the invoice it paid, with links.
      await expectRecordedBy(frame, recordedAt, ready, /^Recorded by the import of \d\d:\d\d, line \d+, paid \S+\.$/);
      await screenshot(page, 'import-duplicates');

      // KROS paid the invoice; its list shows it paid once the company's copy catches up.
      const paid = meant.data.entries.find((entry) => entry.role === 'exact' && entry.invoice)!.invoice!;
      await frame.locator('body').evaluate((_, href) => {
        window.location.href = href;
      }, `/companies/${TENANT}/invoices?q=${paid.documentNumber}`);
      // There first: a reload while the frame still leaves the import would reload the import.
      await expectUi
        .poll(() => frame.locator('body').evaluate(() => window.location.search))
        .toBe(`?q=${paid.documentNumber}`);
      await reloadFrameUntil(frame, () =>
        expectUi(frame.locator(`tr:has-text("${paid.documentNumber}") [data-payment-status]`).first()).toHaveAttribute(
          'data-payment-status',
          '1',
          { timeout: 3_000 },
        ),
      );
    },
  );
});

describe('recording a bank statement’s payments, in Slovak at phone width', () => {
  it('pairs a line by hand, leaves one out, and fits the phone', async () => {
    await janaOnSlovakPhone(world, OTHER_TENANT, async ({ page, addon: frame }) => {
      await openPaymentsOnceCopied(frame, 'Platby', 'Doklady firmy');
      await frame.getByRole('link', { name: 'Importovať bankový výpis' }).first().click();
      const statement = await statementOf(OTHER_TENANT, 'mt940');
      const meant = JSON.parse((await statementOf(OTHER_TENANT, 'json')).buffer.toString('utf8')) as Meant;
      await uploadThroughForm(frame, statement, { file: 'Súbor výpisu', submit: 'Načítať výpis' });

      // Each line is a card: neither the page nor its table scrolls sideways.
      const sideways = await sidewaysScroll(frame);
      expect(sideways.page).toBeLessThanOrEqual(0);
      expect(sideways.lines).toBeLessThanOrEqual(0);
      await screenshot(page, 'import-phone-sk');

      // A line without a variable symbol is only suggested an invoice: paired by hand through the search instead.
      const suggested = meant.data.entries.find((entry) => entry.role === 'suggestion' && entry.invoice)!.invoice!;
      const row = frame.locator(`tr[data-line]:has([data-suggestion="${suggested.id}"])`).first();
      await expectUi(row.locator('[data-line-state]')).toHaveAttribute('data-line-state', 'unmatched');
      await row.getByText('Spárovať s inou faktúrou').click();
      await row.getByRole('searchbox').fill(suggested.documentNumber);
      await row.getByRole('button', { name: 'Hľadať' }).click();
      await frame
        .locator('[data-pair-results]')
        .getByRole('button', { name: `Spárovať – ${suggested.documentNumber}` })
        .click();
      await expectUi(frame.locator(`[data-paired-document="${suggested.id}"]`)).toBeVisible();
      await screenshot(page, 'import-paired-by-hand-phone-sk');

      const ready = await stateCount(frame, 'ready');
      // Leave out the first ready line: one fewer to record.
      const firstReady = frame.locator('tr[data-line]:has([data-line-state="ready"])').first();
      await firstReady.getByRole('button', { name: /Vynechať/ }).click();
      await expectUi.poll(() => stateCount(frame, 'ready')).toBe(ready - 1);
      await expectUi.poll(() => stateCount(frame, 'excluded')).toBeGreaterThan(0);

      // A second draft of the same statement, then the first one recorded (issue 31).
      const firstDraft = await frame.locator('body').evaluate(() => window.location.pathname);
      await frame.locator('body').evaluate((_, tenant) => {
        window.location.pathname = `/companies/${tenant}/payments/import`;
      }, OTHER_TENANT);
      await uploadThroughForm(frame, statement, { file: 'Súbor výpisu', submit: 'Načítať výpis' });
      const secondDraft = await frame.locator('body').evaluate(() => window.location.pathname);
      expect(secondDraft).not.toBe(firstDraft);
      await frame.locator('body').evaluate((_, href) => {
        window.location.pathname = href;
      }, firstDraft);
      await frame.locator('[data-record]').click();
      await expectUi(frame.locator('[data-import-id]')).toHaveAttribute('data-import-state', 'done', {
        timeout: 120_000,
      });
      const recorded = ready - 1;
      await expectUi(frame.locator('[data-settled]')).toHaveText(
        new RegExp(
          `^${recorded} (platba je zaznamenaná|platby sú zaznamenané|platieb je zaznamenaných) vo Fakturácii\\.$`,
        ),
      );
      await expectUi(frame.locator('[data-import-progress]')).toHaveCount(0);
      await expectUi(frame.locator('[data-record]')).toHaveCount(0);

      // The second draft's lines of those payments are duplicates when its page is drawn: not offered to record.
      await frame.locator('body').evaluate((_, href) => {
        window.location.pathname = href;
      }, secondDraft);
      await expectUi(frame.locator('[data-import-id]')).toBeVisible();
      expect(await stateCount(frame, 'duplicate')).toBe(recorded);
      const stillReady = await stateCount(frame, 'ready');
      if (stillReady > 0)
        await expectUi(frame.locator('[data-record]')).toHaveAttribute('data-record', `${stillReady}`);
      else await expectUi(frame.locator('[data-record]')).toHaveCount(0);
      await expectRecordedBy(
        frame,
        firstDraft,
        recorded,
        /^Zaznamenal ju import z \d\d:\d\d, riadok \d+, uhradila \S+\.$/,
      );
      expect((await sidewaysScroll(frame)).page).toBeLessThanOrEqual(0);
      await screenshot(page, 'import-duplicates-phone-sk');
    });
  });
});
