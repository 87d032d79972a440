import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POST as postLines } from '@/app/companies/[tenantId]/payments/import/[importId]/lines/route';
import { POST as postSend } from '@/app/companies/[tenantId]/payments/import/[importId]/send/route';
import { GET as getView } from '@/app/companies/[tenantId]/payments/import/[importId]/view.json/route';
import { isRouteHandlerPath } from '@/lib/base/http/route-handlers';
import { subtractAmounts } from '@/lib/base/money';
import { loadImportPage } from '@/lib/features/imports/import-page';
import { openInvoicesOf } from '@/lib/features/imports/queries/open-invoices';
import { createImport } from '@/lib/owners/imports/create';
import { importSendQueue } from '@/lib/owners/imports/jobs';
import type { NewLine } from '@/lib/owners/imports/lines';
import { stopImports } from '@/lib/owners/imports/outcomes';
import { readImport } from '@/lib/owners/imports/view';
import { syncMirror } from '@/lib/owners/mirror/run';
import { getDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';
import { getJobs, startJobs, stopJobs } from '@/lib/platform/jobs/process';

import { DIGEST, scopeOf } from '../imports/fixture';
import { BASE, PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, companyPageOf, get, postForm, signIn, startCompanyFixture } from '../support/company';

/**
 * The import page's addresses (contract.md, "Uploads"), called as Next calls them: `POST …/import/{id}/send` queues
 * the ready lines (or those named) and asks for the company's sender; `POST …/import/{id}/lines` excludes, includes
 * or pairs exactly the lines it names; both answer 303 back to the import's page, refuse another site's form and a
 * company outside the session (403, before any work), answer 404 for another company's import and 400 for a form
 * they do not know, changing nothing. `GET …/view.json` is the JSON view, its problems in the user's language.
 */
let fixture: CompanyFixture;
let cookie: string;
const TENANT = '10001';
const OTHER = '10002';
const company = { pluginId: PLUGIN_ID, tenantId: TENANT };

beforeAll(async () => {
  process.env.MIRROR_SYNC = 'on';
  resetEnvForTests();
  fixture = await startCompanyFixture();
  cookie = await signIn(fixture, { tenantIds: [TENANT, OTHER] });
  // The process's queue sends; no worker here, so the sender asked for waits and nothing reaches the service.
  await startJobs({ queues: [importSendQueue], work: false });
  await syncMirror(await getDb(), company, 'full');
}, 180_000);
afterAll(async () => {
  await stopJobs({ timeoutMs: 1_000 });
  delete process.env.MIRROR_SYNC;
  resetEnvForTests();
  await fixture.stop();
});

type Params = { tenantId: string; importId: string };
type Route = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

function post(
  route: Route,
  params: Params,
  fields: [string, string][],
  headers: Record<string, string> = {},
): Promise<Response> {
  const path = `/companies/${params.tenantId}/payments/import/${params.importId}/${route === postSend ? 'send' : 'lines'}`;
  return postForm(route, path, params, new URLSearchParams(fields).toString(), { cookie, ...headers });
}

const view = (params: Params, headers: Record<string, string> = {}) =>
  get(getView, `/companies/${params.tenantId}/payments/import/${params.importId}/view.json`, params, {
    cookie,
    accept: 'application/json',
    ...headers,
  });

const payment = (symbol: string | null, amount = 12.5) => ({
  dateOfPayment: '2026-11-20',
  sumOfPayment: amount,
  ...(symbol === null ? {} : { variableSymbol: symbol }),
  paymentType: 1,
});

/** An import of four lines: 1 and 4 ready, 2 unmatched (no symbol), 3 a debit excluded by rule. */
async function newImport(
  tenantId = TENANT,
  prefix = `t${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
  payerIban = `SK31${prefix}`,
) {
  const facts = (amount: string, direction: 'credit' | 'debit' = 'credit') => ({
    date: '2026-11-20',
    amount,
    currency: 'EUR',
    variableSymbol: null,
    // A payer's account of its own per import: the imports of these tests are not one bank payment downloaded
    // twice, which the add-on would hold back as probably recorded already (lib/base/imports/same-payment.ts).
    counterparty: { name: 'HRUSKA S.R.O.', iban: payerIban },
    reference: null,
    direction,
  });
  const lines: NewLine[] = [
    {
      state: 'ready',
      externalId: `${prefix}-1`,
      payload: payment('2026001'),
      display: { ...facts('12.50'), pairing: { match: 'exact', reasons: [], suggestion: null, sharedSymbol: false } },
      document: { id: '1', documentNumber: 'OF2026001' },
    },
    {
      state: 'unmatched',
      externalId: `${prefix}-2`,
      payload: payment(null, 30),
      display: {
        ...facts('30.00'),
        pairing: { match: null, reasons: ['no-symbol'], suggestion: null, sharedSymbol: false },
      },
    },
    {
      state: 'excluded',
      externalId: null,
      payload: null,
      display: {
        ...facts('5.00', 'debit'),
        pairing: { match: null, reasons: ['outgoing'], suggestion: null, sharedSymbol: false },
      },
    },
    { state: 'ready', externalId: `${prefix}-4`, payload: payment('2026002', 7), display: facts('7.00') },
  ];
  const { id } = await createImport(await getDb(), scopeOf(tenantId), {
    kind: 'payments',
    fileName: 'vypis-2026-11.xml',
    digest: DIGEST,
    accountId: '1',
    lines,
  });
  return id;
}

async function statesOf(importId: string, tenantId = TENANT) {
  const detail = await readImport(await getDb(), { pluginId: PLUGIN_ID, tenantId }, importId);
  return Object.fromEntries(detail!.lines.map((line) => [line.line, line.state]));
}

describe('the import page’s addresses', () => {
  it('are route handlers the proxy lets through, the page itself is not', () => {
    const id = '0b7c3a52-4d1e-4c4f-9f55-8d0f0a1b2c3d';
    for (const end of ['send', 'lines', 'view.json']) {
      expect(isRouteHandlerPath(`/companies/1/payments/import/${id}/${end}`), end).toBe(true);
    }
    expect(isRouteHandlerPath(`/companies/1/payments/import/${id}`)).toBe(false);
  });
});

describe('excluding, including and pairing lines', () => {
  it('excludes exactly the line named and answers 303 back to the import', async () => {
    const importId = await newImport();
    const response = await post(postLines, { tenantId: TENANT, importId }, [
      ['action', 'exclude'],
      ['line', '1'],
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/companies/${TENANT}/payments/import/${importId}?outcome=excluded`);
    expect(await statesOf(importId)).toEqual({ 1: 'excluded', 2: 'unmatched', 3: 'excluded', 4: 'ready' });

    const back = await post(postLines, { tenantId: TENANT, importId }, [
      ['action', 'include'],
      ['line', '1'],
    ]);
    expect(back.headers.get('location')).toContain('outcome=included');
    expect(await statesOf(importId)).toEqual({ 1: 'ready', 2: 'unmatched', 3: 'excluded', 4: 'ready' });

    // A debit excluded by rule has nothing to come back to: nothing changes, and the page says so.
    const debit = await post(postLines, { tenantId: TENANT, importId }, [
      ['action', 'include'],
      ['line', '3'],
    ]);
    expect(debit.headers.get('location')).toContain('outcome=unchanged');
    expect(await statesOf(importId)).toEqual({ 1: 'ready', 2: 'unmatched', 3: 'excluded', 4: 'ready' });
  });

  it('pairs an unmatched line with the invoice chosen, sent with that invoice’s variable symbol', async () => {
    const importId = await newImport();
    const db = await getDb();
    const invoice = (await openInvoicesOf(db, company)).find((each) => each.variableSymbol !== null)!;
    const response = await post(postLines, { tenantId: TENANT, importId }, [
      ['action', 'pair'],
      ['line', '2'],
      ['invoice', invoice.id],
    ]);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, BASE);
    expect(location.searchParams.get('outcome')).toBe('paired');
    expect(location.searchParams.get('number')).toBe(invoice.documentNumber);
    expect(await statesOf(importId)).toEqual({ 1: 'ready', 2: 'ready', 3: 'excluded', 4: 'ready' });
    const detail = await readImport(db, company, importId);
    const line = detail!.lines.find((each) => each.line === '2')!;
    expect(line.document).toEqual({ id: invoice.id, documentNumber: invoice.documentNumber });
    expect(line.payload).toMatchObject({ variableSymbol: invoice.variableSymbol, accountId: 1, sumOfPayment: 30 });
    expect((line.display.pairing as { reasons: string[] }).reasons).toContain('paired-by-hand');
    // The statement's own facts stay as they were.
    expect(line.display).toMatchObject({ amount: '30.00', counterparty: { name: 'HRUSKA S.R.O.' } });
    // The other lines are untouched.
    expect(detail!.lines.find((each) => each.line === '1')!.document).toEqual({
      id: '1',
      documentNumber: 'OF2026001',
    });
  });

  it('refuses a form it does not know (400), changing nothing', async () => {
    const importId = await newImport();
    const before = await statesOf(importId);
    for (const fields of [
      [
        ['action', 'delete'],
        ['line', '1'],
      ],
      [['action', 'exclude']],
      [
        ['action', 'exclude'],
        ['line', '99'],
      ],
      [
        ['action', 'pair'],
        ['line', '2'],
      ],
      [
        ['action', 'pair'],
        ['line', '2'],
        ['invoice', '999999999'],
      ],
      [
        ['action', 'pair'],
        ['line', '3'],
        ['invoice', '1'],
      ],
      [
        ['action', 'pair'],
        ['line', '2'],
        ['line', '1'],
        ['invoice', '1'],
      ],
    ] as [string, string][][]) {
      const response = await post(postLines, { tenantId: TENANT, importId }, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await statesOf(importId)).toEqual(before);
  });
});

