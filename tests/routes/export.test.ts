import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as deliveryNotesXlsx } from '@/app/companies/[tenantId]/delivery-notes/export.xlsx/route';
import { GET as expensesCsv } from '@/app/companies/[tenantId]/expenses/export.csv/route';
import { GET as invoicesCsv, HEAD as invoicesCsvHead } from '@/app/companies/[tenantId]/invoices/export.csv/route';
import { GET as invoicesXlsx } from '@/app/companies/[tenantId]/invoices/export.xlsx/route';
import { companyToday } from '@/lib/base/calendar';
import { mirrorViewOf } from '@/lib/features/documents/mirror-view';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { syncMirror } from '@/lib/owners/mirror/run';
import { getDb } from '@/lib/platform/db/client';
import { mirrorCompanies } from '@/lib/platform/db/schema';
import { resetEnvForTests } from '@/lib/platform/env';
import { parseListView } from '@/lib/service/records/list-view';
import { creditsThePartner } from '@/lib/service/records/overdue';

import { csvRows, documentRows, sheetValues, xlsxSheet } from '../mirror/export-fixture';
import { everyMirrored } from '../mirror/query-fixture';
import { BASE, PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, get, signIn, startCompanyFixture } from '../support/company';

/**
 * The list exports (GET /companies/{id}/invoices/export.csv and .xlsx, the same under expenses and delivery notes),
 * called as Next calls them: through the company's door, from the company's mirror only (not ready before its first
 * full sync or with MIRROR_SYNC off, never served once stopped), every row of the list's view as a download named
 * after the company and the day; an invalid view is refused with nothing exported.
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

type Handler = typeof invoicesCsv;
const exportOf = (handler: Handler, path: string, headers: Record<string, string> = {}, tenantId = '10001') =>
  get(handler, `/companies/${tenantId}/${path}`, { tenantId }, { cookie, 'accept-language': 'sk', ...headers });
const json = { accept: 'application/json' };

/** The records of the list view an address's query names, in the list's order. */
async function listed(kind: DocumentKind, query: string) {
  const view = parseListView(kind, Object.fromEntries(new URLSearchParams(query)));
  if (!view.ok) throw new Error('invalid test view');
  const { top: _top, skip: _skip, ...listView } = mirrorViewOf(view);
  return everyMirrored(await getDb(), company, kind, listView);
}

describe('before the company’s mirror had its first full sync', () => {
  it('answers 409 not_ready: the company’s page in the user’s language, or the one error shape for a script', async () => {
    const page = await exportOf(invoicesCsv, 'invoices/export.csv');
    expect(page.status).toBe(409);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Export ešte nie je pripravený');
    expect(html).toContain('Company 10001');
    expect(html).toContain('href="/companies/10001/invoices"');
    const script = await exportOf(invoicesXlsx, 'invoices/export.xlsx', json);
    expect(script.status).toBe(409);
    expect(await script.json()).toEqual({
      error: { code: 'not_ready', message: 'This is not ready yet. Try again later.' },
    });
  });

  it('answers 401 without a session and 403 for a company outside the session', async () => {
    const anonymous = await get(invoicesCsv, '/companies/10001/invoices/export.csv', { tenantId: '10001' }, json);
    expect(anonymous.status).toBe(401);
    expect((await exportOf(invoicesCsv, 'invoices/export.csv', json, '10003')).status).toBe(403);
  });
});

