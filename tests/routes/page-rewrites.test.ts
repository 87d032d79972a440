/**
 * A page's address whose other method (or JSON) a route handler answers: Next cannot hold a page and a route handler
 * in one folder, so the proxy rewrites such a request to the handler's internal address (lib/base/http/
 * page-rewrites.ts), untouched by the pages' headers; the browser and the contract see one address.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

import { pageRewrites, rewriteOf } from '@/lib/base/http/page-rewrites';
import { addressPattern, isRouteHandlerPath } from '@/lib/base/http/route-handlers';
import { proxy } from '@/proxy';

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

describe('a statement through the proxy', () => {
  it('arrives whole: the proxy buffers one byte more than the upload takes, so a longer body is refused, never cut', async () => {
    const configFile = pathToFileURL(path.join(process.cwd(), 'next.config.mjs')).href;
    const { default: config } = (await import(/* @vite-ignore */ configFile)) as {
      default: { experimental: { proxyClientMaxBodySize: number } };
    };
    const { UPLOAD_BODY_LIMIT } = await import('@/lib/features/imports/statement-import');
    expect(config.experimental.proxyClientMaxBodySize).toBe(UPLOAD_BODY_LIMIT + 1);
  });
});
