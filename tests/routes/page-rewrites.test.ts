/**
 * A page's address whose other method (or JSON) a route handler answers: Next cannot hold a page and a route handler
 * in one folder, so the proxy rewrites such a request to the handler's internal address (lib/base/http/
 * page-rewrites.ts), untouched by the pages' headers; the browser and the contract see one address.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { NextConfig } from 'next';
import {
  getRewrittenUrl,
  unstable_doesMiddlewareMatch,
  unstable_getResponseFromNextConfig,
} from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

import { pageRewrites, rewriteOf } from '@/lib/base/http/page-rewrites';
import { addressPattern, isRouteHandlerPath } from '@/lib/base/http/route-handlers';
import { config, proxy } from '@/proxy';

const cookie = { cookie: '__Host-kros-addon-session=x' };

describe('the page rewrites’ table', () => {
  it('sends the statement form’s POST to its upload handler, with the company carried over', () => {
    expect(rewriteOf('POST', '/companies/10001/payments/import', null)).toBe('/companies/10001/payments/import/upload');
    expect(rewriteOf('GET', '/companies/10001/payments/import', 'text/html')).toBeNull();
    expect(rewriteOf('POST', '/companies/10001/payments/import/x', null)).toBeNull();
    expect(rewriteOf('POST', '/companies/10001/invoices/import/x', null)).toBeNull();
  });

  it('sends the invoice form’s POST to its upload handler, and an invoice import’s JSON to its view.json', () => {
    const id = '0b8f3c6e-1d2a-4c5b-9e7f-a1b2c3d4e5f6';
    expect(rewriteOf('POST', '/companies/10001/invoices/import', null)).toBe('/companies/10001/invoices/import/upload');
    expect(rewriteOf('GET', '/companies/10001/invoices/import', 'text/html')).toBeNull();
    expect(rewriteOf('GET', `/companies/10001/invoices/import/${id}`, 'application/json')).toBe(
      `/companies/10001/invoices/import/${id}/view.json`,
    );
    expect(rewriteOf('GET', `/companies/10001/invoices/import/${id}`, 'text/html,*/*')).toBeNull();
  });

  it('sends an import page’s JSON (Accept: application/json) to its view.json, a browser’s GET to the page', () => {
    const id = '0b8f3c6e-1d2a-4c5b-9e7f-a1b2c3d4e5f6';
    expect(rewriteOf('GET', `/companies/10001/payments/import/${id}`, 'application/json')).toBe(
      `/companies/10001/payments/import/${id}/view.json`,
    );
    expect(rewriteOf('HEAD', `/companies/10001/payments/import/${id}`, 'application/json')).toBe(
      `/companies/10001/payments/import/${id}/view.json`,
    );
    expect(rewriteOf('GET', `/companies/10001/payments/import/${id}`, 'text/html,*/*')).toBeNull();
    expect(rewriteOf('POST', `/companies/10001/payments/import/${id}`, 'application/json')).toBeNull();
  });

  it('names only handlers one segment below their page, and pages no route handler answers', () => {
    for (const rewrite of pageRewrites) {
      expect(addressPattern(rewrite.page).test(rewrite.handler.replace(/\/[^/]+$/, ''))).toBe(true);
      expect(isRouteHandlerPath(rewrite.page.replaceAll(/\[[^\]]+\]/g, '1'))).toBe(false);
    }
  });
});

describe('the proxy', () => {
  it('rewrites the form’s POST to the route handler, keeping the query, without the pages’ headers', () => {
    const response = proxy(
      new NextRequest('http://localhost/companies/10001/payments/import?x=1', { method: 'POST', headers: cookie }),
    );
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://localhost/companies/10001/payments/import/upload?x=1',
    );
    expect(response.headers.get('Content-Security-Policy')).toBeNull();
  });

  it('leaves the form page itself to the page, with the pages’ headers', () => {
    const response = proxy(new NextRequest('http://localhost/companies/10001/payments/import', { headers: cookie }));
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
    expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'self' 'nonce-");
  });

  it('a trailing slash is trimmed first (308), not rewritten', () => {
    const response = proxy(
      new NextRequest('http://localhost/companies/10001/payments/import/', { method: 'POST', headers: cookie }),
    );
    expect(response.status).toBe(308);
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });
});

describe('an upload’s body, never through the proxy', () => {
  // Next holds back every body the proxy sees until it has all arrived (cutting it at proxyClientMaxBodySize), so a
  // 25 MB statement answered 500 and a slow one was imported after its sender had given up (issue 30).
  const loadConfig = async () => {
    const configFile = pathToFileURL(path.join(process.cwd(), 'next.config.mjs')).href;
    return (await import(/* @vite-ignore */ configFile)) as { default: NextConfig; uploadForms: unknown[] };
  };
  const forms = pageRewrites.filter((rewrite) => rewrite.method === 'POST');
  const address = (page: string) => page.replaceAll('[tenantId]', '10001');
  const withBody = [{ 'content-length': '25000000' }, { 'transfer-encoding': 'chunked' }];

  it('every upload form’s request with a body is left out of the proxy and rewritten to its handler by Next', async () => {
    const { default: nextConfig } = await loadConfig();
    expect(forms.map((form) => form.page)).toEqual([
      '/companies/[tenantId]/payments/import',
      '/companies/[tenantId]/invoices/import',
    ]);
    for (const form of forms) {
      const url = `http://localhost${address(form.page)}`;
      for (const headers of withBody) {
        expect(unstable_doesMiddlewareMatch({ config, nextConfig, url, headers }), url).toBe(false);
        const response = await unstable_getResponseFromNextConfig({ url, nextConfig, headers });
        expect(getRewrittenUrl(response), url).toBe(`http://localhost${address(form.handler)}`);
      }
    }
  });

  it('the form page’s own GET still passes the proxy (its headers) and reaches the page', async () => {
    const { default: nextConfig } = await loadConfig();
    for (const form of forms) {
      const url = `http://localhost${address(form.page)}`;
      expect(unstable_doesMiddlewareMatch({ config, nextConfig, url, headers: {} }), url).toBe(true);
      expect(getRewrittenUrl(await unstable_getResponseFromNextConfig({ url, nextConfig, headers: {} }))).toBeNull();
    }
  });

  it('any other address keeps the proxy, a body or not (only the forms’ addresses are left out)', async () => {
    const { default: nextConfig } = await loadConfig();
    for (const pathname of [
      '/companies/10001/payments/import/0b8f3c6e-1d2a-4c5b-9e7f-a1b2c3d4e5f6',
      '/companies/10001/invoices',
      '/companies/10001/expenses/import',
    ]) {
      const url = `http://localhost${pathname}`;
      for (const headers of withBody) {
        expect(unstable_doesMiddlewareMatch({ config, nextConfig, url, headers }), url).toBe(true);
        expect(getRewrittenUrl(await unstable_getResponseFromNextConfig({ url, nextConfig, headers })), url).toBeNull();
      }
    }
    // With a trailing slash, the proxy answers first: 308 to the address without it (see "the proxy" above).
    const slashed = 'http://localhost/companies/10001/payments/import/';
    expect(unstable_doesMiddlewareMatch({ config, nextConfig, url: slashed, headers: withBody[0] })).toBe(true);
  });

  it('the proxy holds back at most one byte more than the largest form it still sees (1 MB)', async () => {
    const { default: nextConfig } = await loadConfig();
    expect(nextConfig.experimental?.proxyClientMaxBodySize).toBe(1024 * 1024 + 1);
  });
});
