// How Next itself turns a page's query into its `searchParams` (a plain object): the page's door is tested with it.
import { searchParamsToUrlQuery } from 'next/dist/shared/lib/router/utils/querystring';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as deliveryNotesCsv } from '@/app/companies/[tenantId]/delivery-notes/export.csv/route';
import { GET as deliveryNotesXlsx } from '@/app/companies/[tenantId]/delivery-notes/export.xlsx/route';
import { GET as expensesCsv } from '@/app/companies/[tenantId]/expenses/export.csv/route';
import { GET as expensesXlsx } from '@/app/companies/[tenantId]/expenses/export.xlsx/route';
import { GET as invoicesCsv } from '@/app/companies/[tenantId]/invoices/export.csv/route';
import { GET as invoicesXlsx } from '@/app/companies/[tenantId]/invoices/export.xlsx/route';
import { searchParamsOf } from '@/lib/base/http/search-params';
import { fill } from '@/lib/base/i18n/documents';
import { syncMirror } from '@/lib/owners/mirror/run';
import { getDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';
import { type ListKind, parseListView } from '@/lib/service/records/list-view';
import { proxy } from '@/proxy';

import { BASE, PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, get, signIn, startCompanyFixture } from '../support/company';

/**
 * A query parameter named like one of Object.prototype's own (`?constructor=1`) is a parameter like any other: every
 * list page (the proxy in front of it, then the page's own reading of its `searchParams`) and every export ignore it,
 * with and without a session, and answer with the security headers; none answers 500.
 */
const PROTOTYPE_NAMES = ['constructor=1', 'toString=x', 'valueOf=1', 'hasOwnProperty=1', '__proto__=1'];
const LISTS: [ListKind, string][] = [
  ['invoices', 'invoices'],
  ['expenses', 'expenses'],
  ['deliveryNotes', 'delivery-notes'],
];
const SESSION = { cookie: '__Host-kros-addon-session=x' };

describe('a list page’s address with a parameter named like a prototype’s', () => {
  it.each(PROTOTYPE_NAMES)('?%s passes the proxy with the page headers, signed in or not', (query) => {
    for (const [, segment] of LISTS) {
      for (const headers of [{}, SESSION]) {
        const label = `${segment}?${query} ${headers === SESSION ? 'with' : 'without'} a session`;
        const response = proxy(new NextRequest(`${BASE}/companies/10001/${segment}?${query}`, { headers }));
        expect(response.status, label).toBe(200);
        expect(response.headers.get('location'), label).toBeNull();
        expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
        expect(response.headers.get('content-security-policy'), label).toContain("frame-ancestors 'self'");
        expect(response.headers.get('cache-control'), label).toBe('no-store');
      }
    }
  });

  it('is carried along as it came when the list’s own parameters are tidied, and is no reason to redirect', () => {
    const blankFilter = proxy(new NextRequest(`${BASE}/companies/10001/expenses?__proto__=1&IssueDateFrom=&q=a&q=b`));
    expect(blankFilter.status).toBe(303);
    expect(blankFilter.headers.get('location')).toBe(`${BASE}/companies/10001/expenses?__proto__=1&q=a`);
    expect(blankFilter.headers.get('x-content-type-options')).toBe('nosniff');
    for (const query of ['constructor=1&constructor=2', 'toString=&toString=x']) {
      const response = proxy(new NextRequest(`${BASE}/companies/10001/invoices?${query}`, { headers: SESSION }));
      expect(response.status, query).toBe(200);
      expect(response.headers.get('location'), query).toBeNull();
    }
  });

  // Next reads `?constructor=1` as `[Object, '1']` and, behind the proxy, hands the page `constructor=&constructor=1`.
  it.each(PROTOTYPE_NAMES)('?%s is ignored by the page’s own view, read from Next’s searchParams', (query) => {
    const [name, value] = query.split('=');
    for (const [kind] of LISTS) {
      for (const search of [query, `${name}=&${name}=${value}`]) {
        const view = parseListView(
          kind,
          searchParamsToUrlQuery(new URLSearchParams(`${search}&IssueDateFrom=2026-07-01&Top=50`)),
        );
        expect(view.ok, `${kind}?${search}`).toBe(true);
        expect(view, `${kind}?${search}`).toMatchObject({ top: 50, skip: 0, sort: '', q: '', canonical: null });
        expect(view.values.IssueDateFrom).toBe('2026-07-01');
        if (view.ok) expect(view.query).toEqual({ IssueDateFrom: '2026-07-01', Top: '50' });
      }
    }
  });
});

describe('the query’s parameters', () => {
  it('are read into an object of their own, where a prototype’s name is just a name', () => {
    const params = searchParamsOf(new URLSearchParams('constructor=1&toString=x&toString=y&__proto__=1&q=a'));
    expect(Object.getPrototypeOf(params)).toBeNull();
    expect(Object.entries(params)).toEqual([
      ['constructor', '1'],
      ['toString', ['x', 'y']],
      ['__proto__', '1'],
      ['q', 'a'],
    ]);
  });

  it('fill in a text’s marks from the values’ own names only', () => {
    expect(fill('{constructor} {count}', { count: 3 })).toBe('{constructor} 3');
  });
});

describe('a list export with a parameter named like a prototype’s', () => {
  let fixture: CompanyFixture;
  let cookie: string;
  const exports: [string, typeof invoicesCsv][] = [
    ['invoices/export.csv', invoicesCsv],
    ['invoices/export.xlsx', invoicesXlsx],
    ['expenses/export.csv', expensesCsv],
    ['expenses/export.xlsx', expensesXlsx],
    ['delivery-notes/export.csv', deliveryNotesCsv],
    ['delivery-notes/export.xlsx', deliveryNotesXlsx],
  ];

  beforeAll(async () => {
    process.env.MIRROR_SYNC = 'on';
    fixture = await startCompanyFixture();
    cookie = await signIn(fixture, { tenantIds: ['10001'] });
    await syncMirror(await getDb(), { pluginId: PLUGIN_ID, tenantId: '10001' }, 'full');
  }, 120_000);
  afterAll(async () => {
    delete process.env.MIRROR_SYNC;
    resetEnvForTests();
    await fixture?.stop();
  });

  it.each(PROTOTYPE_NAMES)('?%s is ignored: the file signed in, 401 in the one error shape without', async (query) => {
    for (const [path, handler] of exports) {
      const address = `/companies/10001/${path}?${query}`;
      const file = await get(handler, address, { tenantId: '10001' }, { cookie, 'accept-language': 'en' });
      expect(file.status, address).toBe(200);
      expect(file.headers.get('content-disposition'), address).toMatch(/^attachment; filename="/);
      expect(file.headers.get('x-content-type-options'), address).toBe('nosniff');
      await file.arrayBuffer();

      const anonymous = await get(handler, address, { tenantId: '10001' }, { accept: 'application/json' });
      expect(anonymous.status, address).toBe(401);
      expect(anonymous.headers.get('x-content-type-options'), address).toBe('nosniff');
      expect((await anonymous.json()).error.code, address).toBe('unauthorized');
    }
  });
});
