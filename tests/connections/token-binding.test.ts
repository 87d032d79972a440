import { and, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POST as pasteToken } from '@/app/companies/[tenantId]/connection/token/route';
import { PasteOutcomeNotice } from '@/components/paste-token-form';
import { WorkConnection } from '@/components/work-connection';
import { activityTexts } from '@/lib/base/i18n/activity';
import { messages } from '@/lib/base/i18n/messages';
import { loadActivityPage } from '@/lib/features/activity/page';
import { openCompanyClientForWork } from '@/lib/owners/connections/client';
import { createImport } from '@/lib/owners/imports/create';
import { queueLines, resumeImport } from '@/lib/owners/imports/queue';
import { workOnImports } from '@/lib/owners/imports/sender';
import { readImport } from '@/lib/owners/imports/view';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import { companyFingerprint } from '@/lib/owners/mirror/fingerprint';
import { replaceReferenceData } from '@/lib/owners/mirror/reference';
import { readPage } from '@/lib/owners/mirror/service-pages';
import { beginSync } from '@/lib/owners/mirror/state';
import { getDb } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';

import { tokenFingerprint } from '../../sandbox/data-api/request-log';
import { FAST } from '../imports/fixture';
import { PLUGIN_ID } from '../support/broker';
import {
  type CompanyFixture,
  connectCompany,
  JANA,
  postCompanyForm,
  sandboxData,
  signIn,
  startCompanyFixture,
} from '../support/company';
import { rememberSecret } from '../support/log-capture';
import { paymentLines } from '../support/payment-lines';

/**
 * A data-API token drives a company's work only once it is bound to that company. The service's GET /api/auth/check
 * answers an empty 200 (it names no company), so a pasted token is compared with what the company's copy holds: one
 * that reads another company is refused and stores nothing; one that cannot be compared yet (an empty copy) is stored
 * unproven and sends only its own user's imports. A delivered token outranks a pasted one for the company's work, and
 * the Activity page says which connection does it.
 */
const PETER = 'peter.horvath@example.sk';

let fixture: CompanyFixture;
beforeAll(async () => {
  fixture = await startCompanyFixture();
  await getDb(); // its migrations, once, before the first test's clock starts
}, 120_000);
afterAll(async () => {
  delete process.env.DATA_API_BASE_URL;
  await fixture.stop();
});

const company = (tenantId: string) => ({ pluginId: PLUGIN_ID, tenantId });
const scope = (tenantId: string, userId = JANA) => ({ userId, pluginId: PLUGIN_ID, tenantId });
const paste = (tenantId: string, token: string, cookie: string) =>
  postCompanyForm(
    pasteToken,
    `/companies/${tenantId}/connection/token`,
    tenantId,
    new URLSearchParams({ token }).toString(),
    { cookie },
  );
const rowsOf = async (tenantId: string) =>
  (await getDb()).select().from(accessTokens).where(eq(accessTokens.tenantId, tenantId));
const janasRow = async (tenantId: string) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.tenantId, tenantId), eq(accessTokens.userId, JANA)))
  )[0];
/** The token that carried the company's latest data-API call. */
const lastTokenOf = (tenantId: string) =>
  fixture.dataApi
    .requests()
    .filter((request) => request.tenantId === tenantId)
    .at(-1)?.tokenFingerprint;

/**
 * A company whose copy holds its data, read with Peter's delivered token by the mirror's own writers (its reference
 * data and a page of its invoices, as a sync's first steps write them; a whole sync takes many seconds).
 */
async function companyWithCopy(tenantId: string): Promise<string> {
  const delivered = await connectCompany(fixture, tenantId, PETER);
  const db = await getDb();
  const client = await openCompanyClientForWork(db, company(tenantId));
  await beginSync(db, company(tenantId));
  await replaceReferenceData(db, company(tenantId), client);
  const invoices = await readPage(client, 'invoices', { skip: 0, idsOnly: true });
  await upsertDocuments(
    db,
    company(tenantId),
    invoices.map((invoice) => documentRow('invoices', invoice)),
  );
  const known = await companyFingerprint(db, company(tenantId));
  expect(known.accountIbans.length).toBeGreaterThan(0);
  expect(known.invoices.length).toBeGreaterThan(0);
  return delivered;
}

describe('a pasted token bound to its company', () => {
  it('is refused with words, storing nothing, when it reads another company than the copy holds', async () => {
    await companyWithCopy('30001');
    const cookie = await signIn(fixture, { tenantIds: ['30001'], connected: [] });
    const before = await rowsOf('30001');
    const otherCompanys = rememberSecret(fixture.tokens.issue('30009', JANA));
    const response = await paste('30001', otherCompanys, cookie);
    expect(response.headers.get('location')).toBe('/companies/30001?connection=other-company');
    expect(await rowsOf('30001')).toEqual(before);
    expect(await janasRow('30001')).toBeUndefined();

    // The company page says why, in both languages.
    for (const locale of ['sk', 'en'] as const) {
      const html = renderToStaticMarkup(
        createElement(PasteOutcomeNotice, { t: messages[locale], outcome: 'other-company' }),
      );
      expect(html).toContain(locale === 'sk' ? 'patrí inej firme' : 'belongs to another company');
      expect(html).toContain(locale === 'sk' ? 'Nič sa neuložilo' : 'Nothing was stored');
    }
  });

  it('is stored as bound when it reads the company the copy holds', async () => {
    await companyWithCopy('30002');
    const cookie = await signIn(fixture, { tenantIds: ['30002'], connected: [] });
    const own = rememberSecret(fixture.tokens.issue('30002', JANA));
    expect((await paste('30002', own, cookie)).headers.get('location')).toBe('/companies/30002?connection=connected');
    expect(await janasRow('30002')).toMatchObject({ source: 'pasted', boundAt: expect.any(Date) });
  });

  it('is stored unproven while the copy holds nothing to compare, and drives no one’s work but its user’s', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['30003'], connected: [] });
    const pasted = rememberSecret(fixture.tokens.issue('30003', JANA));
    expect((await paste('30003', pasted, cookie)).headers.get('location')).toBe('/companies/30003?connection=unproven');
    expect(await janasRow('30003')).toMatchObject({ source: 'pasted', boundAt: null });

    const db = await getDb();
    await expect(openCompanyClientForWork(db, company('30003'))).rejects.toMatchObject({ kind: 'not-connected' });
    await expect(openCompanyClientForWork(db, company('30003'), {}, { userId: PETER })).rejects.toMatchObject({
      kind: 'not-connected',
    });
    await (await openCompanyClientForWork(db, company('30003'), {}, { userId: JANA })).auth.check();
    expect(lastTokenOf('30003')).toBe(tokenFingerprint(pasted));
  });
});

