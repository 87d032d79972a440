import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { GET as deliveryNoteReport } from '@/app/companies/[tenantId]/delivery-notes/[id]/reports/[reportId]/route';
import { GET as attachmentContent } from '@/app/companies/[tenantId]/expenses/[id]/attachments/[attachmentId]/route';
import { GET as invoicePreview } from '@/app/companies/[tenantId]/invoices/[id]/reports/[reportId]/preview/route';
import { GET as invoiceReport } from '@/app/companies/[tenantId]/invoices/[id]/reports/[reportId]/route';

import {
  clearFaults,
  type CompanyFixture,
  type Fault,
  fileDocumentsOf,
  get,
  setFault,
  signIn,
  startCompanyFixture,
} from '../support/company';

/**
 * A download or preview that fails before its first byte, as the person who clicked sees it: never a bare page,
 * never the service's body, but the company's own page in the user's language (header, the company's tabs, the
 * message), with a retry (the same address) and the way back to the document, and the status that names the failure.
 * The preview link's script gets the one error shape instead, to say beside the link what happened.
 */

const SERVICE_WINDOW = 'https://firma.kros.sk';
let fixture: CompanyFixture;
let invoiceId: number;
let deliveryNoteId: number;
let attachment: { expenseId: string; attachmentId: string };
const savedFrameAncestors = process.env.FRAME_ANCESTORS;

beforeAll(async () => {
  process.env.FRAME_ANCESTORS = SERVICE_WINDOW;
  fixture = await startCompanyFixture();
  const documents = await fileDocumentsOf(fixture, '10001');
  invoiceId = documents.invoice.id;
  deliveryNoteId = documents.deliveryNote.id;
  attachment = { expenseId: documents.expenseId, attachmentId: documents.attachment.id };
});
afterEach(() => clearFaults(fixture));
afterAll(async () => {
  await fixture.stop();
  if (savedFrameAncestors === undefined) delete process.env.FRAME_ANCESTORS;
  else process.env.FRAME_ANCESTORS = savedFrameAncestors;
});

const unescape = (text: string) => text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));

/** What the failure page offers, read from its HTML (our own, generated with `&#NN;` escapes). */
function readPage(html: string) {
  const links = [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: unescape(m[1]!),
    text: unescape(m[2]!),
  }));
  const nav = /<nav aria-label="([^"]*)"><ul>([\s\S]*?)<\/ul><\/nav>/.exec(html);
  const tabs = nav
    ? [...nav[2]!.matchAll(/<a href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>/g)].map((m) => ({
        href: unescape(m[1]!),
        current: Boolean(m[2]),
        text: unescape(m[3]!),
      }))
    : [];
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    heading: unescape(/<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? ''),
    alert: /<section role="alert"[^>]*data-failure="([^"]+)"[^>]*>([\s\S]*?)<\/section>/.exec(html),
    navLabel: nav ? unescape(nav[1]!) : null,
    tabs,
    link: (text: string) => links.find((link) => link.text.includes(text)),
    signOut: /<form method="post" action="\/auth\/logout">/.test(html),
  };
}

const reportPath = (id: number | string = invoiceId, query = '') =>
  `/companies/10001/invoices/${id}/reports/19${query}`;
const requestReport = (
  cookie: string,
  headers: Record<string, string> = {},
  id: number | string = invoiceId,
  query = '',
) =>
  get(
    invoiceReport,
    reportPath(id, query),
    { tenantId: '10001', id: String(id), reportId: '19' },
    { cookie, ...headers },
  );

