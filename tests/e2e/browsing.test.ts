/**
 * End to end: Jana launches the add-on from the service's sandbox in a real Chromium and browses a company's
 * documents in the production build: the overview's totals, the invoice list with filters in the URL and paging,
 * an invoice with its PDF, the expenses with an attachment, a company that is not hers, and every way the data API
 * can refuse a company. Each step leaves a screenshot in test-results/e2e/.
 *
 * The steps of the journey share one browser page and run in order; each starts from where the previous one left
 * the page, as a person clicking through would.
 */
import { readFile } from 'node:fs/promises';

import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { companyToday } from '@/lib/base/calendar';
import { formatMoney } from '@/lib/base/i18n/format';
import { sumAmounts } from '@/lib/base/money';
import { eurAmountLeftToPay } from '@/lib/service/records/left-to-pay';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

import { ACCESS_TOKEN_PREFIX } from '../../sandbox/access-tokens';
import { freshContext, launchChromium, launchFromSandbox } from './support/browser';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { sandboxAttachment, sandboxCompany } from './support/sandbox-data';
import { screenshot } from './support/screenshots';
import {
  leakedIntoServerOutput,
  leaksIn,
  named,
  readRscPayloads,
  recordAddonResponses,
  type Served,
} from './support/secrets';

const COMPANY = {
  '10001': 'Pekáreň Novák s.r.o.',
  '10002': 'Záhradníctvo Ľaliová dolina s.r.o.',
  '10004': 'Horváth & syn, účtovníctvo s.r.o.',
};
/** The interface's values (spec/interface.md): PaymentStatus 0 NotPaid; DueDateStatus 1 InDue, 2 OverDue. */
const NOT_PAID = '0';
const OVER_DUE = '2';
const PAGE_SIZE = 25;
/** Each page's <title> (en-GB): the page, the company, the application. */
const APP = 'Invoicing documents';
const titleOf = (...parts: string[]) => [...parts, APP].join(' · ');

let env: E2eEnvironment;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Everything the add-on's origin answered to the browsers of this file. */
const recorders: ReturnType<typeof recordAddonResponses>[] = [];
/** Launch codes and session cookies the browsers carried. */
const handedOut: string[] = [];

beforeAll(async () => {
  // The pages as they read the service itself (before a company's first full sync, or with MIRROR_SYNC=off), so a
  // fault set on the sandbox's data API is what a page meets; pages on the copy are tests/e2e/mirror-lists.test.ts's.
  env = await startEnvironment({ addonEnv: { MIRROR_SYNC: 'off' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await env?.stop();
});

printAddonOutputOnFailure(() => env?.addon);

/** A browser profile of its own, in English (en-GB) for predictable texts, recording what the add-on served. */
async function newContext(): Promise<BrowserContext> {
  const context = await freshContext(browser, { locale: 'en-GB' });
  contexts.push(context);
  recorders.push(recordAddonResponses(context, env.addon.url));
  return context;
}

async function launchJana(context: BrowserContext, tenantIds: readonly string[]) {
  const launched = await launchFromSandbox(context, env.where, { userKey: 'jana', tenantIds });
  handedOut.push(new URL(launched.callbackUrl).searchParams.get('code') ?? '');
  const cookie = (await context.cookies(env.addon.url)).find((candidate) => candidate.name.startsWith('__Host-'));
  handedOut.push(cookie?.value ?? '');
  return launched;
}

const companyUrl = (tenantId: string, ...segments: string[]) =>
  [`${env.addon.url}/companies/${tenantId}`, ...segments].join('/');
const hasBlankParameter = (url: URL) => [...url.searchParams.values()].some((value) => value.trim() === '');
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Company documents' });
const table = (page: Page, caption: string) => page.getByRole('table', { name: caption, exact: true });

/** The rows of a document table once it is there (pages stream: the table follows the skeleton). */
async function rowsOf(list: Locator): Promise<Locator> {
  await expectUi(list).toBeVisible();
  return list.locator('tbody > tr');
}

/**
 * Waits until there are rows and every one of them is unpaid (or partly paid) and marked overdue, but a credit note:
 * the service's overdue filter lists those past their due day too, and the add-on never marks one overdue (it lowers
 * what the partner owes).
 */
async function expectAllUnpaidAndOverdue(rows: Locator) {
  await expectUi(rows).not.toHaveCount(0);
  const unpaid = rows.page().locator('[data-payment-status]', { hasText: /^(Unpaid|Partially paid)$/ });
  const overdue = rows.page().locator('[data-overdue]', { hasText: /^Overdue$/ });
  const creditNote = rows.page().locator('[data-credit-note]');
  // The interface's "not paid" covers partially paid invoices too.
  await expectUi(rows.filter({ hasNot: unpaid }), 'rows not unpaid nor partly paid').toHaveCount(0);
  await expectUi(
    rows.filter({ hasNot: overdue }).filter({ hasNot: creditNote }),
    'rows not marked overdue',
  ).toHaveCount(0);
  await expectUi(rows.filter({ has: creditNote }).filter({ has: overdue }), 'credit notes marked overdue').toHaveCount(
    0,
  );
}

/** What each invoice row shows: its id, payment mark and whether it is marked overdue. */
async function invoiceRows(page: Page) {
  const rows = await rowsOf(table(page, 'Invoices'));
  return rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      id: tr.getAttribute('data-invoice-id') ?? '',
      payment: tr.querySelector('[data-payment-status]')?.getAttribute('data-payment-status') ?? '',
      paymentText: tr.querySelector('[data-payment-status]')?.textContent ?? '',
      overdue: tr.querySelector('[data-overdue]')?.textContent ?? null,
    })),
  );
}

