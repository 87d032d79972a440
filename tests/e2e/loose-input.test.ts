/**
 * Loose input never reaches the service: a document address whose id is not written in plain digits (or as a uuid)
 * answers 404 with the add-on's own not-found view, and a filter value carrying a control or bidi character is
 * explained next to its field. In both cases the sandbox's data API receives nothing about it. Over HTTP against the
 * production build (`next start`), where a page's status is decided. A query parameter named like one of
 * Object.prototype's (`?constructor=1`) is just a parameter: ignored by the proxy, every list page and every export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type E2eEnvironment, startEnvironment } from './support/environment';
import { printAddonOutputOnFailure } from './support/failure-output';
import { sandboxCompany } from './support/sandbox-data';
import { type FetchedSession, launchByFetch, loadPage, USERS } from './support/sessions';

let env: E2eEnvironment;
let jana: FetchedSession;

beforeAll(async () => {
  // No background sync: "asking the data API nothing" is counted on the sandbox's request log.
  env = await startEnvironment({ addonEnv: { MIRROR_SYNC: 'off' } });
  jana = await launchByFetch(env, USERS.jana, ['10001']);
});

afterAll(async () => {
  await env?.stop();
});

printAddonOutputOnFailure(() => env?.addon);

/** The data API's requests (path and query) made while `run` ran. */
async function dataApiCallsDuring(run: () => Promise<void>): Promise<string[]> {
  const before = env.sandbox.dataApi.requests().length;
  await run();
  return env.sandbox.dataApi
    .requests()
    .slice(before)
    .map((request) => `${request.path}${request.query}`);
}

describe('a document address whose id cannot name a document', () => {
  it.each([
    ['hex', 'invoices/0x10'],
    ['an exponent', 'invoices/1e3'],
    ['a leading zero', 'invoices/016'],
    ['a sign', 'invoices/+16'],
    ['a space', 'invoices/%2016'],
    ['a value past int64', 'invoices/9223372036854775808'],
    ['hex, on a delivery note', 'delivery-notes/0x1'],
    ['no uuid, on an expense', 'expenses/1e3'],
  ])('answers 404 with the not-found view for %s, asking the data API nothing', async (_label, path) => {
    let status = 0;
    let body = '';
    const calls = await dataApiCallsDuring(async () => {
      ({ status, body } = await loadPage(env, jana, `/companies/10001/${path}`));
    });
    expect(status).toBe(404);
    // The company's not-found view (streamed in the page's component payload), not a bare 404.
    expect(body).toContain('data-not-found');
    expect(body).toContain('Document not found');
    expect(calls).toEqual([]);
  });

  it('is told apart from a well-written id, which is asked for once', async () => {
    const invoice = sandboxCompany('10001', env.today).invoices[0]?.record;
    let status = 0;
    const calls = await dataApiCallsDuring(async () => {
      ({ status } = await loadPage(env, jana, `/companies/10001/invoices/${invoice!.id}`));
    });
    expect(status).toBe(200);
    expect(calls).toContain(`/api/invoices/${invoice!.id}`);
  });
});

describe('a filter value with a control or bidi character', () => {
  it.each([
    ['NUL', 'NumberingSequence=%00'],
    ['a right-to-left override', 'NumberingSequence=%E2%80%AEAF'],
    ['a byte-order mark', 'DocumentNumberFrom=%EF%BB%BFFA1'],
    ['a C1 control', 'OrderNumber=A%C2%85'],
  ])('(%s) is explained next to its field, and no list is asked for', async (_label, search) => {
    const field = search.slice(0, search.indexOf('='));
    let status = 0;
    let body = '';
    const calls = await dataApiCallsDuring(async () => {
      ({ status, body } = await loadPage(env, jana, `/companies/10001/invoices?${search}`));
    });
    expect(status).toBe(200);
    expect(body).toMatch(new RegExp(`name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`));
    expect(calls.filter((call) => call.startsWith('/api/invoices'))).toEqual([]);
  });
});

describe('a parameter named like one of a prototype’s (`?constructor=1`)', () => {
  const names = ['constructor=1', 'toString=x', 'valueOf=1', 'hasOwnProperty=1', '__proto__=1'];
  const lists = ['invoices', 'expenses', 'delivery-notes'];

  it.each(names)('(%s) is ignored by every list page, signed in or not, with the security headers', async (query) => {
    for (const list of lists) {
      const path = `/companies/10001/${list}?${query}`;
      const signedIn = await loadPage(env, jana, path);
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(signedIn.headers.get('content-security-policy'), path).toContain('frame-ancestors');
      // The list itself, not a failure view: its filter form is there.
      expect(signedIn.body, path).toContain('name="IssueDateFrom"');

      const anonymous = await loadPage(env, { cookie: '' }, path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(anonymous.headers.get('content-security-policy'), path).toContain('frame-ancestors');
    }
  });

  it.each(names)('(%s) is ignored by every export, which answers as without it', async (query) => {
    for (const list of lists) {
      for (const format of ['csv', 'xlsx']) {
        const path = `/companies/10001/${list}/export.${format}?${query}`;
        for (const cookie of [jana.cookie, '']) {
          const response = await fetch(`${env.addon.directUrl}${path}`, {
            headers: { Cookie: cookie, Accept: 'application/json' },
            redirect: 'manual',
          });
          // The view parsed (an invalid one is 400): with MIRROR_SYNC off the export is not ready; no session is 401.
          expect(response.status, path).toBe(cookie ? 409 : 401);
          expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
          expect(((await response.json()) as { error: { code: string } }).error.code, path).toBe(
            cookie ? 'not_ready' : 'unauthorized',
          );
        }
      }
    }
  });
});
