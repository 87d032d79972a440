import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as paymentsCsv, HEAD as paymentsCsvHead } from '@/app/companies/[tenantId]/payments/export.csv/route';
import { GET as paymentsXlsx } from '@/app/companies/[tenantId]/payments/export.xlsx/route';
import { companyToday } from '@/lib/base/calendar';
import { mirrorPaymentView, parsePaymentView } from '@/lib/features/money/payment-view';
import { paymentAccountsOf } from '@/lib/features/money/queries/accounts';
import { iteratePayments, totalsOfPayments } from '@/lib/features/money/queries/payments';
import { syncMirror } from '@/lib/owners/mirror/run';
import { getDb } from '@/lib/platform/db/client';
import { mirrorCompanies } from '@/lib/platform/db/schema';
import { resetEnvForTests } from '@/lib/platform/env';

import { csvRows, documentRows, sheetValues, totalRows, xlsxSheet } from '../mirror/export-fixture';
import { PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, get, signIn, startCompanyFixture } from '../support/company';

/**
 * The payments' exports (GET /companies/{id}/payments/export.csv and .xlsx), called as Next calls them: through the
 * company's door (401 without a session, 403 for a company outside it, before anything is read), from the company's
 * copy only (not ready before its payments were read whole or with MIRROR_SYNC off; never once stopped; 404 while the
 * service refuses the payments' list), every payment of the list's view in its order, ending with its totals per
 * currency; an invalid view is 400 and nothing is exported.
 */
let fixture: CompanyFixture;
let cookie: string;
const company = { pluginId: PLUGIN_ID, tenantId: '10001' };

beforeAll(async () => {
  process.env.MIRROR_SYNC = 'on';
  fixture = await startCompanyFixture();
  cookie = await signIn(fixture, { tenantIds: ['10001', '10002'] });
});
afterAll(async () => {
  delete process.env.MIRROR_SYNC;
  resetEnvForTests();
  await fixture.stop();
});

type Handler = typeof paymentsCsv;
const exportOf = (handler: Handler, query = '', headers: Record<string, string> = {}, tenantId = '10001') =>
  get(
    handler,
    `/companies/${tenantId}/payments/export.${handler === paymentsCsv ? 'csv' : 'xlsx'}${query ? `?${query}` : ''}`,
    { tenantId },
    { cookie, 'accept-language': 'sk', ...headers },
  );
const json = { accept: 'application/json' };

/** The payments of the list view an address's query names, in the list's order. */
async function listed(query: string) {
  const view = parsePaymentView(Object.fromEntries(new URLSearchParams(query)));
  if (!view.ok) throw new Error('invalid test view');
  const { top: _top, skip: _skip, ...listView } = mirrorPaymentView(view);
  const all = [];
  for await (const batch of iteratePayments(await getDb(), company, listView)) all.push(...batch);
  return { payments: all, totals: await totalsOfPayments(await getDb(), company, listView) };
}

describe('before the company’s payments were copied', () => {
  it('answers 401 without a session and 403 for a company outside the session, before anything else', async () => {
    const anonymous = await get(paymentsCsv, '/companies/10001/payments/export.csv', { tenantId: '10001' }, json);
    expect(anonymous.status).toBe(401);
    expect((await exportOf(paymentsCsv, '', json, '10003')).status).toBe(403);
    expect((await exportOf(paymentsXlsx, 'PaymentDateFrom=nonsense', json, '10003')).status).toBe(403);
  });

  it('answers 409 not_ready: the company’s page with the way back to the payments, or JSON for a script', async () => {
    const page = await exportOf(paymentsCsv);
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain('Export ešte nie je pripravený');
    expect(html).toContain('href="/companies/10001/payments"');
    expect(html).toContain('← Platby');
    const script = await exportOf(paymentsXlsx, '', json);
    expect(script.status).toBe(409);
    expect(((await script.json()) as { error: { code: string } }).error.code).toBe('not_ready');
  });
});

