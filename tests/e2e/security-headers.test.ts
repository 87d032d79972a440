import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FRAME_ANCESTORS } from './support/addon-server';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { sandboxCompany } from './support/sandbox-data';
import { type FetchedSession, launchByFetch, USERS } from './support/sessions';

/**
 * docs/addresses.md promises that every answer carries a CSP with `frame-ancestors` and `X-Content-Type-Options: nosniff`.
 * Asked of the production build (`next start`) without a browser: pages, the proxy's own redirect, route handlers
 * (their answers and the ones Next gives for them, e.g. a method they do not take), Next's static files and image
 * optimizer, and addresses that exist nowhere.
 */
let env: E2eEnvironment;
let session: FetchedSession;
let staticChunk: string;

beforeAll(async () => {
  env = await startEnvironment();
  session = await launchByFetch(env, USERS.jana, ['10001', '10002']);
  const page = await fetch(`${env.addon.directUrl}/companies/10001/activity`, { headers: { Cookie: session.cookie } });
  const chunk = /\/_next\/static\/[^"']+\.js/.exec(await page.text())?.[0];
  if (!chunk) throw new Error('The page names no static chunk.');
  staticChunk = chunk;
});
afterAll(async () => {
  await env?.stop();
});

const firstInvoice = () => sandboxCompany('10001', env.today).invoices[0]!.record.id;

type Probe = {
  what: string;
  path: () => string;
  method?: string;
  signedIn?: boolean;
  status: number;
  framedBy?: 'service' | 'nobody';
};

const probes: Probe[] = [
  { what: 'a page', path: () => '/companies/10001/activity', signedIn: true, status: 200, framedBy: 'service' },
  { what: 'the signed-out page', path: () => '/', status: 401, framedBy: 'service' },
  {
    what: 'a page that does not exist',
    path: () => '/companies/10001/nothing-here',
    signedIn: true,
    status: 404,
    framedBy: 'service',
  },
  {
    what: "the proxy's redirect to a tidy list address",
    path: () => '/companies/10001/invoices?PaymentStatus=&Top=25',
    signedIn: true,
    status: 303,
  },
  { what: 'a static chunk', path: () => staticChunk, status: 200, framedBy: 'nobody' },
  { what: 'a static file that does not exist', path: () => '/_next/static/chunks/missing.js', status: 404 },
  { what: 'the icon', path: () => '/icon.svg', status: 200, framedBy: 'nobody' },
  { what: 'the missing favicon', path: () => '/favicon.ico', status: 404 },
  { what: 'the image optimizer', path: () => '/_next/image?url=%2Ficon.svg&w=64&q=75', status: 400 },
  { what: 'an unknown /api address', path: () => '/api/nothing-here', status: 404, framedBy: 'service' },
  {
    what: "the callback's refusal of a malformed code",
    path: () => '/auth/callback?code=not-a-code',
    status: 400,
    framedBy: 'service',
  },
  {
    what: 'an address under the callback',
    path: () => '/auth/callback/more',
    signedIn: true,
    status: 404,
    framedBy: 'service',
  },
  { what: 'a page address with a trailing slash', path: () => '/companies/10001/', signedIn: true, status: 308 },
  { what: 'a route address with a trailing slash', path: () => '/auth/logout/', status: 308 },
  { what: 'an /api address with a trailing slash', path: () => '/api/health/', status: 200, framedBy: 'service' },
  { what: 'sign-out asked with GET', path: () => '/auth/logout', status: 405 },
  { what: "the consent's return asked with GET", path: () => '/consent/return', status: 405 },
  {
    what: 'the pasted-token form asked with GET',
    path: () => '/companies/10001/connection/token',
    signedIn: true,
    status: 405,
  },
  {
    what: "a consent's start asked with GET",
    path: () => '/companies/10001/connection/consent',
    signedIn: true,
    status: 405,
  },
  { what: 'the health check', path: () => '/api/health', status: 200, framedBy: 'service' },
  { what: 'the health check asked with OPTIONS', path: () => '/api/health', method: 'OPTIONS', status: 204 },
  {
    what: 'a PDF report',
    path: () => `/companies/10001/invoices/${firstInvoice()}/reports/17`,
    signedIn: true,
    status: 200,
    framedBy: 'service',
  },
  {
    what: 'a report download asked with HEAD',
    path: () => '/companies/10001/invoices/1/reports/17',
    method: 'HEAD',
    signedIn: true,
    status: 405,
  },
];

describe('security headers on every answer', () => {
  it.each(probes)('$what: nosniff and a CSP with frame-ancestors', async (probe) => {
    const response = await fetch(`${env.addon.directUrl}${probe.path()}`, {
      method: probe.method ?? 'GET',
      headers: probe.signedIn ? { Cookie: session.cookie } : {},
      redirect: 'manual',
    });
    await response.body?.cancel();
    expect(response.status).toBe(probe.status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/(?:^|;\s*)frame-ancestors [^;]+/);
    // The service's application may frame what the user sees; nothing else is ever a framed document.
    if (probe.framedBy === 'service') expect(policy).toContain(`frame-ancestors ${FRAME_ANCESTORS}`);
    if (probe.framedBy === 'nobody') expect(policy).toContain(`frame-ancestors 'none'`);
  });
});