describe('the connection that drives a company’s work', () => {
  it('is a delivered token before a newer pasted one, and the Activity page names it, never the token', async () => {
    const delivered = await companyWithCopy('30004');
    const cookie = await signIn(fixture, { tenantIds: ['30004'], connected: [] });
    const pasted = rememberSecret(fixture.tokens.issue('30004', JANA));
    expect((await paste('30004', pasted, cookie)).headers.get('location')).toBe(
      '/companies/30004?connection=connected',
    );
    const db = await getDb();
    await (await openCompanyClientForWork(db, company('30004'))).auth.check();
    expect(lastTokenOf('30004')).toBe(tokenFingerprint(delivered));

    const page = await loadActivityPage(db, { ...scope('30004'), tenantIds: ['30004'] });
    expect(page.driver).toEqual({
      connection: { userId: PETER, source: 'gateway', bound: true, mine: false },
      ownUnproven: false,
    });
    const html = renderToStaticMarkup(createElement(WorkConnection, { driver: page.driver, texts: activityTexts.en }));
    expect(html).toContain('The company’s work is done with a token the gateway delivered');
    expect(html).toContain(PETER);
    for (const secret of [delivered, pasted]) expect(JSON.stringify(page)).not.toContain(secret);
  });

  it('is none on the Activity page while only an unproven pasted token is stored, which the page says', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['30005'], connected: [] });
    await paste('30005', rememberSecret(fixture.tokens.issue('30005', JANA)), cookie);
    const page = await loadActivityPage(await getDb(), { ...scope('30005'), tenantIds: ['30005'] });
    expect(page.driver).toEqual({ connection: null, ownUnproven: true });
    const html = renderToStaticMarkup(createElement(WorkConnection, { driver: page.driver, texts: activityTexts.sk }));
    expect(html).toContain(activityTexts.sk.driver.none);
    expect(html).toContain(activityTexts.sk.driver.ownUnproven);
  });
});

describe('imports sent with an unproven pasted token', () => {
  /** Two payments of unpaid invoices, from the `from`th on (two users' imports pay other invoices: not the same payments). */
  async function queuedImport(tenantId: string, userId: string, prefix: string, from = 0) {
    const [account] = await sandboxData<{ id: number }[]>(fixture, tenantId, '/api/payments/accounts');
    const invoices = await sandboxData<{ id: number; documentNumber: string; variableSymbol: string }[]>(
      fixture,
      tenantId,
      '/api/invoices?PaymentStatus=0&Top=20',
    );
    const { id } = await createImport(await getDb(), scope(tenantId, userId), {
      kind: 'payments',
      fileName: 'vypis.xml',
      digest: 'ab'.repeat(32),
      accountId: account!.id,
      lines: paymentLines(invoices.slice(from), 2, prefix),
    });
    await queueLines(await getDb(), scope(tenantId, userId), id, 'all-ready');
    return id;
  }
  const postsWith = (token: string) =>
    fixture.dataApi
      .requests()
      .filter((request) => request.tokenFingerprint === tokenFingerprint(token) && request.method === 'POST');

  it('are only its own user’s: another user’s import waits, stopped, until a delivered token sends it', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['30006'], connected: [] });
    const pasted = rememberSecret(fixture.tokens.issue('30006', JANA));
    expect((await paste('30006', pasted, cookie)).headers.get('location')).toBe('/companies/30006?connection=unproven');
    const peters = await queuedImport('30006', PETER, 'peter');
    const janas = await queuedImport('30006', JANA, 'jana', 2);

    const db = await getDb();
    const run = await workOnImports(db, company('30006'), { settings: FAST });
    expect(run.posted).toBe(1);
    expect(postsWith(pasted)).toHaveLength(1);
    expect((await readImport(db, scope('30006', JANA), janas))!.lines.map((line) => line.state)).toEqual([
      'sent',
      'sent',
    ]);
    const waiting = (await readImport(db, scope('30006', PETER), peters))!;
    expect(waiting).toMatchObject({ stopReason: 'disconnected' });
    expect(waiting.lines.map((line) => line.state)).toEqual(['queued', 'queued']);

    // Peter's launch delivers a token of his: his import, resumed, goes with it, and so does the company's work.
    const delivered = await connectCompany(fixture, '30006', PETER);
    await resumeImport(db, scope('30006', PETER), peters);
    expect((await workOnImports(db, company('30006'), { settings: FAST })).posted).toBe(1);
    expect(postsWith(delivered)).toHaveLength(1);
    expect(postsWith(pasted)).toHaveLength(1);
  });
});