async function download(page: Page, link: Locator): Promise<{ download: Download; bytes: Buffer }> {
  const [started] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await started.path();
  return { download: started, bytes: await readFile(file) };
}

describe('browsing a company as Jana, from the service’s launch page', () => {
  let page: Page;
  /** The filtered list as the filter form left it, and the ids it showed. */
  let filteredUrl = '';
  let filteredIds: string[] = [];
  let expenseId = '';

  beforeAll(async () => {
    const context = await newContext();
    ({ page } = await launchJana(context, ['10001', '10002']));
  });

  it('opens the company Jana picks among the two she launched with', async () => {
    await expectUi(page).toHaveURL(`${env.addon.url}/`);
    await expectUi(page).toHaveTitle(titleOf('Companies'));
    await screenshot(page, 'browse-01-companies');

    await page.getByRole('link', { name: COMPANY['10001'] }).click();
    await expectUi(page).toHaveURL(companyUrl('10001'));
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText(COMPANY['10001']);
    await expectUi(page).toHaveTitle(titleOf('Overview', COMPANY['10001']));
  });

  it('offers a keyboard user a skip link to the content first, shown when it has the focus', async () => {
    // As the overview arrives (the click before it moved the keyboard's starting point into the previous page).
    await page.reload();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expectUi(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expectUi(skip).toBeFocused();
    await expectUi(skip).toBeInViewport();
    await screenshot(page, 'browse-01b-skip-link');
    await page.keyboard.press('Enter');
    // Past the header and the tabs: the page's own content has the focus.
    await expectUi(page.getByRole('main')).toBeFocused();
    await expectUi(page.getByRole('main')).toContainText('Unpaid invoices');
  });

  it('shows the unpaid and overdue invoice totals in EUR and the latest invoices on the overview', async () => {
    const unpaid = page.getByRole('region', { name: 'Unpaid invoices', exact: true });
    const overdue = page.getByRole('region', { name: 'Overdue invoices', exact: true });
    await expectUi(unpaid.locator('[data-total-eur]')).toBeVisible();
    await screenshot(page, 'browse-02-overview');

    for (const card of [unpaid, overdue]) {
      // en-GB writes euros as "€1,234.50".
      await expectUi(card.locator('[data-total-eur]')).toHaveText(/^-?€[\d,]+\.\d{2}$/);
      await expectUi(card).toContainText('in EUR, VAT included');
    }
    // The figures are the sandbox's own: not fully paid (0 or 3), and of those the ones due before the company's today,
    // but credit notes (type 1): they lower what is unpaid and are never overdue. Each counts with what is left to
    // pay on it in EUR, by the partners' rule (eurAmountLeftToPay), summed exactly.
    const today = companyToday(new Date());
    const notPaid = sandboxCompany('10001', env.today)
      .invoices.map((invoice) => invoice.record)
      .filter((record) => record.paymentStatus === 0 || record.paymentStatus === 3);
    const pastDue = notPaid.filter((record) => record.dueDate.slice(0, 10) < today && record.invoiceType !== 1);
    const euros = (records: typeof notPaid) =>
      Number(sumAmounts(records.map((record) => eurAmountLeftToPay(invoiceSchema.parse(record)) ?? '0')));
    for (const [card, records] of [
      [unpaid, notPaid],
      [overdue, pastDue],
    ] as const) {
      expect(records.length, 'the sandbox has such invoices').toBeGreaterThan(0);
      await expectUi(card.locator('[data-total-count]')).toHaveAttribute('data-total-count', String(records.length));
      const eur = card.locator('[data-total-eur]');
      await expectUi.poll(async () => Number(await eur.getAttribute('data-total-eur'))).toBeCloseTo(euros(records), 2);
    }

    const latest = await rowsOf(table(page, 'Latest invoices'));
    await expectUi(latest).not.toHaveCount(0);
    await expectUi.poll(() => latest.count()).toBeLessThanOrEqual(5);
  });

  it('links the overdue invoice total to the list of overdue invoices', async () => {
    const link = page
      .getByRole('region', { name: 'Overdue invoices', exact: true })
      .getByRole('link', { name: 'Overdue invoices' });
    await expectUi
      .poll(
        async () => {
          const url = new URL((await link.getAttribute('href')) ?? '', env.addon.url);
          return {
            pathname: url.pathname,
            PaymentStatus: url.searchParams.get('PaymentStatus'),
            DueDateStatus: url.searchParams.get('DueDateStatus'),
          };
        },
        { message: 'the overdue total leads to the overdue invoices (DueDateStatus=2), not to every unpaid one' },
      )
      .toEqual({ pathname: '/companies/10001/invoices', PaymentStatus: NOT_PAID, DueDateStatus: OVER_DUE });
  });

  it('filters the invoice list through the form, under the interface’s parameter names, to unpaid overdue invoices', async () => {
    await tabs(page).getByRole('link', { name: 'Invoices', exact: true }).click();
    await expectUi(page).toHaveURL(companyUrl('10001', 'invoices'));
    await expectUi(await rowsOf(table(page, 'Invoices'))).toHaveCount(PAGE_SIZE);
    await expectUi(page).toHaveTitle(titleOf('Invoices', COMPANY['10001']));
    await screenshot(page, 'browse-03-invoices');

    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByLabel('Payment', { exact: true }).selectOption({ label: 'Unpaid' });
    await page.getByLabel('Due status', { exact: true }).selectOption({ label: 'Overdue' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The form sends its blank fields too; the list answers with the tidy address, which is where the page ends.
    await expectUi(page).toHaveURL((url) => url.searchParams.has('PaymentStatus') && !hasBlankParameter(url));
    const rows = await rowsOf(table(page, 'Invoices'));
    await screenshot(page, 'browse-04-invoices-unpaid-overdue');

    const url = new URL(page.url());
    filteredUrl = url.href;
    // The form's blank fields are not left in the address: only the chosen filters (and the page size) remain.
    expect([...url.searchParams.keys()].sort()).toEqual(['DueDateStatus', 'PaymentStatus', 'Top']);
    expect(url.searchParams.get('PaymentStatus')).toBe(NOT_PAID);
    expect(
      url.searchParams.get('DueDateStatus'),
      'the option labelled "Overdue" must send the interface’s DueDateStatus=2 (OverDue); 1 is InDue',
    ).toBe(OVER_DUE);
    await expectAllUnpaidAndOverdue(rows);
    filteredIds = (await invoiceRows(page)).map((row) => row.id);
  });

  it('keeps the filter when the page is reloaded', async () => {
    expect(filteredUrl, 'the filter step left a filtered list').not.toBe('');
    const before = page.url();
    await page.reload();

    await expectUi(page).toHaveURL(before);
    const url = new URL(before);
    await expectUi(page.getByLabel('Payment', { exact: true })).toHaveValue(
      url.searchParams.get('PaymentStatus') ?? '',
    );
    await expectUi(page.getByLabel('Due status', { exact: true })).toHaveValue(
      url.searchParams.get('DueDateStatus') ?? '',
    );
    await expectUi.poll(async () => (await invoiceRows(page)).map((row) => row.id)).toEqual(filteredIds);
  });

  it('pages on to the next unpaid overdue invoices while a page is full, keeping the filter', async () => {
    // The view the filter step asks for, by the interface's values; the same page when the form sent them.
    const unpaidOverdue = `${companyUrl('10001', 'invoices')}?PaymentStatus=${NOT_PAID}&DueDateStatus=${OVER_DUE}&Top=${PAGE_SIZE}`;
    if (page.url() !== unpaidOverdue) await page.goto(unpaidOverdue);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expectUi(pages).toContainText(`Records 1 – ${PAGE_SIZE}`);
    await expectUi(
      await rowsOf(table(page, 'Invoices')),
      'the first page is full (the sandbox has more unpaid overdue invoices)',
    ).toHaveCount(PAGE_SIZE);
    const firstPage = (await invoiceRows(page)).map((row) => row.id);

    await pages.getByRole('link', { name: 'Next →' }).click();
    await expectUi(page).toHaveURL((url) => url.searchParams.get('Skip') === String(PAGE_SIZE));
    await expectUi(pages.getByText(`Records ${PAGE_SIZE + 1} –`)).toBeVisible();
    await screenshot(page, 'browse-05-invoices-next-page');

    await expectUi(page).toHaveURL(
      (url) => url.searchParams.get('PaymentStatus') === NOT_PAID && url.searchParams.get('DueDateStatus') === OVER_DUE,
    );
    await expectAllUnpaidAndOverdue(await rowsOf(table(page, 'Invoices')));
    await expectUi
      .poll(async () => (await invoiceRows(page)).filter((row) => firstPage.includes(row.id)), {
        message: 'no invoice of the first page again',
      })
      .toEqual([]);
    await expectUi(pages.getByRole('link', { name: '← Previous' })).toHaveCount(1);
  });

  it('shows an invoice with its customer, items and VAT breakdown', async () => {
    if (!page.url().startsWith(companyUrl('10001', 'invoices'))) await page.goto(companyUrl('10001', 'invoices'));
    const [first] = await invoiceRows(page);
    const id = first?.id ?? '';
    await table(page, 'Invoices')
      .locator(`tr[data-invoice-id="${id}"]`)
      .getByRole('rowheader')
      .getByRole('link')
      .click();
    await expectUi(page).toHaveURL(companyUrl('10001', 'invoices', id));
    const title = page.getByRole('heading', { level: 2, name: /^Invoice / });
    await expectUi(title).toBeVisible();
    await screenshot(page, 'browse-06-invoice');

    const invoice = sandboxCompany('10001', env.today).invoices.find((candidate) => String(candidate.record.id) === id);
    expect(invoice, `the sandbox has invoice ${id}`).toBeDefined();
    await expectUi(title).toHaveText(`Invoice ${invoice!.record.documentNumber}`);
    await expectUi(page).toHaveTitle(titleOf(`Invoice ${invoice!.record.documentNumber}`, COMPANY['10001']));
    const customer = page.getByRole('region', { name: 'Customer', exact: true });
    await expectUi(customer).toContainText(invoice!.record.partner.address.businessName!);
    await expectUi(await rowsOf(table(page, 'Items'))).toHaveCount(invoice!.details.items.length);
    await expectUi(await rowsOf(table(page, 'VAT summary'))).not.toHaveCount(0);
  });

  it('downloads the invoice’s black-and-white PDF (report 17) as an attachment', async () => {
    const report = page.locator('li[data-report="17"]');
    const link = report.getByRole('link', { name: /^Download/ });
    const { download: file, bytes } = await download(page, link);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The same address fetched from inside the page (where the session cookie is), for its headers.
    await expectUi(link).toHaveAttribute('href', /^\/companies\/10001\/invoices\/\d+\/reports\/17(\?|$)/);
    const answer = await link.evaluate(async (anchor) => {
      const response = await fetch(anchor.getAttribute('href') ?? '');
      const body = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        disposition: response.headers.get('content-disposition'),
        head: String.fromCharCode(...body.subarray(0, 4)),
      };
    });
    expect(answer).toMatchObject({ status: 200, head: '%PDF' });
    expect(answer.type).toMatch(/^application\/pdf/);
    expect(answer.disposition).toMatch(/^attachment;/);
    expect(answer.disposition).toMatch(/filename="?[^";]+\.pdf"?/);
  });

  it('opens the service’s preview of the colour report (19) in a new tab, detached from the add-on', async () => {
    const link = page.locator('li[data-report="19"]').getByRole('link', { name: /^Preview/ });
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    // The address came from inside the frame, where the session cookie is; the tab went straight to the service.
    await tab.waitForURL(new RegExp(`^${env.sandbox.url}/preview/[A-Za-z0-9_-]+$`));
    expect(await tab.evaluate(() => window.opener === null), 'the tab has no opener').toBe(true);
    const answer = await tab.evaluate(async () => {
      const response = await fetch(window.location.href);
      return { status: response.status, type: response.headers.get('content-type') };
    });
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/pdf/);
    await tab.close();
    await expectUi(page).toHaveURL(/\/companies\/10001\/invoices\/\d+$/);
  });

  it('lists the expenses of one document type through the filter form and opens one with attachments', async () => {
    await tabs(page).getByRole('link', { name: 'Expenses', exact: true }).click();
    await expectUi(page).toHaveURL(companyUrl('10001', 'expenses'));
    await expectUi(table(page, 'Expenses')).toBeVisible();

    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByLabel('Document type', { exact: true }).selectOption({ label: 'Received invoice' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expectUi(page).toHaveURL((url) => url.searchParams.get('DocumentType') === '10' && !hasBlankParameter(url));
    const rows = await rowsOf(table(page, 'Expenses'));
    await screenshot(page, 'browse-07-expenses-received-invoices');

    await expectUi(rows).not.toHaveCount(0);
    await expectUi(rows.filter({ hasNot: page.getByRole('rowheader', { name: /Received invoice/ }) })).toHaveCount(0);
    await expectUi(page).toHaveTitle(titleOf('Expenses', COMPANY['10001']));
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-expense-id') ?? ''));
    const sandboxExpenses = sandboxCompany('10001', env.today).expenses;
    // What is left to pay, as the payment status settles it: the whole total unpaid, nothing paid or overpaid;
    // the service gives no sums for expenses, so a partly paid one's is not known.
    const leftToPay = (record: (typeof sandboxExpenses)[number]['record']) =>
      ({ 0: String(record.prices.documentPrices.totalPriceInclVat), 1: '0', 2: '0', 3: 'unknown' })[
        record.paymentStatus
      ];
    await expectUi(table(page, 'Expenses').getByRole('columnheader', { name: 'Left to pay' })).toBeVisible();
    for (const [index, id] of ids.entries()) {
      const record = sandboxExpenses.find((expense) => expense.record.id === id)?.record;
      expect(record?.documentType, `expense ${id}`).toBe(10);
      await expectUi(rows.nth(index).locator('[data-left-to-pay]')).toHaveAttribute(
        'data-left-to-pay',
        leftToPay(record!),
      );
    }

    const withAttachments = rows.filter({ has: page.locator('[data-has-attachments]') }).first();
    expenseId = await withAttachments.evaluate((tr) => tr.getAttribute('data-expense-id') ?? '');
    await withAttachments.getByRole('rowheader').getByRole('link').click();
    await expectUi(page).toHaveURL(companyUrl('10001', 'expenses', expenseId));
    await expectUi(page.getByRole('heading', { level: 2, name: /Received invoice/ })).toBeVisible();
    const attachments = page
      .getByRole('region', { name: 'Attachments', exact: true })
      .locator('li[data-attachment-id]');
    await expectUi(attachments).toHaveCount(
      sandboxExpenses.find((expense) => expense.record.id === expenseId)!.attachments.length,
    );
    await screenshot(page, 'browse-08-expense');
    const opened = sandboxExpenses.find((expense) => expense.record.id === expenseId)!;
    await expectUi(page).toHaveTitle(titleOf(`Received invoice ${opened.record.documentNumber}`, COMPANY['10001']));

    // Paid and left to pay, beside the prices, as an invoice shows them.
    const prices = page.getByRole('region', { name: 'Amounts', exact: true });
    const total = opened.record.prices.documentPrices.totalPriceInclVat;
    const money = (amount: number) => formatMoney(amount, opened.record.prices.currency, 'en');
    const expected = { 0: [money(0), money(total)], 1: [money(total), money(0)], 2: [null, money(0)], 3: [null, null] }[
      opened.record.paymentStatus
    ];
    const [paid, left] = expected;
    if (paid === null && left === null)
      await expectUi(prices).toContainText('does not say how much of this document is paid');
    if (paid !== null) await expectUi(prices).toContainText(`Paid${paid}`);
    if (left !== null) await expectUi(prices).toContainText(`Left to pay${left}`);
  });

  it('downloads an attachment with exactly the bytes the service holds', async () => {
    const item = page
      .getByRole('region', { name: 'Attachments', exact: true })
      .locator('li[data-attachment-id]')
      .first();
    const attachmentId = await item.evaluate((li) => li.getAttribute('data-attachment-id') ?? '');
    const expected = sandboxAttachment('10001', env.today, expenseId, attachmentId);

    const { download: file, bytes } = await download(page, item.getByRole('link', { name: /^Download/ }));
    expect(bytes.length).toBe(expected.bytes.length);
    expect(bytes.equals(expected.bytes)).toBe(true);
    const magic = expected.contentType === 'image/png' ? '\x89PNG' : '%PDF';
    expect(bytes.subarray(0, 4).toString('latin1')).toBe(magic);
    expect(file.suggestedFilename()).toMatch(expected.contentType === 'image/png' ? /\.png$/ : /\.pdf$/);
  });

  it('refuses a company of another user with the 403 page, without asking the service about it', async () => {
    const response = await page.goto(companyUrl('10004', 'invoices'));
    expect(response!.status()).toBe(403);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('You have no access to this company');
    await expectUi(page).toHaveTitle(titleOf('You have no access to this company'));
    await screenshot(page, 'browse-09-foreign-company-403');
    await expectUi(page.locator('body')).not.toContainText(COMPANY['10004']);
    expect(env.sandbox.dataApi.requests().filter((request) => request.tenantId === '10004')).toEqual([]);
  });

  it('names the pages that say something is missing in their titles too', async () => {
    await page.goto(companyUrl('10001', 'invoices', '999999999'));
    await expectUi(page.locator('[data-not-found]')).toBeVisible();
    await expectUi(page).toHaveTitle(titleOf('Document not found', COMPANY['10001']));
    await page.goto(companyUrl('10001', 'nothing-here'));
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expectUi(page).toHaveTitle(titleOf('Page not found'));
    // Where sign-out lands and what answers without a session (the session itself is left alone by a visit).
    await page.goto(`${env.addon.url}/signed-out`);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('You are not signed in');
    await expectUi(page).toHaveTitle(titleOf('You are not signed in'));
  });
});

describe('between a click and the page', () => {
  afterEach(() => {
    env.sandbox.dataApi.clearFaults();
  });

  it('marks the clicked tab as on its way while KROS is slow to answer, and clears it when the page arrives', async () => {
    const { page } = await launchJana(await newContext(), ['10001', '10002']);
    await page.goto(companyUrl('10001'));
    await expectUi(page.getByRole('heading', { level: 1 })).toBeVisible();
    env.sandbox.dataApi.setFault('10001', { mode: 'slow', delayMs: 2_000, count: 1 });

    const tab = tabs(page).getByRole('link', { name: 'Invoices', exact: true });
    const mark = tab.locator('.link-pending');
    await expectUi(mark).toHaveCount(0);
    await tab.click();
    await expectUi(mark).toHaveCount(1);
    // The mark is no text: the link's name stays its words for a screen reader.
    await expectUi(tab).toHaveAccessibleName('Invoices');

    await expectUi(page).toHaveURL(companyUrl('10001', 'invoices'));
    await expectUi(tab).toHaveAttribute('aria-current', 'page');
    await expectUi(mark).toHaveCount(0);
  });
});

// These tests need company 10002's copy NOT to be ready: when the copy serves a list, by design no call reaches the
// service, so a fault set in the sandbox is never met. That is why the pending-mark test above slows 10001 instead.
describe('when the data API refuses a company', () => {
  afterEach(() => {
    env.sandbox.dataApi.clearFaults();
  });

  /** Jana, launched with both companies, opens the invoices of 10002 while the data API answers with the fault. */
  async function openInvoicesOf10002(): Promise<{ page: Page; context: BrowserContext; problem: Locator }> {
    const context = await newContext();
    const { page } = await launchJana(context, ['10001', '10002']);
    const response = await page.goto(companyUrl('10002', 'invoices'));
    // A page cannot set its status once it streams: the problem is told in the page, which itself answers 200.
    expect(response!.status()).toBe(200);
    const problem = page.locator('[data-problem]');
    await expectUi(problem).toBeVisible();
    return { page, context, problem };
  }

  it('explains that the connection was removed or reset and how to connect again, and shows it revoked on the overview', async () => {
    env.sandbox.dataApi.setFault('10002', { mode: 'unauthorized' });
    const { page, context, problem } = await openInvoicesOf10002();
    await screenshot(page, 'fault-unauthorized-invoices');

    await expectUi(problem).toHaveAttribute('data-problem', 'disconnected');
    await expectUi(problem.getByRole('heading')).toHaveText('The connection to KROS is not active');
    await expectUi(problem).toContainText('removed or reset');
    await expectUi(problem).toContainText('Connect the company again on its overview');
    await expectUi(problem).toContainText(
      'open the add-on again from the add-on store in KROS and choose this company',
    );
    await expectUi(problem.getByRole('link', { name: 'Try again' })).toHaveCount(0);

    // The service said the token is gone: the add-on remembers that, fault or not.
    env.sandbox.dataApi.clearFaults();
    await page.goto(companyUrl('10002'));
    const connection = page.getByRole('region', { name: 'Connection' });
    const state = connection.locator('[data-state]');
    await expectUi(state).toHaveAttribute('data-state', 'invalid');
    await screenshot(page, 'fault-unauthorized-overview');
    await expectUi(state).toHaveText('Access revoked');
    await expectUi(connection).toContainText('Connect the company again below');
    await expectUi(connection.locator('button[data-connect="consent"]')).toBeVisible();

    // A new launch delivers a new token and restores the connection.
    const { page: relaunched } = await launchJana(context, ['10001', '10002']);
    await relaunched.goto(companyUrl('10002'));
    await expectUi(relaunched.getByRole('region', { name: 'Connection' }).locator('[data-state]')).toHaveAttribute(
      'data-state',
      'connected',
    );
  });

  it('explains that the company lacks the API package', async () => {
    env.sandbox.dataApi.setFault('10002', { mode: 'payment-required' });
    const { page, problem } = await openInvoicesOf10002();
    await screenshot(page, 'fault-payment-required');

    await expectUi(problem).toHaveAttribute('data-problem', 'payment-required');
    await expectUi(problem.getByRole('heading')).toHaveText('The company has no API package');
    await expectUi(problem).toContainText('“Balík API” (API package)');
  });

  it('says the data could not be loaded and offers a retry link that works once the service is back', async () => {
    env.sandbox.dataApi.setFault('10002', { mode: 'server-error' });
    const { page, problem } = await openInvoicesOf10002();
    await screenshot(page, 'fault-server-error');

    await expectUi(problem).toHaveAttribute('data-problem', 'unavailable');
    await expectUi(problem.getByRole('heading')).toHaveText('The data could not be loaded');
    const retry = problem.getByRole('link', { name: 'Try again' });
    await expectUi(retry).toHaveAttribute('href', '/companies/10002/invoices');

    env.sandbox.dataApi.clearFaults();
    await retry.click();
    await expectUi(page).toHaveURL(companyUrl('10002', 'invoices'));
    await expectUi(await rowsOf(table(page, 'Invoices'))).not.toHaveCount(0);
    await expectUi(page.locator('[data-problem]')).toHaveCount(0);
  });

  it('says the service is busy and when to try again after a long retry-after', async () => {
    env.sandbox.dataApi.setFault('10002', { mode: 'rate-limited', retryAfterSeconds: 45 });
    const { page, problem } = await openInvoicesOf10002();
    await screenshot(page, 'fault-rate-limited');

    await expectUi(problem).toHaveAttribute('data-problem', 'busy');
    await expectUi(problem.getByRole('heading')).toHaveText('KROS is busy');
    const wait = problem.getByText(/Try again in \d+ s\./);
    await expectUi(wait).toBeVisible();
    const seconds = Number(
      /Try again in (\d+) s\./.exec(await wait.evaluate((element) => element.textContent ?? ''))?.[1],
    );
    // The wait the service announced, less the moments already spent: far more than the second of a plain queue.
    // (Its x-rate-limit-reset, in whole epoch seconds, may end up to a second after retry-after, and the first slot
    // after the pause keeps the budget's arrival margin: rounded up, at most two seconds more.)
    expect(seconds).toBeGreaterThan(20);
    expect(seconds).toBeLessThanOrEqual(47);
    await expectUi(problem.getByRole('link', { name: 'Try again' })).toHaveCount(1);
  });
});

describe('what the browsers were sent', () => {
  it('held no access token, session cookie, launch code or key in any page, RSC payload or header', async () => {
    // The clicks above were client-side navigations, but one cut by the next click cannot be read: a browser also
    // asks for the pages' payloads whole, as its router does.
    const { page } = await launchJana(await newContext(), ['10001', '10002']);
    const paths = ['', 'invoices', 'expenses'].map((tab) => `/companies/10001${tab && `/${tab}`}`);
    for (const answer of await readRscPayloads(page, paths))
      expect(answer.type, answer.path).toMatch(/^text\/x-component/);

    let htmlPages = 0;
    let rscPayloads = 0;
    const served: Served[] = [];
    for (const recorder of recorders) {
      const counts = await recorder.settled();
      htmlPages += counts.htmlPages;
      rscPayloads += counts.rscPayloads;
      served.push(...recorder.served);
    }
    expect(htmlPages, 'HTML pages read').toBeGreaterThan(10);
    expect(rscPayloads, 'RSC payloads read (client-side navigations)').toBeGreaterThan(0);
    expect(env.issuedTokens.length).toBeGreaterThan(0);

    const tokensAndKeys = [...named('access token', env.issuedTokens), ...named('add-on secret', env.addon.secrets)];
    expect(leaksIn(served, tokensAndKeys)).toEqual([]);
    // The cookie is in the callback's Set-Cookie and the code in the callback's address, by design; never in a body.
    const inBodies = served.map((item) => ({ ...item, headers: '' }));
    expect(leaksIn(inBodies, [...named('launch code or session cookie', handedOut)])).toEqual([]);
  });

  it('wrote no access token, cookie, launch code or key to the server’s output', () => {
    const output = env.addon.output();
    expect(output.includes(ACCESS_TOKEN_PREFIX), 'an access token in the server output').toBe(false);
    expect(leakedIntoServerOutput(output), 'remembered secrets in the server output').toBe(0);
  });
});
