import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POST as postSend } from '@/app/companies/[tenantId]/payments/import/[importId]/send/route';
import { ImportView } from '@/components/imports/import-view';
import { importsTexts } from '@/lib/base/i18n/imports';
import { moneyTexts } from '@/lib/base/i18n/money';
import { loadImportPage } from '@/lib/features/imports/import-page';
import { createImport } from '@/lib/owners/imports/create';
import { importSendQueue } from '@/lib/owners/imports/jobs';
import type { NewLine } from '@/lib/owners/imports/lines';
import { readImport } from '@/lib/owners/imports/view';
import { getDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';
import { startJobs, stopJobs } from '@/lib/platform/jobs/process';

import { DIGEST, scopeOf } from '../imports/fixture';
import { PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, companyPageOf, postForm, signIn, startCompanyFixture } from '../support/company';

/**
 * Two drafts of the same statement (issue 31, points 3 and 5): once one of them is recorded, the other's lines of
 * the same bank payments are duplicates as soon as its page is drawn: not counted in "Record N payments", each saying
 * neutrally which import recorded it (its time, its line, the invoice paid) with links; a send form of a page drawn
 * before that says which import recorded its lines instead of "nothing changed".
 */
let fixture: CompanyFixture;
let cookie: string;
const TENANT = '10001';
const OTHER = '10002';

beforeAll(async () => {
  resetEnvForTests();
  fixture = await startCompanyFixture();
  cookie = await signIn(fixture, { tenantIds: [TENANT, OTHER] });
  // The process's queue; no worker here, so nothing reaches the service and the recorded lines stay queued.
  await startJobs({ queues: [importSendQueue], work: false });
}, 180_000);
afterAll(async () => {
  await stopJobs({ timeoutMs: 1_000 });
  await fixture.stop();
});

const send = (tenantId: string, importId: string) =>
  postForm(postSend, `/companies/${tenantId}/payments/import/${importId}/send`, { tenantId, importId }, '', {
    cookie,
  });

/** The same statement as a draft: line 1 pays OF2026001, line 2 has no invoice, line 3 is a debit. */
async function draftOf(prefix: string, tenantId = TENANT) {
  const facts = (amount: string, direction: 'credit' | 'debit' = 'credit') => ({
    date: '2026-11-20',
    amount,
    currency: 'EUR',
    variableSymbol: null,
    // A payer of its own per statement: the tests' statements are not one bank payment met again under other
    // references, which the add-on would hold back as probably recorded (lib/base/imports/same-payment.ts).
    counterparty: { name: 'HRUSKA S.R.O.', iban: `SK31${prefix}` },
    reference: null,
    direction,
  });
  const payment = (amount: number, symbol?: string) => ({
    dateOfPayment: '2026-11-20',
    sumOfPayment: amount,
    paymentType: 1,
    ...(symbol ? { variableSymbol: symbol } : {}),
  });
  const lines: NewLine[] = [
    {
      state: 'ready',
      externalId: `${prefix}-1`,
      payload: payment(12.5, '2026001'),
      display: { ...facts('12.50'), pairing: { match: 'exact', reasons: [], suggestion: null, sharedSymbol: false } },
      document: { id: '1', documentNumber: 'OF2026001' },
    },
    {
      state: 'ready',
      externalId: `${prefix}-2`,
      payload: payment(30),
      display: {
        ...facts('30.00'),
        pairing: { match: null, reasons: ['no-symbol'], suggestion: null, sharedSymbol: false },
      },
    },
    { state: 'excluded', externalId: null, payload: null, display: facts('5.00', 'debit') },
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

const pageOf = (tenantId: string) => companyPageOf(scopeOf(tenantId));

const render = (data: NonNullable<Awaited<ReturnType<typeof loadImportPage>>>, locale: 'sk' | 'en') =>
  renderToStaticMarkup(
    createElement(ImportView, {
      data,
      tenantId: TENANT,
      texts: importsTexts[locale],
      money: moneyTexts[locale],
      locale,
    }),
  );

describe('a second draft of a statement another import recorded', () => {
  it('has its lines as duplicates when its page is drawn, naming the import that recorded them, none to record', async () => {
    const prefix = `twice${Date.now()}`;
    const first = await draftOf(prefix);
    const second = await draftOf(prefix);
    expect((await readImport(await getDb(), scopeOf(TENANT), second))!.counts.ready).toBe(2);

    expect((await send(TENANT, first)).status).toBe(303);
    const data = (await loadImportPage(pageOf(TENANT), second, {}))!;
    expect(data.lines.map((line) => [line.line, line.state])).toEqual([
      ['1', 'duplicate'],
      ['2', 'duplicate'],
      ['3', 'excluded'],
    ]);
    expect(data.detail.counts.ready).toBe(0);
    expect(data.toRecord).toEqual([]);
    expect(data.lines[0]!.recordedBy).toMatchObject({
      importId: first,
      line: '1',
      state: 'queued',
      document: { id: '1', documentNumber: 'OF2026001' },
      fileName: 'vypis-2026-11.xml',
    });
    expect(data.lines[1]!.recordedBy).toMatchObject({ importId: first, line: '2', document: null });

    // The page offers nothing to record and says, neutrally, who records each line, with links.
    for (const locale of ['sk', 'en'] as const) {
      const html = render(data, locale);
      expect(html).not.toContain('data-record=');
      expect(html).toContain(`data-recorded-by="${first}"`);
      expect(html).toContain(`href="/companies/${TENANT}/payments/import/${first}#line-1"`);
      expect(html).toContain(`href="/companies/${TENANT}/invoices/1"`);
      expect(html).not.toContain(importsTexts[locale].reasons['no-symbol']);
      expect(html).not.toContain('text-rose-800');
    }
    const sk = render(data, 'sk');
    expect(sk).toMatch(
      /Zaznamenáva ju <a [^>]*>import z \d\d:\d\d<\/a>, <a [^>]*>riadok 1<\/a>, uhradí <a [^>]*>OF2026001<\/a>\./,
    );
    expect(render(data, 'en')).toMatch(
      /Being recorded by the <a [^>]*>import of \d\d:\d\d<\/a>, <a [^>]*>line 2<\/a>\./,
    );
  });

  it('answers a send form of a page drawn before with which import recorded its lines', async () => {
    const prefix = `stale${Date.now()}`;
    const first = await draftOf(prefix);
    const second = await draftOf(prefix);
    await send(TENANT, first);

    const response = await send(TENANT, second);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, 'http://addon.test');
    expect(Object.fromEntries(location.searchParams)).toEqual({ outcome: 'duplicate', count: '2', by: first });

    const data = (await loadImportPage(pageOf(TENANT), second, Object.fromEntries(location.searchParams)))!;
    expect(data.outcome).toMatchObject({ outcome: 'duplicate', count: 2, by: { importId: first } });
    expect(render(data, 'sk')).toMatch(
      /Nič sa neodoslalo: <a [^>]*>import z \d\d:\d\d<\/a> \(vypis-2026-11\.xml\) medzitým zaznamenal 2 riadky tohto výpisu/,
    );
    expect(render(data, 'en')).toContain('has recorded 2 lines of this statement meanwhile');
  });

  it('never reaches another company’s drafts', async () => {
    const prefix = `apart${Date.now()}`;
    const ours = await draftOf(prefix);
    const theirs = await draftOf(prefix, OTHER);
    await send(TENANT, ours);
    const detail = await readImport(await getDb(), { pluginId: PLUGIN_ID, tenantId: OTHER }, theirs);
    expect(detail!.lines.map((line) => line.state)).toEqual(['ready', 'ready', 'excluded']);
  });
});
