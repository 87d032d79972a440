/**
 * The table of route handlers that proxy.ts lets through untouched is the list of app/'s route.ts files: a route
 * handler added without an entry would answer with the page headers over its own (a PDF with a page's CSP).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

import { addressPattern, isRouteHandlerPath, routeHandlers } from '@/lib/base/http/route-handlers';
import { proxy } from '@/proxy';

const appDir = path.join(process.cwd(), 'app');

/** Every route.ts under app/, as its address (route groups in parentheses are not part of it). */
function routeFiles(dir = appDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    if (entry.name !== 'route.ts') return [];
    const segments = path
      .relative(appDir, dir)
      .split(path.sep)
      .filter((segment) => !/^\(.*\)$/.test(segment));
    return [`/${segments.join('/')}`];
  });
}

describe('the route handlers’ table', () => {
  it('lists exactly the route.ts files of app/', () => {
    expect([...routeHandlers].sort()).toEqual(routeFiles().sort());
  });

  it('reads a dynamic segment as one segment and a catch-all as the rest', () => {
    const report = addressPattern('/companies/[tenantId]/invoices/[id]/reports/[reportId]');
    expect(report.test('/companies/10001/invoices/7/reports/17')).toBe(true);
    expect(report.test('/companies/10001/invoices/7/reports/17/extra')).toBe(false);
    expect(report.test('/companies/10001/invoices/reports/17')).toBe(false);
    expect(addressPattern('/api/[...unknown]').test('/api/a/b/c')).toBe(true);
    expect(isRouteHandlerPath('/companies/10001/invoices/7')).toBe(false);
    expect(isRouteHandlerPath('/companies/10001/invoices/7/reports/17/')).toBe(false);
  });

  it('is what the proxy lets through: a file address keeps its own headers, a page gets the page’s', () => {
    const cookie = { cookie: '__Host-kros-addon-session=x' };
    const file = proxy(new NextRequest('http://localhost/companies/10001/invoices/7/reports/17', { headers: cookie }));
    expect(file.headers.get('Content-Security-Policy')).toBeNull();
    const page = proxy(new NextRequest('http://localhost/companies/10001/invoices/7', { headers: cookie }));
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self' 'nonce-");
    for (const list of ['invoices', 'expenses', 'delivery-notes']) {
      for (const format of ['csv', 'xlsx']) {
        const address = `http://localhost/companies/10001/${list}/export.${format}?q=x&Top=`;
        const exported = proxy(new NextRequest(address, { headers: cookie }));
        expect(exported.headers.get('Content-Security-Policy'), address).toBeNull();
        expect(exported.headers.get('location'), address).toBeNull();
      }
    }
    expect(isRouteHandlerPath('/companies/10001/invoices/exportXcsv')).toBe(false);
  });
});
