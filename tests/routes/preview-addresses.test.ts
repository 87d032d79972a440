import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { GET as invoicePreview } from '@/app/companies/[tenantId]/invoices/[id]/reports/[reportId]/preview/route';
import { resetEnvForTests } from '@/lib/platform/env';

import { clearFaults, type CompanyFixture, get, sandboxData, signIn, startCompanyFixture } from '../support/company';
import { capturedLogLines } from '../support/log-capture';

/**
 * Where a report preview may send the user. The service's previewLink names the address; we follow it only when it
 * is https on one of the service's preview hosts (PREVIEW_HOSTS; plain http only on the sandbox's own data-API
 * host), carries no user or password and no control characters, and we send it as URL.href spells it. Anything
 * else is the service's malformed answer: our page (502), and the address never reaches a log.
 */

const PREVIEW_HOST = 'preview.example.test';
let fixture: CompanyFixture;
let invoiceId: number;
let cookie: string;
const savedPreviewHosts = process.env.PREVIEW_HOSTS;

beforeAll(async () => {
  fixture = await startCompanyFixture();
  // The service's preview host, beside the data API's own (the sandbox serves its previews there, over http).
  process.env.PREVIEW_HOSTS = `${PREVIEW_HOST},${new URL(fixture.url).host}`;
  resetEnvForTests();
  invoiceId = (await sandboxData<{ id: number }[]>(fixture, '10001', '/api/invoices?Top=1'))[0]!.id;
  cookie = await signIn(fixture);
});
afterEach(() => clearFaults(fixture));
afterAll(async () => {
  await fixture.stop();
  if (savedPreviewHosts === undefined) delete process.env.PREVIEW_HOSTS;
  else process.env.PREVIEW_HOSTS = savedPreviewHosts;
  resetEnvForTests();
});

/** Makes the sandbox's previewLink answer exactly this string for the company. */
async function serviceAnswers(link: string): Promise<void> {
  const response = await fetch(`${fixture.url}/admin/data-api/preview-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenantId: '10001', link }),
  });
  expect(response.status).toBe(200);
}

const preview = (headers: Record<string, string> = {}) =>
  get(
    invoicePreview,
    `/companies/10001/invoices/${invoiceId}/reports/19/preview`,
    { tenantId: '10001', id: String(invoiceId), reportId: '19' },
    { cookie, ...headers },
  );

// A marker in each address, to find it in the log if it ever got there.
const MARK = 'previewkey7c1d';
const logged = () =>
  capturedLogLines.filter(
    (line) => line.includes(MARK) || line.includes(PREVIEW_HOST) || line.includes('evil.example'),
  );

describe('the address a preview sends the user to', () => {
  it('follows an https address on the service’s preview host: 303 to it, as URL.href spells it', async () => {
    const raw = `https://Preview.Example.Test/náhľad/faktúra.pdf?k=${MARK}&n=č#strana=1`;
    await serviceAnswers(raw);
    const response = await preview();
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toBe(`https://${PREVIEW_HOST}/n%C3%A1h%C4%BEad/fakt%C3%BAra.pdf?k=${MARK}&n=%C4%8D#strana=1`);
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(logged()).toEqual([]);
  });

  it('gives the page’s script the same normalized address', async () => {
    await serviceAnswers(`https://preview.example.test/ľ?k=${MARK}`);
    const response = await preview({ accept: 'application/json' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `https://${PREVIEW_HOST}/%C4%BE?k=${MARK}` });
  });

  it('keeps the sandbox’s own previews (http on the data API’s host) working', async () => {
    const response = await preview();
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!).host).toBe(new URL(fixture.url).host);
  });

  it.each([
    ['plain http on the preview host', `http://${PREVIEW_HOST}/r?k=${MARK}`],
    ['another host', `https://evil.example/r?k=${MARK}`],
    ['a look-alike of the preview host', `https://${PREVIEW_HOST}.evil.example/r?k=${MARK}`],
    ['a user and password', `https://user:pw@${PREVIEW_HOST}/r?k=${MARK}`],
    ['a user alone', `https://${MARK}@${PREVIEW_HOST}/r`],
    ['a NUL', `https://${PREVIEW_HOST}/r\u0000?k=${MARK}`],
    ['a control character', `https://${PREVIEW_HOST}/r\u001f?k=${MARK}`],
    ['a C1 control character', `https://${PREVIEW_HOST}/r\u0085?k=${MARK}`],
    ['a line break', `https://${PREVIEW_HOST}/r\r\nSet-Cookie: x=1?k=${MARK}`],
    ['a tab', `https://${PREVIEW_HOST}/r\t?k=${MARK}`],
    ['DEL', `https://${PREVIEW_HOST}/r\u007f?k=${MARK}`],
    ['a javascript: address', `javascript:alert('${MARK}')`],
    ['no address', `not a url ${MARK}`],
  ])('refuses %s: 502 on our page, nothing logged', async (_label, raw) => {
    await serviceAnswers(raw);
    const response = await preview();
    expect(response.status).toBe(502);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('data-failure="bad_gateway"');
    expect(html).toContain('<nav aria-label="Doklady firmy">');
    expect(html).not.toContain(MARK);
    expect(logged()).toEqual([]);

    const json = await preview({ accept: 'application/json' });
    expect(json.status).toBe(502);
    expect(await json.json()).toEqual({
      error: { code: 'bad_gateway', message: 'The service answered unexpectedly.' },
    });
    expect(logged()).toEqual([]);
  });
});
