import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { GET as deliveryNoteReport } from '@/app/companies/[tenantId]/delivery-notes/[id]/reports/[reportId]/route';
import { GET as attachmentContent } from '@/app/companies/[tenantId]/expenses/[id]/attachments/[attachmentId]/route';
import { GET as invoicePreview } from '@/app/companies/[tenantId]/invoices/[id]/reports/[reportId]/preview/route';
import { GET as invoiceReport } from '@/app/companies/[tenantId]/invoices/[id]/reports/[reportId]/route';
import { unsealSessionId } from '@/lib/owners/sessions/cookie';
import { getDb } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

import { BASE } from '../support/broker';
import {
  clearFaults,
  type CompanyFixture,
  dataApiRequestCount,
  fileDocumentsOf,
  get,
  setFault,
  signIn,
  startCompanyFixture,
} from '../support/company';

/**
 * The company's file addresses, called as Next calls them, against the sandbox's data API: the session and the
 * company are checked before anything is asked of the service, files stream through with headers of our choosing,
 * and every failure is a small page with the status that names it.
 */

let fixture: CompanyFixture;
let invoice: { id: number; documentNumber: string };
let deliveryNote: { id: number };
let withAttachment: { expenseId: string; attachmentId: string; fileName: string | null; contentType: string | null };

beforeAll(async () => {
  fixture = await startCompanyFixture();
  const { expenseId, attachment, ...documents } = await fileDocumentsOf(fixture, '10001');
  ({ invoice, deliveryNote } = documents);
  withAttachment = {
    expenseId,
    attachmentId: attachment.id,
    fileName: attachment.fileName ?? null,
    contentType: attachment.contentType ?? null,
  };
});
afterEach(() => clearFaults(fixture));
afterAll(() => fixture.stop());

const reportPath = (tenantId: string, id: number | string, reportId: number | string, query = '') =>
  `/companies/${tenantId}/invoices/${id}/reports/${reportId}${query}`;
const requestReport = (
  cookie: string | null,
  tenantId: string,
  id: number | string,
  reportId: number | string,
  query = '',
  headers: Record<string, string> = {},
) =>
  get(
    invoiceReport,
    reportPath(tenantId, id, reportId, query),
    { tenantId, id: String(id), reportId: String(reportId) },
    cookie ? { cookie, ...headers } : headers,
  );

async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

const pdfMagic = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(0, 5));

