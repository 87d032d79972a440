import { expect } from 'vitest';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { getDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';

import { BASE, callback, deliver, launch, PLUGIN_ID, sessionCookieFrom, startBrokerFixture } from './broker';
import { rememberSecret } from './log-capture';

/**
 * A signed-in user with a connected company, against a live sandbox on an ephemeral port that plays both the broker
 * and the data API: the add-on's configuration points at it exactly as production points at the service.
 */

export type CompanyFixture = Awaited<ReturnType<typeof startCompanyFixture>>;

export async function startCompanyFixture() {
  const broker = await startBrokerFixture();
  process.env.DATA_API_BASE_URL = broker.url;
  resetEnvForTests();
  return broker;
}

export const JANA = 'jana.novakova@example.sk';

/**
 * Launches, delivers a fresh data-API token for each company and completes the callback: the browser's cookie.
 * A fresh token per sign-in also means a fresh rate budget, so tests do not slow each other down.
 */
export async function signIn(
  fixture: CompanyFixture,
  input: { sub?: string; tenantIds?: string[]; connected?: string[] } = {},
) {
  const sub = input.sub ?? JANA;
  const tenantIds = input.tenantIds ?? ['10001'];
  const { launchCode } = await launch(fixture, { sub, tenantIds });
  const connected = input.connected ?? tenantIds;
  if (connected.length > 0) {
    const response = await deliver({
      userId: sub,
      pluginId: PLUGIN_ID,
      tokens: connected.map((tenantId) => ({
        tenantId,
        name: `Company ${tenantId}`,
        accessToken: rememberSecret(fixture.tokens.issue(tenantId, sub)),
      })),
    });
    if (response.status !== 200) throw new Error(`delivery answered ${response.status}`);
  }
  const answer = await callback(launchCode);
  if (answer.status !== 302) throw new Error(`callback answered ${answer.status}`);
  return sessionCookieFrom(answer);
}

/**
 * Launches the user with one company and delivers a fresh data-API token for it, as the gateway does, without
 * signing a browser in: the token the add-on now holds for (user, company).
 */
export async function connectCompany(fixture: CompanyFixture, tenantId: string, userId = JANA): Promise<string> {
  await launch(fixture, { sub: userId, tenantIds: [tenantId] });
  const accessToken = rememberSecret(fixture.tokens.issue(tenantId, userId));
  const response = await deliver({ userId, pluginId: PLUGIN_ID, tokens: [{ tenantId, name: 'Firma', accessToken }] });
  expect(response.status).toBe(200);
  return accessToken;
}

/** Reads the sandbox's data directly (with a token of its own, so the add-on's budget is untouched). */
export async function sandboxData<T>(fixture: CompanyFixture, tenantId: string, path: string): Promise<T> {
  const token = rememberSecret(fixture.tokens.issue(tenantId, `fixture-reader-${tenantId}`));
  const response = await fetch(`${fixture.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}`);
  const body = (await response.json()) as { data: T };
  return body.data;
}

/**
 * The documents of the company that the file routes' tests open, read from the sandbox directly: its newest invoice
 * and delivery note, and the first file attached to one of its expenses, with that expense's id.
 */
export async function fileDocumentsOf(fixture: CompanyFixture, tenantId: string) {
  const [invoice] = await sandboxData<{ id: number; documentNumber: string }[]>(
    fixture,
    tenantId,
    '/api/invoices?Top=1',
  );
  const [deliveryNote] = await sandboxData<{ id: number }[]>(fixture, tenantId, '/api/delivery-notes?Top=1');
  const expenses = await sandboxData<{ id: string; hasAttachments: boolean }[]>(
    fixture,
    tenantId,
    '/api/expenses?Top=100',
  );
  const expense = expenses.find((candidate) => candidate.hasAttachments)!;
  const [attachment] = await sandboxData<{ id: string; fileName?: string; contentType?: string }[]>(
    fixture,
    tenantId,
    `/api/attachments/expenses/${expense.id}`,
  );
  return { invoice: invoice!, deliveryNote: deliveryNote!, expenseId: expense.id, attachment: attachment! };
}

/** How many data-API requests the sandbox has received so far. */
export async function dataApiRequestCount(fixture: CompanyFixture): Promise<number> {
  const response = await fetch(`${fixture.url}/admin/data-api/requests`);
  return ((await response.json()) as { data: unknown[] }).data.length;
}

export type Fault = { mode: string; count?: number; retryAfterSeconds?: number; status?: number; delayMs?: number };

/** Makes the company's data API misbehave (the sandbox's fault injection). */
export async function setFault(fixture: CompanyFixture, tenantId: string, fault: Fault): Promise<void> {
  const response = await fetch(`${fixture.url}/admin/data-api/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenantId, ...fault }),
  });
  if (!response.ok) throw new Error(`fault answered ${response.status}`);
}

export async function clearFaults(fixture: CompanyFixture): Promise<void> {
  await fetch(`${fixture.url}/admin/data-api/faults/clear`, { method: 'POST' });
}

type Handler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

/** Calls a route handler as Next would: a real Request at the add-on's address, the path's params as a promise. */
export function get<P extends Record<string, string>>(
  handler: Handler<P>,
  path: string,
  params: P,
  headers: Record<string, string> = {},
): Promise<Response> {
  return handler(new Request(`${BASE}${path}`, { headers }), { params: Promise.resolve(params) });
}

/**
 * A form of the company's page posted to one of its route handlers (`params` its path's: the company, an import, …),
 * from our own page (same origin) unless `headers` say otherwise: a cookie, another origin, a forwarded address.
 */
export function postForm<P extends Record<string, string>>(
  handler: Handler<P>,
  path: string,
  params: P,
  body: string,
  headers: Record<string, string>,
): Promise<Response> {
  const request = new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: BASE,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body,
  });
  return handler(request, { params: Promise.resolve(params) });
}

/** A form posted to one of the company's own route handlers (its path's only param the company): see `postForm`. */
export function postCompanyForm(
  handler: Handler<{ tenantId: string }>,
  path: string,
  tenantId: string,
  body: string,
  headers: Record<string, string>,
): Promise<Response> {
  return postForm(handler, path, { tenantId }, body, headers);
}

/**
 * The company's page as its door hands it over to what the pages read: our own database, the user's company (the
 * session checked by the door's own tests).
 */
export function companyPageOf(scope: CompanyScope): CompanyPage {
  return {
    scope,
    read: async (query) => query(await getDb(), scope),
  } as Pick<CompanyPage, 'scope' | 'read'> as CompanyPage;
}