/** Everything the company's failure page must be, whatever failed. */
async function expectCompanyFailurePage(
  response: Response,
  expected: { status: number; kind: string; retry: string; back: string; lang?: string },
) {
  expect(response.status).toBe(expected.status);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const csp = response.headers.get('content-security-policy') ?? '';
  // Framable where the link was followed: in the service's window, and in our own pages.
  expect(csp).toContain(`frame-ancestors 'self' ${SERVICE_WINDOW}`);
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('script-src');
  const html = await response.text();
  // Never the service's own answer.
  expect(html).not.toMatch(
    /problem\+json|"title"|"status"|Payment Required|Service Unavailable|Too Many Requests|Internal Server Error/,
  );
  const page = readPage(html);
  const en = expected.lang === 'en';
  expect(page.lang).toBe(expected.lang ?? 'sk');
  expect(page.signOut).toBe(true);
  expect(page.heading).toBe('Company 10001');
  expect(page.navLabel).toBe(en ? 'Company documents' : 'Doklady firmy');
  expect(page.tabs.map((tab) => tab.href)).toEqual([
    '/companies/10001',
    '/companies/10001/invoices',
    '/companies/10001/expenses',
    '/companies/10001/delivery-notes',
    '/companies/10001/payments',
    '/companies/10001/stock',
    '/companies/10001/partners',
    '/companies/10001/activity',
  ]);
  expect(page.alert?.[1]).toBe(expected.kind);
  expect(page.link(en ? 'Try again' : 'Skúsiť znova')?.href).toBe(expected.retry);
  expect(page.link('←')?.href).toBe(expected.back);
  return { html, page };
}

describe('a PDF report that cannot be fetched answers the company’s own page, never a bare one', () => {
  it.each<[string, Fault, number, string]>([
    ['402 (no API package)', { mode: 'payment-required' }, 402, 'payment_required'],
    ['401 (the connection was removed)', { mode: 'unauthorized' }, 403, 'connection_inactive'],
    ['429 (busy)', { mode: 'rate-limited', retryAfterSeconds: 30 }, 429, 'rate_limited'],
    ['500', { mode: 'server-error', status: 500 }, 503, 'unavailable'],
    ['503', { mode: 'server-error', status: 503 }, 503, 'unavailable'],
  ])('the service answers %s', async (_label, fault, status, kind) => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', fault);
    const response = await requestReport(cookie, {}, invoiceId, '?number=OF2026001');
    const { page } = await expectCompanyFailurePage(response, {
      status,
      kind,
      retry: reportPath(invoiceId, '?number=OF2026001'),
      back: `/companies/10001/invoices/${invoiceId}`,
    });
    expect(page.tabs.find((tab) => tab.current)?.href).toBe('/companies/10001/invoices');
    if (kind === 'rate_limited') {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(page.alert?.[2]).toMatch(/Skúste to znova o \d+ s\./);
    }
  });

  it('the service does not answer in time (the client gives up after its 30 s budget): 503', async () => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', { mode: 'slow', delayMs: 45_000 });
    const response = await requestReport(cookie, { 'accept-language': 'en-GB,en;q=0.9' });
    const { page } = await expectCompanyFailurePage(response, {
      status: 503,
      kind: 'unavailable',
      retry: reportPath(),
      back: `/companies/10001/invoices/${invoiceId}`,
      lang: 'en',
    });
    expect(page.alert?.[2]).toContain('KROS does not answer');
  }, 60_000);

  it('speaks the user’s language: English for en-GB', async () => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', { mode: 'payment-required' });
    const response = await requestReport(cookie, { 'accept-language': 'en-GB,en;q=0.9' });
    const { page } = await expectCompanyFailurePage(response, {
      status: 402,
      kind: 'payment_required',
      retry: reportPath(),
      back: `/companies/10001/invoices/${invoiceId}`,
      lang: 'en',
    });
    expect(page.alert?.[2]).toContain('The company has no API package');
  });

  it('a malformed document id: 404 on the company’s page, the way back leading to the list', async () => {
    const cookie = await signIn(fixture);
    const response = await requestReport(cookie, {}, 'abc');
    await expectCompanyFailurePage(response, {
      status: 404,
      kind: 'not_found',
      retry: reportPath('abc'),
      back: '/companies/10001/invoices',
    });
  });

  it('a delivery note’s report: back to the delivery note', async () => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', { mode: 'server-error', status: 503 });
    const path = `/companies/10001/delivery-notes/${deliveryNoteId}/reports/17`;
    const response = await get(
      deliveryNoteReport,
      path,
      { tenantId: '10001', id: String(deliveryNoteId), reportId: '17' },
      { cookie },
    );
    const { page } = await expectCompanyFailurePage(response, {
      status: 503,
      kind: 'unavailable',
      retry: path,
      back: `/companies/10001/delivery-notes/${deliveryNoteId}`,
    });
    expect(page.tabs.find((tab) => tab.current)?.href).toBe('/companies/10001/delivery-notes');
  });
});

