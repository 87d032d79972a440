import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as stockCsv } from '@/app/companies/[tenantId]/stock/export.csv/route';
import { GET as stockXlsx, HEAD as stockXlsxHead } from '@/app/companies/[tenantId]/stock/export.xlsx/route';
import { GET as minimumsGet, POST as postMinimum } from '@/app/companies/[tenantId]/stock/minimums/route';
import { companyToday } from '@/lib/base/calendar';
import { listStock, mirroredWarehouses } from '@/lib/features/stock/queries/stock';
import { syncMirror } from '@/lib/owners/mirror/run';
import { minimumsOf } from '@/lib/owners/stock/minimums';
import { getDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';

import { csvRows, documentRows, sheetValues, xlsxSheet } from '../mirror/export-fixture';
import { PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, get, JANA, postCompanyForm, signIn, startCompanyFixture } from '../support/company';

/**
 * The stock's addresses, called as Next calls them (contract.md, "Money and stock"): `POST …/stock/minimums` (our own
 * pages only, the session's company only, 303 back to the stock page in its view with what happened; bad input stores
 * nothing), and the stock's exports (`…/stock/export.csv`, `…/export.xlsx`: every item of the view, from the copy).
 */
let fixture: CompanyFixture;
let cookie: string;
const company = { pluginId: PLUGIN_ID, tenantId: '10001' };
let itemCode: string;
let warehouse: string;

beforeAll(async () => {
  process.env.MIRROR_SYNC = 'on';
  resetEnvForTests();
  fixture = await startCompanyFixture();
  cookie = await signIn(fixture, { tenantIds: ['10001', '10002'] });
}, 60_000);
afterAll(async () => {
  delete process.env.MIRROR_SYNC;
  resetEnvForTests();
  await fixture.stop();
});

const post = (fields: Record<string, string>, headers: Record<string, string> = { cookie }, tenantId = '10001') =>
  postCompanyForm(
    postMinimum,
    `/companies/${tenantId}/stock/minimums`,
    tenantId,
    new URLSearchParams(fields).toString(),
    headers,
  );
const stored = async () =>
  (await minimumsOf(await getDb(), company)).map(({ itemCode, warehouse, minimum, setBy }) => ({
    itemCode,
    warehouse,
    minimum,
    setBy,
  }));
const json = { accept: 'application/json' };
const exportOf = (handler: typeof stockCsv, query = '', headers: Record<string, string> = {}, tenantId = '10001') =>
  get(
    handler,
    `/companies/${tenantId}/stock/export.csv${query}`,
    { tenantId },
    {
      cookie,
      'accept-language': 'sk',
      ...headers,
    },
  );

describe('before the company’s catalog items are copied', () => {
  it('the export is not ready (409): the company’s page in the user’s language, or the one error shape', async () => {
    const page = await exportOf(stockCsv);
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain('Export ešte nie je pripravený');
    expect(html).toContain('Company 10001');
    expect(html).toContain('href="/companies/10001/stock"');
    expect(html).toContain('Späť na sklad');
    const script = await exportOf(stockCsv, '', json);
    expect(script.status).toBe(409);
    expect(await script.json()).toEqual({
      error: { code: 'not_ready', message: 'This is not ready yet. Try again later.' },
    });
  });
});

describe('once the company’s mirror holds its catalog items', () => {
  beforeAll(async () => {
    await syncMirror(await getDb(), company, 'full');
    const db = await getDb();
    const { rows } = await listStock(db, company, { minimums: [] });
    itemCode = rows[0]!.itemCode;
    warehouse = (await mirroredWarehouses(db, company))![0]!.code;
  }, 120_000);

  it('sets a minimum as the session’s user and answers 303 back to the stock page in its view', async () => {
    const back = '/companies/10001/stock?q=chlieb&sort=-quantity&Top=50';
    const response = await post({ itemCode, warehouse, minimum: '12,5', back });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, 'http://x.invalid');
    expect(location.pathname).toBe('/companies/10001/stock');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      q: 'chlieb',
      sort: '-quantity',
      Top: '50',
      minimum: 'saved',
      minimumItem: itemCode,
      minimumWarehouse: warehouse,
    });
    expect(location.hash).toBe('');
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(await stored()).toEqual([{ itemCode, warehouse, minimum: '12.5', setBy: JANA }]);

    // For all warehouses together (no warehouse), and replaced.
    expect((await post({ itemCode, minimum: '3', back })).status).toBe(303);
    expect((await post({ itemCode, warehouse: '', minimum: '4', back })).status).toBe(303);
    expect(await stored()).toEqual([
      { itemCode, warehouse: '', minimum: '4', setBy: JANA },
      { itemCode, warehouse, minimum: '12.5', setBy: JANA },
    ]);
  });

  it('removes a minimum when the field is empty', async () => {
    const response = await post({ itemCode, warehouse: '', minimum: '', back: '/companies/10001/stock' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `/companies/10001/stock?minimum=removed&minimumItem=${encodeURIComponent(itemCode)}`,
    );
    expect((await stored()).map((each) => each.warehouse)).toEqual([warehouse]);
  });

  it('explains bad input back on the page, with what was typed, and stores nothing', async () => {
    const before = await stored();
    const back = '/companies/10001/stock?warehouse=' + warehouse;
    for (const [fields, result] of [
      [{ itemCode, warehouse, minimum: '-1' }, 'minimum-invalid'],
      [{ itemCode, warehouse, minimum: 'veľa' }, 'minimum-invalid'],
      [{ itemCode, warehouse, minimum: '1.23456' }, 'minimum-invalid'],
      [{ itemCode: 'NIE-JE-V-KATALOGU', minimum: '1' }, 'item-unknown'],
      [{ itemCode, warehouse: 'NIKDE', minimum: '1' }, 'warehouse-unknown'],
      [{ itemCode: '', minimum: '1' }, 'item-missing'],
      [{ minimum: '1' }, 'item-missing'],
    ] as const) {
      const response = await post({ ...fields, back });
      expect(response.status, JSON.stringify(fields)).toBe(303);
      const location = new URL(response.headers.get('location')!, 'http://x.invalid');
      expect(location.pathname).toBe('/companies/10001/stock');
      expect(location.searchParams.get('warehouse')).toBe(warehouse);
      expect(location.searchParams.get('minimum'), JSON.stringify(fields)).toBe(result);
      if (result === 'minimum-invalid') expect(location.searchParams.get('minimumValue')).toBe(fields.minimum);
    }
    expect(await stored()).toEqual(before);
  });

  it('goes back only to the company’s stock page, dropping an earlier outcome from the view', async () => {
    for (const back of [
      'https://evil.example/companies/10001/stock',
      '//evil.example/companies/10001/stock',
      '/companies/10002/stock',
      '/companies/10001/invoices',
      '/companies/10001/stock/export.csv',
      '/companies/10001/stock/../invoices',
      '',
    ]) {
      const response = await post({ itemCode, warehouse, minimum: '2', back });
      expect(response.headers.get('location'), back).toMatch(/^\/companies\/10001\/stock\?minimum=saved&/);
    }
    const again = await post({
      itemCode,
      warehouse,
      minimum: 'x',
      back: '/companies/10001/stock?below=1&minimum=saved&minimumItem=OLD&minimumValue=9',
    });
    const location = new URL(again.headers.get('location')!, 'http://x.invalid');
    expect([...location.searchParams.keys()]).toEqual([
      'below',
      'minimum',
      'minimumItem',
      'minimumWarehouse',
      'minimumValue',
    ]);
    expect(location.searchParams.get('minimumItem')).toBe(itemCode);
    expect(location.searchParams.get('minimumValue')).toBe('x');
  });

  it('refuses another site’s form and a company outside the session (403), no session (401), storing nothing', async () => {
    const before = await stored();
    const fields = { itemCode, warehouse, minimum: '999', back: '/companies/10001/stock' };
    const crossSite = await post(fields, { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('location')).toBeNull();
    const framedSite = await post(fields, { cookie, origin: 'https://evil.example' });
    expect(framedSite.status).toBe(403);
    const foreign = await post({ ...fields, back: '/companies/10003/stock' }, { cookie }, '10003');
    expect(foreign.status).toBe(403);
    expect((await post(fields, {})).status).toBe(401);
    expect(await stored()).toEqual(before);
    // Nor is anything stored for the company outside the session.
    expect(await minimumsOf(await getDb(), { ...company, tenantId: '10003' })).toEqual([]);
  });

  it('takes POST only', async () => {
    const response = await get(
      async () => minimumsGet(),
      '/companies/10001/stock/minimums',
      { tenantId: '10001' },
      { cookie },
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('exports every item of the view as CSV in Slovak, named after the company and the day', async () => {
    const db = await getDb();
    const everything = await listStock(db, company, { minimums: await minimumsOf(db, company), top: 100 });
    const response = await exportOf(stockCsv, '?Top=25&Skip=25');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = companyToday(new Date());
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="sklad-Company-10001-${today}.csv"; filename*=UTF-8''sklad-Company%2010001-${today}.csv`,
    );
    const rows = csvRows(Buffer.from(await response.arrayBuffer()), ';');
    expect(rows[0]!.slice(0, 5)).toEqual(['Kód', 'Názov', 'EAN', 'MJ', 'Množstvo spolu']);
    // Not a page: every item, in the page's order, the quantities as the copy holds them (decimal comma).
    const items = documentRows(rows);
    expect(items.map((row) => row[0])).toEqual(everything.rows.map((row) => row.itemCode));
    expect(items.map((row) => row[4])).toEqual(everything.rows.map((row) => row.quantity.replace('.', ',')));
    const marked = items.find((row) => row[0] === itemCode)!;
    expect(marked).toContain(`${warehouse}: 2`);
    expect(rows.at(-1)![0]).toMatch(/^Spolu: \d+ polož/);
  });

  it('exports one warehouse’s view under its minimum as XLSX in English', async () => {
    // The warehouse's minimum above anything it holds: the item is under it.
    await post({ itemCode, warehouse, minimum: '100000', back: '/companies/10001/stock' });
    const response = await exportOf(stockXlsx, `?warehouse=${warehouse}&below=1`, { 'accept-language': 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename="stock-Company-10001-`);
    const values = sheetValues(await xlsxSheet(Buffer.from(await response.arrayBuffer())));
    expect(values[0]![0]).toBe('Code');
    expect(values[0]![4]).toEqual(expect.stringMatching(new RegExp(`^Quantity: ${warehouse}`)));
    const items = documentRows(values);
    expect(items.map((row) => row[0])).toContain(itemCode);
    const row = items.find((each) => each[0] === itemCode)!;
    expect(row[5]).toBe(100000);
    expect(row[6]).toBe('yes');
    expect(typeof row[4]).toBe('number');
  });

  it('refuses an invalid view or an unknown warehouse with 400 and exports nothing', async () => {
    for (const query of ['?Top=7', '?below=2', '?warehouse=NIKDE', `?q=${'x'.repeat(101)}`, '?Skip=-1']) {
      const response = await exportOf(stockCsv, query, json);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-disposition')).toBeNull();
    }
    expect(stockXlsxHead().status).toBe(405);
  });

  it('answers 401 without a session and 403 for a company outside the session', async () => {
    expect((await get(stockCsv, '/companies/10001/stock/export.csv', { tenantId: '10001' }, json)).status).toBe(401);
    expect((await exportOf(stockCsv, '', json, '10003')).status).toBe(403);
  });
});
