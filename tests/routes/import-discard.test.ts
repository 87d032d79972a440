import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET, POST as postDiscard } from '@/app/companies/[tenantId]/imports/[importId]/discard/route';
import { isRouteHandlerPath } from '@/lib/base/http/route-handlers';
import { discardedNoticeOf, loadCompanyImports } from '@/lib/features/imports/imports-list';
import { createImport } from '@/lib/owners/imports/create';
import type { NewLine } from '@/lib/owners/imports/lines';
import { queueLines } from '@/lib/owners/imports/queue';
import { readImport } from '@/lib/owners/imports/view';
import { getDb, rowsOf } from '@/lib/platform/db/client';

import { DIGEST, scopeOf } from '../imports/fixture';
import { BASE, PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, companyPageOf, postForm, signIn, startCompanyFixture } from '../support/company';

/**
 * "Discard the import" (`POST …/imports/{importId}/discard`, one address for a statement's and an invoice import):
 * an import with nothing sent is deleted with its lines and the user goes to the Imports list, which says so and no
 * longer lists it; one with a line queued, sent or of unknown fate is refused with a page saying why, changing
 * nothing. Another company's import is not found, another site's form is refused before anything.
 */
let fixture: CompanyFixture;
let cookie: string;
const TENANT = '10001';
const OTHER = '10002';

beforeAll(async () => {
  fixture = await startCompanyFixture();
  cookie = await signIn(fixture, { tenantIds: [TENANT, OTHER] });
}, 180_000);
afterAll(async () => {
  await fixture.stop();
});

type Params = { tenantId: string; importId: string };

const discard = (params: Params, headers: Record<string, string> = {}) =>
  postForm(postDiscard, `/companies/${params.tenantId}/imports/${params.importId}/discard`, params, '', {
    cookie,
    ...headers,
  });