describe('once the mirror is ready', () => {
  beforeAll(async () => {
    await syncMirror(await getDb(), company, 'full');
  }, 120_000);

  const today = () => companyToday(new Date());

  it('streams every row of the view (search, filter, sort) as CSV, named after the company and the day', async () => {
    const query = 'q=s.r.o&PaymentStatus=0&sort=-total&Top=25&Skip=25';
    const response = await exportOf(invoicesCsv, `invoices/export.csv?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="faktury-Company-10001-${today()}.csv"; ` +
        `filename*=UTF-8''fakt%C3%BAry-Company%2010001-${today()}.csv`,
    );
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'self'");
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const rows = csvRows(Buffer.from(await response.arrayBuffer()), ';');
    const expected = await listed('invoices', query);
    // Not the page (Top, Skip): every row of the view.
    expect(expected.length).toBeGreaterThan(25);
    expect(documentRows(rows).map((row) => row[0])).toEqual(expected.map((record) => record.documentNumber));
  });

  it('answers XLSX in English for an English browser, and the other lists too', async () => {
    const response = await exportOf(invoicesXlsx, 'invoices/export.xlsx?DueDateStatus=2', { 'accept-language': 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toContain(`filename="invoices-Company-10001-${today()}.xlsx"`);
    const sheet = await xlsxSheet(Buffer.from(await response.arrayBuffer()));
    const values = sheetValues(sheet);
    expect(values[0]![0]).toBe('Document number');
    const overdue = await listed('invoices', 'DueDateStatus=2');
    expect(documentRows(values).map((row) => row[0])).toEqual(overdue.map((record) => record.documentNumber));
    // Days overdue for each invoice of the service's overdue filter, and none for a credit note, which is never overdue.
    const credit = new Set(
      overdue.filter((record) => creditsThePartner(record)).map((record) => record.documentNumber),
    );
    for (const row of documentRows(values)) {
      const number = row[0] as string;
      if (credit.has(number)) expect(row[14] ?? null, number).toBeNull();
      else expect(typeof row[14] === 'number' && row[14] > 0, number).toBe(true);
    }

    const expenses = await exportOf(expensesCsv, 'expenses/export.csv');
    expect(documentRows(csvRows(Buffer.from(await expenses.arrayBuffer()), ';'))).toHaveLength(
      (await listed('expenses', '')).length,
    );
    const notes = await exportOf(deliveryNotesXlsx, 'delivery-notes/export.xlsx');
    expect(notes.headers.get('content-disposition')).toContain('filename="dodacie-listy-Company-10001-');
    const noteRows = sheetValues(await xlsxSheet(Buffer.from(await notes.arrayBuffer())));
    expect(documentRows(noteRows)).toHaveLength((await listed('deliveryNotes', '')).length);
  });

  it('streams at most two exports of a session at once: a third is 429 with Retry-After until one ends', async () => {
    const started = [
      await exportOf(invoicesXlsx, 'invoices/export.xlsx'),
      await exportOf(invoicesCsv, 'invoices/export.csv'),
    ];
    expect(started.map((response) => response.status)).toEqual([200, 200]);

    const refused = await exportOf(expensesCsv, 'expenses/export.csv', json);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.headers.get('content-disposition')).toBeNull();
    expect(await refused.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Try again later.' },
    });
    // A person gets the company's page saying why, in their language (not that the service is busy).
    const page = await exportOf(invoicesCsv, 'invoices/export.csv');
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toBe('5');
    const html = await page.text();
    expect(html).toContain('Už sa sťahujú dva exporty');
    expect(html).toContain('Skúste to znova o 5 s');
    expect(html).not.toContain('Fakturácia je zaneprázdnená');
    const english = await (await exportOf(invoicesCsv, 'invoices/export.csv', { 'accept-language': 'en' })).text();
    expect(english).toContain('Two exports are already downloading');

    // Another session of the same user is counted apart.
    const other = await signIn(fixture, { tenantIds: ['10001'] });
    const elsewhere = await exportOf(invoicesCsv, 'invoices/export.csv', { cookie: other });
    expect(elsewhere.status).toBe(200);
    await elsewhere.body!.cancel();

    // A download read to its end gives its place back; so does one the reader cancels.
    expect(documentRows(csvRows(Buffer.from(await started[1]!.arrayBuffer()), ';')).length).toBeGreaterThan(0);
    const third = await exportOf(invoicesCsv, 'invoices/export.csv');
    expect(third.status).toBe(200);
    expect((await exportOf(invoicesCsv, 'invoices/export.csv', json)).status).toBe(429);
    await started[0]!.body!.cancel();
    await third.body!.cancel();
    const again = await Promise.all([
      exportOf(invoicesXlsx, 'invoices/export.xlsx'),
      exportOf(deliveryNotesXlsx, 'delivery-notes/export.xlsx'),
    ]);
    expect(again.map((response) => response.status)).toEqual([200, 200]);
    await Promise.all(again.map((response) => response.arrayBuffer()));
  });

  it('gives the place back when the request is aborted before its body is read', async () => {
    const controller = new AbortController();
    const request = (signal?: AbortSignal) =>
      invoicesCsv(
        new Request(`${BASE}/companies/10001/invoices/export.csv`, {
          headers: { cookie, 'accept-language': 'sk', ...json },
          signal,
        }),
        { params: Promise.resolve({ tenantId: '10001' }) },
      );
    const held = [await request(controller.signal), await request()];
    expect(held.map((response) => response.status)).toEqual([200, 200]);
    expect((await request()).status).toBe(429);
    controller.abort();
    const after = await request();
    expect(after.status).toBe(200);
    await Promise.all([...held, after].map((response) => response.body!.cancel()));
  });

  it('refuses an invalid view with 400 and exports nothing', async () => {
    for (const query of ['IssueDateFrom=yesterday', 'Top=7', 'PaymentStatus=5', `q=${'x'.repeat(101)}`]) {
      const response = await exportOf(invoicesCsv, `invoices/export.csv?${query}`, json);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'bad_request', message: 'The request is malformed.' } });
    }
    const page = await exportOf(invoicesCsv, 'invoices/export.csv?IssueDateFrom=yesterday');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-disposition')).toBeNull();
  });

  it('answers HEAD with 405 (nothing is read for a HEAD)', () => {
    expect(invoicesCsvHead().status).toBe(405);
  });

  it('is not ready while MIRROR_SYNC is off', async () => {
    process.env.MIRROR_SYNC = 'off';
    resetEnvForTests();
    try {
      const response = await exportOf(invoicesCsv, 'invoices/export.csv', json);
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_ready');
    } finally {
      process.env.MIRROR_SYNC = 'on';
      resetEnvForTests();
    }
  });

  it('never serves a mirror stopped because the service refused the company’s token', async () => {
    const db = await getDb();
    const row = and(eq(mirrorCompanies.pluginId, PLUGIN_ID), eq(mirrorCompanies.tenantId, '10001'));
    await db.update(mirrorCompanies).set({ status: 'stopped' }).where(row);
    try {
      const response = await exportOf(invoicesCsv, 'invoices/export.csv', json);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('connection_inactive');
      const page = await exportOf(invoicesXlsx, 'invoices/export.xlsx');
      expect(page.status).toBe(403);
      expect(await page.text()).toContain('Pripojenie k Fakturácii nie je aktívne');
    } finally {
      await db.update(mirrorCompanies).set({ status: 'ready' }).where(row);
    }
  });
});
