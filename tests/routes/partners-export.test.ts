import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as statementCsv } from '@/app/companies/[tenantId]/partners/[partnerKey]/export.csv/route';
import { GET as statementXlsx } from '@/app/companies/[tenantId]/partners/[partnerKey]/export.xlsx/route';
import { GET as partnersCsv } from '@/app/companies/[tenantId]/partners/export.csv/route';
import { GET as partnersXlsx, HEAD as partnersXlsxHead } from '@/app/companies/[tenantId]/partners/export.xlsx/route';
import { companyToday } from '@/lib/base/calendar';
import { partnersOf } from '@/lib/features/partners/queries/partners';
import { statementOf } from '@/lib/features/partners/queries/statement';
import { syncMirror } from '@/lib/owners/mirror/run';
import { getDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';

import { csvRows, documentRows, sheetValues, totalRows, xlsxSheet } from '../mirror/export-fixture';
import { PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, get, signIn, startCompanyFixture } from '../support/company';

/**
 * The partners list's export and a partner's statement as files (GET /companies/{id}/partners/export.csv and .xlsx,
 * …/partners/{partnerKey}/export.csv and .xlsx), called as Next calls them: through the company's door (401, 403 for
 * a company outside the session), from the company's mirror only (409 before its invoices and expenses are copied),
 * every partner of the view or every line of the statement, then the totals; an invalid view or an unknown partner is
 * refused with nothing exported.
 */
let fixture: CompanyFixture;
let cookie: string;
const company = { pluginId: PLUGIN_ID, tenantId: '10001' };
const json = { accept: 'application/json' };

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

type Handler = typeof partnersCsv;
const fetchOf = (
  handler: Handler,
  path: string,
  params: { partnerKey?: string } = {},
  headers: Record<string, string> = {},
  tenantId = '10001',
) =>
  get(
    handler,
    `/companies/${tenantId}/partners/${path}`,
    { tenantId, ...params },
    {
      cookie,
      'accept-language': 'sk',
      ...headers,
    },
  );
const today = () => companyToday(new Date());

describe('before the company’s invoices and expenses are copied', () => {
  it('answers 409 not_ready, the company’s page with the way back to the partners, or JSON for a script', async () => {
    const page = await fetchOf(partnersCsv, 'export.csv');
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain('Export ešte nie je pripravený');
    expect(html).toContain('href="/companies/10001/partners"');
    const script = await fetchOf(statementXlsx, 'ico%3A12345678/export.xlsx', { partnerKey: 'ico%3A12345678' }, json);
    expect(script.status).toBe(409);
    expect(((await script.json()) as { error: { code: string } }).error.code).toBe('not_ready');
  });

  it('answers 401 without a session and 403 for a company outside the session, before any work', async () => {
    const anonymous = await get(partnersCsv, '/companies/10001/partners/export.csv', { tenantId: '10001' }, json);
    expect(anonymous.status).toBe(401);
    expect((await fetchOf(partnersCsv, 'export.csv', {}, json, '10003')).status).toBe(403);
    const foreign = await fetchOf(statementCsv, 'ico%3A1/export.csv', { partnerKey: 'ico:12345678' }, json, '10003');
    expect(foreign.status).toBe(403);
  });
});

describe('once the copy is ready', () => {
  beforeAll(async () => {
    await syncMirror(await getDb(), company, 'full');
  }, 120_000);

  it('exports every partner of the view (search, order; not the page), then the totals', async () => {
    const response = await fetchOf(partnersCsv, 'export.csv?sort=-receivables&Top=25&Skip=25');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="partneri-Company-10001-${today()}.csv"; ` +
        `filename*=UTF-8''partneri-Company%2010001-${today()}.csv`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const rows = csvRows(Buffer.from(await response.arrayBuffer()), ';');
    expect(rows[0]!.slice(0, 3)).toEqual(['Partner', 'IČO', 'Kľúč partnera']);
    const expected = await partnersOf(await getDb(), company, {
      sort: { key: 'receivables', descending: true },
      top: null,
      skip: 0,
      today: today(),
    });
    expect(expected.partners.length).toBeGreaterThan(25);
    expect(documentRows(rows).map((row) => row[2])).toEqual(expected.partners.map((partner) => partner.key));
    // Slovak amounts with a decimal comma, exactly as summed.
    const [total] = totalRows(rows);
    expect(total![0]).toMatch(/^Spolu: \d+ partner/);
    expect(total![5]).toBe(expected.totals.receivables.replace('.', ','));
  });

  it('exports a partner’s statement: its lines in order with the running balance, then each currency’s totals', async () => {
    const db = await getDb();
    const [partner] = (
      await partnersOf(db, company, { sort: { key: 'receivables', descending: true }, top: 1, skip: 0, today: today() })
    ).partners;
    const segment = encodeURIComponent(partner!.key);
    const response = await fetchOf(
      statementXlsx,
      `${segment}/export.xlsx`,
      { partnerKey: segment },
      { 'accept-language': 'en' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="statement-.+-Company-10001-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const values = sheetValues(await xlsxSheet(Buffer.from(await response.arrayBuffer())));
    expect(values[0]).toEqual([
      'Currency',
      'Date',
      'Document',
      'Type',
      'Due',
      'Days overdue',
      'Left to pay',
      'Debit',
      'Credit',
      'Balance',
    ]);
    const statement = await statementOf(db, company, partner!.key, today());
    const lines = documentRows(values);
    expect(lines.map((row) => row[2])).toEqual(statement.lines.map((line) => line.documentNumber));
    expect(lines.map((row) => row[9])).toEqual(statement.lines.map((line) => Number(line.balance)));
    const totals = totalRows(values);
    const eur = statement.currencies[0]!;
    expect(totals[0]!.slice(0, 4)).toEqual([eur.currency, null, null, `Total in ${eur.currency}`]);
    expect(totals[0]!.slice(7)).toEqual([Number(eur.debit), Number(eur.credit), Number(eur.balance)]);
    // The closing balance is what is left to pay on the partner's invoices less that on its expenses.
    expect(Number(eur.balance)).toBeCloseTo(Number(eur.receivables) - Number(eur.payables), 6);

    // The same as CSV, the key as Next may hand it over, decoded.
    const csv = await fetchOf(statementCsv, `${segment}/export.csv`, { partnerKey: partner!.key });
    expect(csv.status).toBe(200);
    expect(documentRows(csvRows(Buffer.from(await csv.arrayBuffer()), ';'))).toHaveLength(statement.lines.length);
  });

  it('answers 404 for a partner none of the company’s documents names, or a key that cannot be one', async () => {
    for (const key of ['ico%3A00000001', 'name%3Anikto', 'nobody', 'ico%3Aabc', '%E0%A4%A']) {
      const response = await fetchOf(statementCsv, `${key}/export.csv`, { partnerKey: key }, json);
      expect(response.status, key).toBe(404);
      expect(response.headers.get('content-disposition')).toBeNull();
    }
    const page = await fetchOf(statementCsv, 'ico%3A00000001/export.csv', { partnerKey: 'ico%3A00000001' });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('href="/companies/10001/partners/ico%3A00000001"');
  });

  it('refuses an invalid view with 400 and exports nothing', async () => {
    for (const query of ['sort=total', 'sort=--name', 'Top=7', 'Skip=-1', `q=${'x'.repeat(101)}`, 'q=%E2%80%AEabc']) {
      const response = await fetchOf(partnersXlsx, `export.xlsx?${query}`, {}, json);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'bad_request', message: 'The request is malformed.' } });
    }
  });

  it('answers HEAD with 405', () => {
    expect(partnersXlsxHead().status).toBe(405);
  });
});