describe('recording the payments in KROS', () => {
  it('queues every ready line when none is named, and asks for the company’s sender', async () => {
    const importId = await newImport();
    const response = await post(postSend, { tenantId: TENANT, importId }, []);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/companies/${TENANT}/payments/import/${importId}?outcome=queued`);
    expect(await statesOf(importId)).toEqual({ 1: 'queued', 2: 'unmatched', 3: 'excluded', 4: 'queued' });
    // The sender's job waits for the company: a second one is refused by its key.
    const jobs = await getJobs();
    expect(await jobs.send(importSendQueue, company, { singletonKey: `${PLUGIN_ID}:${TENANT}` })).toBeNull();
  });

  it('queues only the lines named, an unmatched one among them', async () => {
    const importId = await newImport();
    const response = await post(postSend, { tenantId: TENANT, importId }, [['line', '2']]);
    expect(response.status).toBe(303);
    expect(await statesOf(importId)).toEqual({ 1: 'ready', 2: 'queued', 3: 'excluded', 4: 'ready' });
    // Lines already on their way are not changed by the page's controls.
    const exclude = await post(postLines, { tenantId: TENANT, importId }, [
      ['action', 'exclude'],
      ['line', '2'],
    ]);
    expect(exclude.headers.get('location')).toContain('outcome=unchanged');
    expect(await statesOf(importId)).toEqual({ 1: 'ready', 2: 'queued', 3: 'excluded', 4: 'ready' });
  });
});

describe('a line probably recorded already', () => {
  it('is sent only when that line is confirmed (confirm-new), by our own pages only', async () => {
    const first = await newImport(TENANT, `pr${Date.now()}a`, 'SK31SAMEPAYER');
    await post(postSend, { tenantId: TENANT, importId: first }, []);
    // The same statement in another format: other references, the same payments.
    const importId = await newImport(TENANT, `pr${Date.now()}b`, 'SK31SAMEPAYER');
    expect(await statesOf(importId)).toEqual({
      1: 'probably-recorded',
      2: 'unmatched',
      3: 'excluded',
      4: 'probably-recorded',
    });
    const confirm = (line: string, headers: Record<string, string> = {}) =>
      post(
        postLines,
        { tenantId: TENANT, importId },
        [
          ['action', 'confirm-new'],
          ['line', line],
        ],
        headers,
      );
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await confirm('1', crossSite)).status).toBe(403);
    expect((await post(postSend, { tenantId: TENANT, importId }, [['line', '1']])).headers.get('location')).toContain(
      'outcome=unchanged',
    );
    const confirmed = await confirm('1');
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toContain('outcome=queued');
    expect((await confirm('2')).headers.get('location')).toContain('outcome=unchanged');
    expect(await statesOf(importId)).toEqual({ 1: 'queued', 2: 'unmatched', 3: 'excluded', 4: 'probably-recorded' });
  });
});

describe('sending again after sending stopped', () => {
  it('lifts the stop of an import whose lines wait in the queue, and asks for the sender', async () => {
    const importId = await newImport();
    const db = await getDb();
    await post(postSend, { tenantId: TENANT, importId }, []);
    expect(await stopImports(db, company, 'payment-required', importId)).toContain(importId);
    expect((await readImport(db, company, importId))!.stopReason).toBe('payment-required');
    await (await getJobs()).cancel(importSendQueue, `${PLUGIN_ID}:${TENANT}`);

    const response = await post(postSend, { tenantId: TENANT, importId }, [
      ['line', '1'],
      ['line', '4'],
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('outcome=queued');
    const detail = await readImport(db, company, importId);
    expect(detail).toMatchObject({ stopReason: null, stoppedAt: null, state: 'sending' });
    expect(await statesOf(importId)).toEqual({ 1: 'queued', 2: 'unmatched', 3: 'excluded', 4: 'queued' });
    expect(
      await (await getJobs()).send(importSendQueue, company, { singletonKey: `${PLUGIN_ID}:${TENANT}` }),
    ).toBeNull();
  });
});

describe('another company, another site', () => {
  it('answers 404 for another company’s import and 403 for a company outside the session, changing nothing', async () => {
    const theirs = await newImport(OTHER);
    const before = await statesOf(theirs, OTHER);
    // The session has both companies: the import is asked for under the wrong one.
    const wrongCompany = await post(postLines, { tenantId: TENANT, importId: theirs }, [
      ['action', 'exclude'],
      ['line', '1'],
    ]);
    expect(wrongCompany.status).toBe(404);
    expect((await post(postSend, { tenantId: TENANT, importId: theirs }, [])).status).toBe(404);
    expect((await post(postSend, { tenantId: TENANT, importId: 'not-an-id' }, [])).status).toBe(404);
    const outside = await post(postSend, { tenantId: '10003', importId: theirs }, []);
    expect(outside.status).toBe(403);
    expect(await statesOf(theirs, OTHER)).toEqual(before);

    const json = await view({ tenantId: TENANT, importId: theirs });
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    expect((await view({ tenantId: '10003', importId: theirs })).status).toBe(403);
  });

  it('refuses another site’s form (403) before anything', async () => {
    const importId = await newImport();
    const before = await statesOf(importId);
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await post(postSend, { tenantId: TENANT, importId }, [], crossSite)).status).toBe(403);
    expect(
      (
        await post(
          postLines,
          { tenantId: TENANT, importId },
          [
            ['action', 'exclude'],
            ['line', '1'],
          ],
          crossSite,
        )
      ).status,
    ).toBe(403);
    expect(await statesOf(importId)).toEqual(before);
  });
});

describe('the page’s data', () => {
  /** The door's page as a test holds it: our own database for the company, nothing else. */
  const pageOf = (tenantId: string) => companyPageOf(scopeOf(tenantId));

  it('is the import with its lines and the sum to be recorded; another company’s import is none (404)', async () => {
    const importId = await newImport();
    const data = await loadImportPage(pageOf(TENANT), importId, {});
    expect(data!.lines.map((line) => [line.line, line.state, line.facts.amount])).toEqual([
      ['1', 'ready', '12.50'],
      ['2', 'unmatched', '30.00'],
      ['3', 'excluded', '5.00'],
      ['4', 'ready', '7.00'],
    ]);
    expect(data!.toRecord).toEqual([{ currency: 'EUR', amount: '19.5', count: 2 }]);
    expect(data!.inProgress).toBe(false);
    expect(await loadImportPage(pageOf(OTHER), importId, {})).toBeNull();
    expect(await loadImportPage(pageOf(TENANT), 'nie-je-id', {})).toBeNull();
  });

  it('searches the invoices to pair a line with, for a line the page may still change', async () => {
    const importId = await newImport();
    const invoice = (await openInvoicesOf(await getDb(), company)).find((each) => each.documentNumber !== null)!;
    const data = await loadImportPage(pageOf(TENANT), importId, { pair: '2', q: invoice.documentNumber! });
    expect(data!.search!.line).toBe('2');
    expect(data!.search!.results!.map((each) => each.id)).toContain(invoice.id);
    // A line on its way (or no such line) gets no search.
    await post(postSend, { tenantId: TENANT, importId }, []);
    expect((await loadImportPage(pageOf(TENANT), importId, { pair: '1', q: 'x' }))!.search).toBeNull();
    expect((await loadImportPage(pageOf(TENANT), importId, { pair: '9', q: 'x' }))!.search).toBeNull();
  });
});

describe('pairing by hand against what the same import already pays', () => {
  const pageOf = (tenantId: string) => companyPageOf(scopeOf(tenantId));

  /**
   * An import whose line 1 pays invoice `full` in full and line 2 one euro of invoice `part`; line 3, without an
   * invoice, is of exactly what is left on `part` after line 2.
   */
  async function importPaying() {
    const open = (await openInvoicesOf(await getDb(), company)).filter(
      (each) => each.documentNumber !== null && each.variableSymbol !== null && (each.currency ?? 'EUR') === 'EUR',
    );
    const [full, part] = open.filter((each) => Number(each.amountDue) > 1);
    // As a statement writes it: two decimals.
    const left = Number(subtractAmounts(part!.amountDue, '1')).toFixed(2);
    const prefix = `h${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const facts = (amount: string) => ({
      date: '2026-11-20',
      amount,
      currency: 'EUR',
      variableSymbol: null,
      counterparty: { name: 'PEKAREN U LIPY', iban: `SK31${prefix}` },
      reference: null,
      direction: 'credit',
    });
    const paying = (line: string, invoice: typeof full, amount: string): NewLine => ({
      state: 'ready',
      externalId: `${prefix}-${line}`,
      payload: payment(invoice!.variableSymbol, Number(amount)),
      display: facts(amount),
      document: { id: invoice!.id, documentNumber: invoice!.documentNumber! },
    });
    const { id } = await createImport(await getDb(), scopeOf(TENANT), {
      kind: 'payments',
      fileName: 'vypis-ruka.xml',
      digest: DIGEST,
      accountId: '1',
      lines: [
        paying('1', full, full!.amountDue),
        paying('2', part, '1.00'),
        { state: 'unmatched', externalId: `${prefix}-3`, payload: payment(null, Number(left)), display: facts(left) },
      ],
    });
    return { importId: id, full: full!, part: part!, left };
  }

  it('does not offer an invoice the import pays in full, and offers one it pays in part with what is left', async () => {
    const { importId, full, part, left } = await importPaying();
    const fullSearch = await loadImportPage(pageOf(TENANT), importId, { pair: '3', q: full.documentNumber! });
    expect(fullSearch!.search!.results!.map((each) => each.id)).not.toContain(full.id);
    const partSearch = await loadImportPage(pageOf(TENANT), importId, { pair: '3', q: part.documentNumber! });
    const offered = partSearch!.search!.results!.find((each) => each.id === part.id);
    expect(offered).toMatchObject({ open: true, paidByImport: '1' });
    expect(Number(offered!.amountDue)).toBe(Number(left));
    // The line paying it sees the invoice as the mirror has it: its own payment is not counted against it.
    const ownSearch = await loadImportPage(pageOf(TENANT), importId, { pair: '1', q: full.documentNumber! });
    expect(ownSearch!.search!.results!.find((each) => each.id === full.id)).toMatchObject({ paidByImport: null });
  });

  it('pairs against what is left: the rest of a partly paid invoice pays it in full', async () => {
    const { importId, part } = await importPaying();
    const response = await post(postLines, { tenantId: TENANT, importId }, [
      ['action', 'pair'],
      ['line', '3'],
      ['invoice', part.id],
    ]);
    expect(response.status).toBe(303);
    const line = (await readImport(await getDb(), company, importId))!.lines.find((each) => each.line === '3')!;
    expect(line.state).toBe('ready');
    expect(line.display.pairing).toMatchObject({ match: 'exact' });
  });
});

describe('the JSON view', () => {
  it('is the contract’s view, its problems in the user’s language', async () => {
    const prefix = `dup${Date.now()}`;
    const { id } = await createImport(await getDb(), scopeOf(TENANT), {
      kind: 'payments',
      fileName: 'dvakrat.sta',
      digest: DIGEST,
      accountId: '1',
      lines: [
        { state: 'ready', externalId: `${prefix}-1`, payload: payment('1'), display: { amount: '12.50' } },
        { state: 'ready', externalId: `${prefix}-1`, payload: payment('1'), display: { amount: '12.50' } },
      ],
    });
    const sk = await view({ tenantId: TENANT, importId: id }, { 'accept-language': 'sk' });
    expect(sk.status).toBe(200);
    expect(sk.headers.get('cache-control')).toContain('no-store');
    const body = (await sk.json()) as { id: string; kind: string; state: string; lines: Record<string, unknown>[] };
    expect(body).toMatchObject({ id, kind: 'payments', state: 'draft' });
    expect(body.lines.map((line) => [line.line, line.state, line.externalId])).toEqual([
      ['1', 'ready', `${prefix}-1`],
      ['2', 'duplicate', `${prefix}-1`],
    ]);
    expect(body.lines[1]!.problems).toEqual(['Rovnaký riadok je vo výpise už skôr (riadok 1).']);
    const en = (await (await view({ tenantId: TENANT, importId: id }, { 'accept-language': 'en' })).json()) as {
      lines: { problems: string[] }[];
    };
    expect(en.lines[1]!.problems).toEqual(['The same line appears earlier in the statement (line 1).']);
  });
});
