/**
 * End to end, inside the service's window (a page of another site framing the add-on), with the synchronized copy on
 * (issue 31): pairing a line by hand offers the invoices as this same import leaves them (one it pays in full is not
 * offered, one it pays in part shows what is left), and a draft import is discarded from its page, the Imports list
 * then saying it is gone. English at desktop width, Slovak at phone width.
 */
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import {
  type Meant,
  openPaymentsOnceCopied,
  sandboxStatement,
  sidewaysScroll,
  type StatementFormat,
  uploadThroughForm,
} from './support/imports';
import { framedWorldDuringTests, janaAtDesktop, janaOnSlovakPhone } from './support/service-window';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const statementOf = (tenantId: string, format: StatementFormat) =>
  sandboxStatement(world.env.sandbox.url, tenantId, format);

type Words = {
  pairOther: string;
  search: string;
  leftAfterImport: RegExp;
  discard: string;
  confirm: string;
  discarded: string;
};

const english: Words = {
  pairOther: 'Pair with another invoice',
  search: 'Search',
  leftAfterImport: /left after this import’s other payments/,
  discard: 'Discard the import',
  confirm: 'Yes, discard the import',
  discarded: 'is discarded with its lines',
};

const slovak: Words = {
  pairOther: 'Spárovať s inou faktúrou',
  search: 'Hľadať',
  leftAfterImport: /po ostatných platbách tohto importu/,
  discard: 'Zahodiť import',
  confirm: 'Áno, zahodiť import',
  discarded: 'je zahodený aj s riadkami',
};

/**
 * On the import's page of the sandbox's statement: the line meant as a suggestion searches the invoice the statement
 * pays in full (not offered) and the one it pays half of (offered with what is left); then the import is discarded.
 */
async function pairByHandThenDiscard(frame: FrameLocator, meant: Meant, fileName: string, words: Words) {
  const invoiceOf = (role: string) =>
    meant.data.entries.find((entry) => entry.role === role && entry.invoice)!.invoice!;
  const [paidInFull, paidInPart, suggested] = [invoiceOf('exact'), invoiceOf('partial'), invoiceOf('suggestion')];
  const row = frame.locator(`tr[data-line]:has([data-suggestion="${suggested.id}"])`).first();
  await expectUi(row.locator('[data-line-state]')).toHaveAttribute('data-line-state', 'unmatched');

  await row.getByText(words.pairOther).click();
  await row.getByRole('searchbox').fill(paidInFull.documentNumber);
  await row.getByRole('button', { name: words.search }).click();
  const results = frame.locator('[data-pair-results]');
  await expectUi(results).toBeVisible();
  await expectUi(results.locator(`[data-result="${paidInFull.id}"]`)).toHaveCount(0);

  // The search stays open on the line after the page's answer: search again there.
  await row.getByRole('searchbox').fill(paidInPart.documentNumber);
  await row.getByRole('button', { name: words.search }).click();
  const partly = frame.locator(`[data-pair-results] [data-result="${paidInPart.id}"]`);
  await expectUi(partly).toContainText(words.leftAfterImport);

  // Nothing of it has been sent: the import goes, and the Imports list says so and no longer lists it.
  await frame.getByText(words.discard, { exact: true }).click();
  await frame.getByRole('button', { name: words.confirm }).click();
  await expectUi(frame.locator('[data-import-outcome="discarded"]')).toContainText(words.discarded);
  await expectUi(frame.locator('[data-import-outcome="discarded"]')).toContainText(fileName);
  await expectUi(frame.locator('[data-import]')).toHaveCount(0);
}

describe('pairing by hand and discarding a draft import, in English at desktop width', () => {
  it('offers what the import leaves to pay, then discards the import', { timeout: 300_000 }, async () => {
    const { addon: frame } = await janaAtDesktop(world, '10001');
    await openPaymentsOnceCopied(frame, 'Payments', 'Company documents');
    await frame.getByRole('link', { name: 'Import a bank statement' }).first().click();
    const statement = await statementOf('10001', 'camt053');
    const meant = JSON.parse((await statementOf('10001', 'json')).buffer.toString('utf8')) as Meant;
    await uploadThroughForm(frame, statement, { file: 'Statement file', submit: 'Read the statement' });
    await expectUi(frame.locator('[data-import-id]')).toHaveAttribute('data-import-state', 'draft');
    await pairByHandThenDiscard(frame, meant, statement.name, english);
  });
});

describe('pairing by hand and discarding a draft import, in Slovak at phone width', () => {
  it('offers what the import leaves to pay, then discards the import, fitting the phone', async () => {
    await janaOnSlovakPhone(world, '10002', async ({ addon: frame }) => {
      await openPaymentsOnceCopied(frame, 'Platby', 'Doklady firmy');
      await frame.getByRole('link', { name: 'Importovať bankový výpis' }).first().click();
      const statement = await statementOf('10002', 'mt940');
      const meant = JSON.parse((await statementOf('10002', 'json')).buffer.toString('utf8')) as Meant;
      await uploadThroughForm(frame, statement, { file: 'Súbor výpisu', submit: 'Načítať výpis' });
      // The discard control at the page's foot keeps to the phone's width.
      await frame.getByText(slovak.discard, { exact: true }).click();
      expect((await sidewaysScroll(frame)).page).toBeLessThanOrEqual(0);
      await frame.getByText(slovak.discard, { exact: true }).click();
      await pairByHandThenDiscard(frame, meant, statement.name, slovak);
    });
  });
});