describe('an invoice report (GET /companies/{tenantId}/invoices/{id}/reports/{reportId})', () => {
  it('streams the PDF as a download with headers of our choosing', async () => {
    const cookie = await signIn(fixture);
    const response = await requestReport(cookie, '10001', invoice.id, 19);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="faktura-${invoice.id}-farebne.pdf"; filename*=UTF-8''fakt%C3%BAra-${invoice.id}-farebn%C3%A9.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'self'");
    expect(response.body).toBeInstanceOf(ReadableStream);
    const bytes = await bytesOf(response);
    expect(pdfMagic(bytes)).toBe('%PDF-');
    const length = response.headers.get('content-length');
    if (length !== null) expect(Number(length)).toBe(bytes.length);
  });

  it('names the file after the document number the page passed, cut down to safe characters, in the reader’s language', async () => {
    const cookie = await signIn(fixture);
    const response = await requestReport(
      cookie,
      '10001',
      invoice.id,
      17,
      `?number=${encodeURIComponent('OF/2026 "001"\r\n')}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="faktura-OF-2026-001-ciernobiele.pdf"');
    await response.body?.cancel();
    const english = await requestReport(cookie, '10001', invoice.id, 101, '?number=FA2026000206', {
      'accept-language': 'en-GB,en;q=0.9',
    });
    expect(english.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-FA2026000206-editable.pdf"; filename*=UTF-8''invoice-FA2026000206-editable.pdf`,
    );
    await english.body?.cancel();
  });

  it('answers 401 without a session, and asks the data API nothing', async () => {
    const before = await dataApiRequestCount(fixture);
    const response = await requestReport(null, '10001', invoice.id, 19);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Nie ste prihlásený');
    expect(await dataApiRequestCount(fixture)).toBe(before);
  });

  it('answers 401 for a forged or signed-out cookie', async () => {
    const cookie = await signIn(fixture);
    const forged = `${cookie.slice(0, -6)}AAAAAA`;
    expect((await requestReport(forged, '10001', invoice.id, 19)).status).toBe(401);
    const { POST: logout } = await import('@/app/auth/logout/route');
    await logout(new Request(`${BASE}/auth/logout`, { method: 'POST', headers: { cookie, origin: BASE } }));
    expect((await requestReport(cookie, '10001', invoice.id, 19)).status).toBe(401);
  });

  it('answers 401 once the session has been idle past SESSION_IDLE_MINUTES, though its cookie was just accepted', async () => {
    const cookie = await signIn(fixture);
    const response = await requestReport(cookie, '10001', invoice.id, 19);
    expect(response.status).toBe(200);
    await response.body?.cancel();
    const sessionId = await unsealSessionId(cookie.slice(cookie.indexOf('=') + 1), getEnv().sessionSecrets);
    const idle = getEnv().sessionIdleSeconds + 60;
    // As if the idle time had passed since the last request: the row's last request moves back.
    await (
      await getDb()
    ).execute(sql`update sessions set last_seen_at = now() - make_interval(secs => ${idle}) where id = ${sessionId}`);
    const before = await dataApiRequestCount(fixture);
    expect((await requestReport(cookie, '10001', invoice.id, 19)).status).toBe(401);
    expect(await dataApiRequestCount(fixture)).toBe(before);
  });

  it('answers 403 for a company outside the session, and asks the data API nothing', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001'] });
    const before = await dataApiRequestCount(fixture);
    const response = await requestReport(cookie, '10002', invoice.id, 19, '', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Access is not allowed');
    expect(await dataApiRequestCount(fixture)).toBe(before);
  });

  it.each([
    ['a report other than 17, 19 and 101', 18],
    ['a report id that is not a number', 'colour'],
  ])('answers 404 for %s without asking the data API', async (_label, reportId) => {
    const cookie = await signIn(fixture);
    const before = await dataApiRequestCount(fixture);
    expect((await requestReport(cookie, '10001', invoice.id, reportId)).status).toBe(404);
    expect((await requestReport(cookie, '10001', 'abc', 19)).status).toBe(404);
    expect(await dataApiRequestCount(fixture)).toBe(before);
  });

  it.each([
    ['hex', '0x10', '19'],
    ['an exponent', '1e3', '19'],
    ['a leading zero', '016', '19'],
    ['a sign', '+16', '19'],
    ['whitespace', ' 16', '19'],
    ['a value past int64', '9223372036854775808', '19'],
    ['a report id in hex', '16', '0x11'],
    ['a report id with an exponent', '16', '1.9e1'],
  ])(
    'answers 404 for an id written with %s (never read as another number), without asking the data API',
    async (_label, id, reportId) => {
      const cookie = await signIn(fixture);
      const before = await dataApiRequestCount(fixture);
      expect((await requestReport(cookie, '10001', id, reportId)).status).toBe(404);
      expect(
        (
          await get(
            invoicePreview,
            `${reportPath('10001', id, reportId)}/preview`,
            { tenantId: '10001', id, reportId },
            { cookie },
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await get(
            deliveryNoteReport,
            `/companies/10001/delivery-notes/${id}/reports/${reportId}`,
            { tenantId: '10001', id, reportId },
            { cookie },
          )
        ).status,
      ).toBe(404);
      expect(await dataApiRequestCount(fixture)).toBe(before);
    },
  );

  it('answers 404 when the service has no such invoice', async () => {
    const cookie = await signIn(fixture);
    const response = await requestReport(cookie, '10001', 999_999_999_999, 19);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the proxy in front of the pages', () => {
  it('leaves the file addresses to their handlers (their own CSP, their own session check), and still gates pages', async () => {
    const { NextRequest } = await import('next/server');
    const { proxy } = await import('@/proxy');
    for (const path of [
      '/companies/10001/invoices/5/reports/19',
      '/companies/10001/invoices/5/reports/19/preview',
      '/companies/10001/delivery-notes/5/reports/17',
      '/companies/10001/expenses/e/attachments/a?disposition=inline',
    ]) {
      const response = proxy(new NextRequest(`${BASE}${path}`));
      expect(response.headers.get('content-security-policy'), path).toBeNull();
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
    }
    const page = proxy(new NextRequest(`${BASE}/companies/10001/invoices/5`));
    expect(page.headers.get('x-middleware-rewrite')).toContain('/signed-out');
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors');
  });
});

describe('other methods', () => {
  it('answers HEAD with 405 rather than fetching a file to throw away', async () => {
    const route = await import('@/app/companies/[tenantId]/invoices/[id]/reports/[reportId]/route');
    const response = route.HEAD();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('a delivery note report', () => {
  it('streams the PDF like an invoice report', async () => {
    const cookie = await signIn(fixture);
    const params = { tenantId: '10001', id: String(deliveryNote.id), reportId: '17' };
    const response = await get(
      deliveryNoteReport,
      `/companies/10001/delivery-notes/${deliveryNote.id}/reports/17`,
      params,
      { cookie },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(
      `filename="dodaci-list-${deliveryNote.id}-ciernobiele.pdf"`,
    );
    expect(pdfMagic(await bytesOf(response))).toBe('%PDF-');
  });
});

describe('a report preview (…/reports/{reportId}/preview)', () => {
  const path = () => `/companies/10001/invoices/${invoice.id}/reports/19/preview`;
  const params = () => ({ tenantId: '10001', id: String(invoice.id), reportId: '19' });

  it('asks previewLink once and answers 303 to the http(s) address it names', async () => {
    const cookie = await signIn(fixture);
    const response = await get(invoicePreview, path(), params(), { cookie });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(['http:', 'https:']).toContain(location.protocol);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers the page’s own request for JSON with the address, so the page can open it in a new tab', async () => {
    const cookie = await signIn(fixture);
    const response = await get(invoicePreview, path(), params(), { cookie, accept: 'application/json' });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(['http:', 'https:']).toContain(new URL(url).protocol);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers a request without the session cookie (a new tab of our own site) as signed out', async () => {
    expect((await get(invoicePreview, path(), params())).status).toBe(401);
  });
});

describe('an expense attachment (GET /companies/{tenantId}/expenses/{id}/attachments/{attachmentId})', () => {
  const path = (query = '') =>
    `/companies/10001/expenses/${withAttachment.expenseId}/attachments/${withAttachment.attachmentId}${query}`;
  const params = () => ({ tenantId: '10001', id: withAttachment.expenseId, attachmentId: withAttachment.attachmentId });

  it('streams the content as a download: listed type, safe name, no sniffing, no script, no caching', async () => {
    const cookie = await signIn(fixture);
    const response = await get(
      attachmentContent,
      path(`?name=${encodeURIComponent('Faktúra "zo ZSE".pdf')}`),
      params(),
      { cookie },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(withAttachment.contentType ?? 'application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Faktura_zo_ZSE\.(pdf|png)"/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'self'");
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect((await bytesOf(response)).length).toBeGreaterThan(0);
  });

  it('shows images and PDFs inline on request, sandboxed and framable by our pages only', async () => {
    const cookie = await signIn(fixture);
    const response = await get(attachmentContent, path('?disposition=inline'), params(), { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'self'");
    await response.body?.cancel();
  });

  it('answers 404 for ids that are not uuids, without asking the data API', async () => {
    const cookie = await signIn(fixture);
    const before = await dataApiRequestCount(fixture);
    const response = await get(
      attachmentContent,
      '/companies/10001/expenses/x/attachments/y',
      { tenantId: '10001', id: 'x', attachmentId: 'y' },
      { cookie },
    );
    expect(response.status).toBe(404);
    expect(await dataApiRequestCount(fixture)).toBe(before);
  });
});

describe('failures of the data API, as the person who clicked the link sees them', () => {
  it('402: says the company lacks the API package, in the language asked for', async () => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', { mode: 'payment-required' });
    const response = await requestReport(cookie, '10001', invoice.id, 19, '', { 'accept-language': 'en' });
    expect(response.status).toBe(402);
    const page = await response.text();
    expect(page).toContain('API package');
    expect(page).toContain('Balík API');
  });

  it('429: says the service is busy, with Retry-After', async () => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', { mode: 'rate-limited', retryAfterSeconds: 30 });
    const response = await requestReport(cookie, '10001', invoice.id, 19);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('503: when the service keeps failing, and never shows its body', async () => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', { mode: 'server-error', status: 503 });
    const response = await requestReport(cookie, '10001', invoice.id, 19);
    expect(response.status).toBe(503);
    const page = await response.text();
    expect(page).not.toMatch(/Service Unavailable|problem\+json|"title"/);
  });

  it('403: the service refused the token; the connection is marked and not tried again', async () => {
    const cookie = await signIn(fixture);
    await setFault(fixture, '10001', { mode: 'unauthorized' });
    const first = await requestReport(cookie, '10001', invoice.id, 19);
    expect(first.status).toBe(403);
    expect(await first.text()).toContain('Pripojenie k Fakturácii nie je aktívne');
    await clearFaults(fixture);
    const before = await dataApiRequestCount(fixture);
    expect((await requestReport(cookie, '10001', invoice.id, 19)).status).toBe(403);
    expect(await dataApiRequestCount(fixture)).toBe(before);
  });
});