describe('once the payments are copied', () => {
  beforeAll(async () => {
    await syncMirror(await getDb(), company, 'full');
  }, 120_000);

  const today = () => companyToday(new Date());

  it('streams every payment of the view (filter, search, sort; not the page) as CSV, then its totals per currency', async () => {
    const accounts = (await paymentAccountsOf(await getDb(), company))!;
    expect(accounts.length).toBeGreaterThan(0);
    const all = await listed('');
    expect(all.payments.length).toBeGreaterThan(25);
    const account = all.payments[0]!.accountId!;
    const query = `AccountId=${account}&sort=-amount&Top=25&Skip=25`;
    const response = await exportOf(paymentsCsv, query);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="platby-Company-10001-${today()}.csv"; ` +
        `filename*=UTF-8''platby-Company%2010001-${today()}.csv`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const rows = csvRows(Buffer.from(await response.arrayBuffer()), ';');
    expect(rows[0]).toEqual([
      'Dátum platby',
      'Suma',
      'Mena',
      'Účet',
      'IBAN účtu',
      'Partner',
      'IBAN partnera',
      'Variabilný symbol',
      'Referencia',
      'Uhradené doklady',
      'Externé ID',
    ]);
    const expected = await listed(query);
    expect(expected.payments.length).toBeGreaterThan(0);
    expect(expected.payments.length).toBeLessThan(all.payments.length);
    const body = documentRows(rows);
    expect(body.map((row) => row[7])).toEqual(expected.payments.map((payment) => payment.variableSymbol ?? ''));
    // Slovak days and decimal commas; the account by its name.
    const name = accounts.find((each) => each.id === account)!.name!;
    for (const row of body) {
      expect(row[0]).toMatch(/^\d{1,2}\. \d{1,2}\. \d{4}$/);
      expect(row[1]).toMatch(/^-?\d+,\d{2,}$/);
      expect(row[3]).toBe(name);
    }
    const totals = totalRows(rows);
    expect(totals[0]![0]).toMatch(new RegExp(`^Spolu: ${expected.totals.count} plat`));
    expect(totals.slice(1).map((row) => [row[1], row[2]])).toEqual(
      expected.totals.byCurrency.map((each) => [each.sum.replace('.', ','), each.currency]),
    );
  });

  it('answers XLSX in English with typed cells, a search too', async () => {
    const { payments } = await listed('');
    const partner = payments.find((payment) => payment.partnerName)!.partnerName!.split(' ')[0]!;
    const query = `q=${encodeURIComponent(partner)}&sort=partner`;
    const response = await exportOf(paymentsXlsx, query, { 'accept-language': 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename="payments-Company-10001-${today()}.xlsx"`);
    const values = sheetValues(await xlsxSheet(Buffer.from(await response.arrayBuffer())));
    expect(values[0]!.slice(0, 3)).toEqual(['Payment date', 'Amount', 'Currency']);
    const expected = await listed(query);
    const body = documentRows(values);
    expect(body.map((row) => row[5])).toEqual(expected.payments.map((payment) => payment.partnerName));
    for (const row of body) {
      expect(row[0]).toBeInstanceOf(Date);
      expect(typeof row[1]).toBe('number');
    }
    expect(totalRows(values)[0]![0]).toMatch(/^Total: \d+ payments?$/);
  });

  it('refuses an invalid view with 400 and exports nothing', async () => {
    for (const query of [
      'PaymentDateFrom=yesterday',
      'PaymentDateFrom=2026-02-30',
      'PaymentDateFrom=2026-11-02&PaymentDateTo=2026-11-01',
      'AccountId=abc',
      'AccountId=-1',
      'Top=7',
      'Skip=-1',
      `q=${'x'.repeat(101)}`,
    ]) {
      const response = await exportOf(paymentsCsv, query, json);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'bad_request', message: 'The request is malformed.' } });
    }
    const page = await exportOf(paymentsXlsx, 'AccountId=abc');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-disposition')).toBeNull();
  });

  it('answers HEAD with 405', () => {
    expect(paymentsCsvHead().status).toBe(405);
  });

  it('is not ready while MIRROR_SYNC is off', async () => {
    process.env.MIRROR_SYNC = 'off';
    resetEnvForTests();
    try {
      const response = await exportOf(paymentsCsv, '', json);
      expect(response.status).toBe(409);
    } finally {
      process.env.MIRROR_SYNC = 'on';
      resetEnvForTests();
    }
  });

  it('never serves a copy stopped by the service’s refusal, and says a refused payments’ list is not there', async () => {
    const db = await getDb();
    const row = and(eq(mirrorCompanies.pluginId, PLUGIN_ID), eq(mirrorCompanies.tenantId, '10001'));
    const [before] = await db.select({ progress: mirrorCompanies.progress }).from(mirrorCompanies).where(row);
    await db.update(mirrorCompanies).set({ status: 'stopped' }).where(row);
    try {
      const stopped = await exportOf(paymentsCsv, '', json);
      expect(stopped.status).toBe(403);
      expect(((await stopped.json()) as { error: { code: string } }).error.code).toBe('connection_inactive');
    } finally {
      await db.update(mirrorCompanies).set({ status: 'ready' }).where(row);
    }
    const progress = before!.progress as Record<string, Record<string, unknown>>;
    await db
      .update(mirrorCompanies)
      .set({ progress: { ...progress, payments: { ...progress.payments, refused: 'forbidden' } } })
      .where(row);
    try {
      const refused = await exportOf(paymentsCsv, '', json);
      expect(refused.status).toBe(404);
    } finally {
      await db.update(mirrorCompanies).set({ progress }).where(row);
    }
    expect((await exportOf(paymentsCsv, '', json)).status).toBe(200);
  });
});