const unique = () => `d${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

/** A statement's import of two received payments (one ready, one without an invoice) and a payment made. */
async function statementImport(tenantId = TENANT) {
  const prefix = unique();
  const facts = (amount: string) => ({
    date: '2026-11-20',
    amount,
    currency: 'EUR',
    variableSymbol: null,
    counterparty: { name: 'PEKAREN U LIPY', iban: `SK31${prefix}` },
    reference: null,
    direction: 'credit',
  });
  const payment = (amount: number, symbol?: string) => ({
    dateOfPayment: '2026-11-20',
    sumOfPayment: amount,
    paymentType: 1,
    ...(symbol ? { variableSymbol: symbol } : {}),
  });
  const lines: NewLine[] = [
    { state: 'ready', externalId: `${prefix}-1`, payload: payment(12.5, '2026001'), display: facts('12.50') },
    { state: 'unmatched', externalId: `${prefix}-2`, payload: payment(30), display: facts('30.00') },
    { state: 'excluded', externalId: null, payload: null, display: { ...facts('5.00'), direction: 'debit' } },
  ];
  const { id } = await createImport(await getDb(), scopeOf(tenantId), {
    kind: 'payments',
    fileName: 'vypis-november.xml',
    digest: DIGEST,
    accountId: '1',
    lines,
  });
  return id;
}

/** An invoice import whose one invoice is invalid: nothing of it can be sent. */
async function invoiceImport(tenantId = TENANT) {
  const { id } = await createImport(await getDb(), scopeOf(tenantId), {
    kind: 'invoices',
    fileName: 'faktury.xlsx',
    digest: DIGEST,
    lines: [
      {
        state: 'invalid',
        externalId: `${unique()}-1`,
        payload: null,
        display: { rows: [2], documentNumber: 'FA1' },
        problems: [{ code: 'missing-field', params: { field: 'issueDate' } }],
      },
    ],
  });
  return id;
}

async function lineStates(importId: string, tenantId = TENANT) {
  const detail = await readImport(await getDb(), { pluginId: PLUGIN_ID, tenantId }, importId);
  return detail ? detail.lines.map((line) => line.state) : null;
}

const listed = async (importId: string, tenantId = TENANT) =>
  (await loadCompanyImports(companyPageOf(scopeOf(tenantId)))).some((row) => row.id === importId);

describe('the discard address', () => {
  it('is a route handler the proxy lets through', () => {
    expect(isRouteHandlerPath(`/companies/${TENANT}/imports/4f1c2b8e-1d2a-4b7c-9e3f-0a1b2c3d4e5f/discard`)).toBe(true);
  });
});

describe('discarding an import with nothing sent', () => {
  it('deletes a statement’s import with its lines and goes to the Imports list, which says so', async () => {
    const importId = await statementImport();
    expect(await listed(importId)).toBe(true);
    const response = await discard({ tenantId: TENANT, importId });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, BASE);
    expect(location.pathname).toBe(`/companies/${TENANT}/imports`);
    expect(location.searchParams.get('discarded')).toBe('vypis-november.xml');
    expect(location.searchParams.get('lines')).toBe('3');
    expect(await lineStates(importId)).toBeNull();
    const left = await (await getDb()).execute(sql`select 1 from import_lines where import_id = ${importId}`);
    expect(rowsOf(left)).toHaveLength(0);
    expect(await listed(importId)).toBe(false);
    expect(discardedNoticeOf(Object.fromEntries(location.searchParams))).toEqual({
      file: 'vypis-november.xml',
      lines: 3,
    });
  });

  it('deletes an invoice import by the same address', async () => {
    const importId = await invoiceImport();
    const response = await discard({ tenantId: TENANT, importId });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!, BASE).searchParams.get('discarded')).toBe('faktury.xlsx');
    expect(await lineStates(importId)).toBeNull();
    expect(await listed(importId)).toBe(false);
  });
});

describe('an import with anything on its way', () => {
  it('is refused with words when a line is queued, changing nothing', async () => {
    const importId = await statementImport();
    await queueLines(await getDb(), scopeOf(TENANT), importId, ['1']);
    const before = await lineStates(importId);
    expect(before).toContain('queued');
    const response = await discard({ tenantId: TENANT, importId }, { 'accept-language': 'sk' });
    expect(response.status).toBe(409);
    expect(response.headers.get('x-import-refusal')).toBe('import-not-discardable');
    const page = await response.text();
    expect(page).toContain('Import sa nedá zahodiť');
    expect(page).toContain(`/companies/${TENANT}/payments/import/${importId}`);
    expect(await lineStates(importId)).toEqual(before);
    expect(await listed(importId)).toBe(true);
  });

  it('is refused when a line was sent and its fate is not known yet, in English too', async () => {
    const importId = await statementImport();
    await queueLines(await getDb(), scopeOf(TENANT), importId, 'all-ready');
    // The sender's step from queued to sent (its batch answered, or of unknown fate), as lib/owners/imports/outcomes.ts takes it.
    await (
      await getDb()
    ).execute(
      sql`update import_lines set state = 'sent', sent_at = now() where import_id = ${importId} and state = 'queued'`,
    );
    const response = await discard({ tenantId: TENANT, importId }, { 'accept-language': 'en' });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('The import cannot be discarded');
    expect(await lineStates(importId)).toEqual(['sent', 'unmatched', 'excluded']);
  });
});

describe('another company, another site', () => {
  it('answers 404 for another company’s import, 403 for a company outside the session, changing nothing', async () => {
    const theirs = await statementImport(OTHER);
    expect((await discard({ tenantId: TENANT, importId: theirs })).status).toBe(404);
    expect((await discard({ tenantId: TENANT, importId: 'not-an-id' })).status).toBe(404);
    expect((await discard({ tenantId: '10003', importId: theirs })).status).toBe(403);
    expect(await lineStates(theirs, OTHER)).toEqual(['ready', 'unmatched', 'excluded']);
  });

  it('refuses a form without our origin (no CSRF protection passed) before anything', async () => {
    const importId = await statementImport();
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await discard({ tenantId: TENANT, importId }, crossSite)).status).toBe(403);
    expect((await discard({ tenantId: TENANT, importId }, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await lineStates(importId)).toEqual(['ready', 'unmatched', 'excluded']);
  });

  it('answers only POST', async () => {
    expect(GET().status).toBe(405);
  });
});