describe('an attachment that cannot be fetched', () => {
  const path = (query = '') =>
    `/companies/10001/expenses/${attachment.expenseId}/attachments/${attachment.attachmentId}${query}`;
  const params = () => ({ tenantId: '10001', id: attachment.expenseId, attachmentId: attachment.attachmentId });

  it.each<[string, Fault, number, string]>([
    ['402', { mode: 'payment-required' }, 402, 'payment_required'],
    ['403', { mode: 'forbidden' }, 403, 'forbidden'],
    ['429', { mode: 'rate-limited', retryAfterSeconds: 30 }, 429, 'rate_limited'],
    ['502', { mode: 'server-error', status: 502 }, 503, 'unavailable'],
  ])(
    'as a download, the service answering %s: the company’s page, back to the expense',
    async (_label, fault, status, kind) => {
      const cookie = await signIn(fixture);
      await setFault(fixture, '10001', fault);
      const query = `?name=${encodeURIComponent('Faktúra.pdf')}`;
      const response = await get(attachmentContent, path(query), params(), { cookie });
      const { page } = await expectCompanyFailurePage(response, {
        status,
        kind,
        retry: new URL(`http://x${path(query)}`).pathname + new URL(`http://x${path(query)}`).search,
        back: `/companies/10001/expenses/${attachment.expenseId}`,
      });
      expect(page.tabs.find((tab) => tab.current)?.href).toBe('/companies/10001/expenses');
    },
  );

  it('shown inside the expense’s page (?disposition=inline): the message and a retry only, framable by our page and the service', async () => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', { mode: 'server-error', status: 503 });
    const response = await get(attachmentContent, path('?disposition=inline'), params(), { cookie });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${SERVICE_WINDOW}`);
    const page = readPage(await response.text());
    expect(page.alert?.[1]).toBe('unavailable');
    expect(page.link('Skúsiť znova')?.href).toBe(path('?disposition=inline'));
    expect(page.navLabel).toBeNull();
  });
});

describe('a preview that cannot be opened', () => {
  const path = () => `/companies/10001/invoices/${invoiceId}/reports/19/preview`;
  const params = () => ({ tenantId: '10001', id: String(invoiceId), reportId: '19' });

  it.each<[string, Fault, number, string]>([
    ['402', { mode: 'payment-required' }, 402, 'payment_required'],
    ['403', { mode: 'forbidden' }, 403, 'forbidden'],
    ['429', { mode: 'rate-limited', retryAfterSeconds: 30 }, 429, 'rate_limited'],
    ['503', { mode: 'server-error', status: 503 }, 503, 'unavailable'],
  ])(
    'asked for by the page’s script, the service answering %s: the one error shape, for the page to say',
    async (_label, fault, status, code) => {
      const cookie = await signIn(fixture);
      await setFault(fixture, '10001', fault);
      const response = await get(invoicePreview, path(), params(), { cookie, accept: 'application/json' });
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(Object.keys(body)).toEqual(['error']);
      if (code === 'rate_limited') expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    },
  );

  it('asked for by the script without a session: the one error shape with 401, not a page', async () => {
    const response = await get(invoicePreview, path(), params(), { accept: 'application/json' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('followed without script: the company’s page, back to the invoice', async () => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', { mode: 'payment-required' });
    const response = await get(invoicePreview, path(), params(), { cookie });
    await expectCompanyFailurePage(response, {
      status: 402,
      kind: 'payment_required',
      retry: path(),
      back: `/companies/10001/invoices/${invoiceId}`,
    });
  });
});
