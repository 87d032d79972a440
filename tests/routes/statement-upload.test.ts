import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POST as upload } from '@/app/companies/[tenantId]/payments/import/upload/route';
import { ImportsTable } from '@/components/imports/imports-table';
import { StatementImportFormView } from '@/components/imports/statement-import-form';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { importsTexts } from '@/lib/base/i18n/imports';
import { loadCompanyImports } from '@/lib/features/imports/imports-list';
import { openInvoicesOf } from '@/lib/features/imports/queries/open-invoices';
import { importReader } from '@/lib/features/imports/reading/pool';
import { headerOfParameter, loadStatementImportForm } from '@/lib/features/imports/statement-import-form';
import { guessCsvMapping } from '@/lib/features/imports/statements/csv-mapping';
import { normaliseIban } from '@/lib/features/imports/statements/iban';
import { type PaymentAccountRow, paymentAccountsOf } from '@/lib/features/money/queries/accounts';
import { csvMappingOf } from '@/lib/owners/imports/csv-mappings';
import { listImports, readImport } from '@/lib/owners/imports/view';
import { syncMirror } from '@/lib/owners/mirror/run';
import { getDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';

import { bytesOf, camt053, entry } from '../imports/statements/statement-files';
import { BASE, PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, companyPageOf, JANA, signIn, startCompanyFixture } from '../support/company';
import { capturedLogLines } from '../support/log-capture';
import { describeWhoMayUpload } from '../support/uploads';

/**
 * POST /companies/{tenantId}/payments/import (answered by …/payments/import/upload: the proxy's rewrite), as Next
 * calls it: a bank statement uploaded (multipart/form-data, our own pages only, the session's company only) becomes a
 * stored payments import on the company's account, paired with its open invoices (303 to the import's page); a CSV's
 * columns are confirmed once per account and remembered; a file that cannot be read answers a 400 page saying why in
 * the user's language, and nothing is stored.
 */
let fixture: CompanyFixture;
let cookie: string;
const company = { pluginId: PLUGIN_ID, tenantId: '10001' };
let bank: PaymentAccountRow;
let otherAccount: PaymentAccountRow;

const fixtureFile = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/statements/${name}`, import.meta.url)));

async function sandboxStatement(format: 'camt053' | 'mt940', account?: string) {
  const query = new URLSearchParams({ tenant: '10001', format, ...(account ? { account } : {}) });
  const response = await fetch(`${fixture.url}/admin/data-api/statement?${query.toString()}`);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

type Upload = {
  file?: { name: string; bytes: Uint8Array };
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  tenantId?: string;
};

function uploadRequest({ file, fields = {}, headers = {}, tenantId = '10001' }: Upload): Request {
  const form = new FormData();
  if (file) form.set('statement', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request(`${BASE}/companies/${tenantId}/payments/import`, {
    method: 'POST',
    headers: { cookie, origin: BASE, 'sec-fetch-site': 'same-origin', 'accept-language': 'sk', ...headers },
    body: form,
  });
}

const post = (input: Upload) =>
  upload(uploadRequest(input), { params: Promise.resolve({ tenantId: input.tenantId ?? '10001' }) });

const importCount = async () => (await listImports(await getDb(), company)).length;

/** The import a 303 names, read back. */
async function createdImport(response: Response) {
  expect(response.status, response.headers.get('x-statement-refusal') ?? '').toBe(303);
  const location = response.headers.get('location')!;
  const match = /^\/companies\/10001\/payments\/import\/([0-9a-f-]{36})$/.exec(location);
  expect(match, location).not.toBeNull();
  const detail = await readImport(await getDb(), company, match![1]!);
  expect(detail).not.toBeNull();
  return detail!;
}

beforeAll(async () => {
  process.env.MIRROR_SYNC = 'on';
  resetEnvForTests();
  fixture = await startCompanyFixture();
  cookie = await signIn(fixture, { tenantIds: ['10001', '10002'] });
  const db = await getDb();
  await syncMirror(db, company, 'full');
  const accounts = (await paymentAccountsOf(db, company))!;
  // The account whose IBAN a statement reader takes for one (country format and check digits).
  bank = accounts.find((account) => account.kind === 'bank' && normaliseIban(account.iban))!;
  otherAccount = accounts.find((account) => account.id !== bank.id)!;
}, 180_000);
afterAll(async () => {
  delete process.env.MIRROR_SYNC;
  resetEnvForTests();
  await fixture.stop();
});

describe('a camt.053 or MT940 statement', () => {
  it('becomes an import on the account whose IBAN is the statement’s own: credits paired, debits left out', async () => {
    const bytes = await sandboxStatement('camt053', bank.id);
    const detail = await createdImport(await post({ file: { name: 'vypis-januar.xml', bytes } }));
    expect(detail).toMatchObject({
      kind: 'payments',
      fileName: 'vypis-januar.xml',
      fileDigest: createHash('sha256').update(bytes).digest('hex'),
      accountId: bank.id,
      createdBy: JANA,
      state: 'draft',
    });
    const states = detail.lines.map((line) => line.state);
    expect(states).toContain('ready');
    expect(states).toContain('unmatched');
    expect(detail.lines.filter((line) => line.state === 'excluded')).toHaveLength(2);
    for (const line of detail.lines) {
      expect(line.externalId).toMatch(/^st-/);
      expect(line.display).toMatchObject({
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        amount: expect.stringMatching(/^\d+\.\d{2,}$/),
        currency: bank.currency ?? 'EUR',
      });
      if (line.display.direction === 'debit') expect(line.state).toBe('excluded');
      if (line.state === 'ready') {
        expect(line.document).not.toBeNull();
        expect(line.payload).toMatchObject({ accountId: Number(bank.id), externalId: line.externalId });
      }
    }
  });

  it('an MT940 on the account chosen in the form, when it is the statement’s own', async () => {
    const bytes = await sandboxStatement('mt940', bank.id);
    const detail = await createdImport(
      await post({ file: { name: 'vypis.sta', bytes }, fields: { accountId: bank.id } }),
    );
    expect(detail.accountId).toBe(bank.id);
    expect(detail.fileName).toBe('vypis.sta');
    expect(detail.lines.length).toBeGreaterThan(5);
    // :25: names the account and no owner.
    expect(detail).toMatchObject({ statementAccount: bank.iban, statementOwner: null });
  });

  it('keeps the statement’s own IBAN and account owner (camt.053 Acct/Id/IBAN, Acct/Ownr/Nm) for the page', async () => {
    const bytes = await sandboxStatement('camt053', bank.id);
    const owner = /<Ownr><Nm>([^<]+)<\/Nm><\/Ownr>/.exec(new TextDecoder().decode(bytes))![1]!;
    const detail = await createdImport(await post({ file: { name: 'vypis-vlastnik.xml', bytes } }));
    expect(detail.statementAccount).toBe(bank.iban);
    expect(detail.statementOwner).toBe(owner.replace(/&amp;/g, '&'));
  });

  it('onto another of the company’s accounts than the statement’s: refused naming both IBANs, the right one offered', async () => {
    const bytes = await sandboxStatement('mt940', bank.id);
    const before = await importCount();
    const refused = await post({ file: { name: 'vypis.sta', bytes }, fields: { accountId: otherAccount.id } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-statement-refusal')).toBe('account_mismatch');
    const html = await refused.text();
    const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');
    expect(html).toContain(`Výpis je z účtu ${grouped(bank.iban!)}`);
    expect(html).toContain(otherAccount.iban ? `má IBAN ${grouped(otherAccount.iban)}` : 'má IBAN žiadny');
    expect(html).toContain(`href="/companies/10001/payments/import?account=${bank.id}"`);
    expect(html).toContain('Nič sa neuložilo');
    // The statement was read: its title says what kept it out, not that it could not be read (issue 31).
    expect(html).toContain('<h2 id="failure-title">Výpis je z iného účtu</h2>');
    expect(html).not.toContain('nepodarilo prečítať');
    expect(await importCount()).toBe(before);

    const en = await post({
      file: { name: 'vypis.sta', bytes },
      fields: { accountId: otherAccount.id },
      headers: { 'accept-language': 'en' },
    });
    const english = await en.text();
    expect(english).toContain(`The statement is of account ${grouped(bank.iban!)}, but the chosen account`);
    expect(english).toContain('<h2 id="failure-title">The statement is of another account</h2>');
    expect(english).not.toContain('could not be read');
  });

  it('of an account the company does not have: refused naming its IBAN, whatever account is chosen', async () => {
    const bytes = fixtureFile('camt053-001-02.xml');
    const before = await importCount();
    for (const fields of [{}, { accountId: bank.id }] as Record<string, string>[]) {
      const refused = await post({ file: { name: 'camt.xml', bytes }, fields });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('x-statement-refusal')).toBe('account_foreign');
      const html = await refused.text();
      expect(html).toContain('Výpis je z účtu SK90 1100 0000 0026 2912 3453, ktorý firma vo Fakturácii nemá');
      expect(html).toContain('<h2 id="failure-title">Výpis je z iného účtu</h2>');
      expect(html).toContain('Nič sa neuložilo');
      expect(html).toContain('href="/companies/10001/payments/import"');
    }
    expect(await importCount()).toBe(before);
  });

  it('a credit in another currency than the account’s, or finer than a cent, is invalid, and pays nothing', async () => {
    const invoices = await openInvoicesOf(await getDb(), company);
    const [target, other] = invoices.filter(
      (invoice) =>
        invoice.currency === bank.currency && invoice.variableSymbol && /^\d+\.\d{2}$/.test(invoice.amountDue),
    );
    const ntry = (ccy: string, amount: string, vs: string, ref: string) =>
      `<Ntry><Amt Ccy="${ccy}">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>` +
      `<BookgDt><Dt>2026-01-15</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef>` +
      `<NtryDtls><TxDtls><Refs><EndToEndId>/VS${vs}</EndToEndId></Refs></TxDtls></NtryDtls></Ntry>`;
    const other3 = `${other!.amountDue}1`;
    const bytes = new TextEncoder().encode(
      camt053(
        [
          ntry('CZK', target!.amountDue, target!.variableSymbol!, 'CZK1'),
          ntry(bank.currency!, target!.amountDue, target!.variableSymbol!, 'EUR1'),
          ntry(bank.currency!, other3, other!.variableSymbol!, 'EUR2'),
        ].join(''),
        { iban: bank.iban! },
      ),
    );
    const detail = await createdImport(await post({ file: { name: 'mena.xml', bytes } }));
    const [czk, exact, fine] = detail.lines;
    expect(czk).toMatchObject({ state: 'invalid', payload: null, document: null });
    expect(czk!.problems).toEqual([
      { code: 'currency-not-account', params: { currency: 'CZK', account: bank.currency } },
    ]);
    // The CZK line paid nothing: the payment in the account's currency still pays the invoice in full.
    expect(exact).toMatchObject({ state: 'ready', document: { id: target!.id } });
    expect((exact!.display.pairing as { match: string }).match).toBe('exact');
    expect(fine).toMatchObject({ state: 'invalid', payload: null });
    expect(fine!.problems).toEqual([{ code: 'amount-too-precise', params: { amount: other3 } }]);
  });

  it('an account that is not the company’s is refused', async () => {
    const before = await importCount();
    const response = await post({
      file: { name: 'camt.xml', bytes: fixtureFile('camt053-001-04.xml') },
      fields: { accountId: '999999999' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-statement-refusal')).toBe('account_unknown');
    expect(await importCount()).toBe(before);
  });
});

describe('a CSV statement', () => {
  const csv = { name: 'pohyby.csv', bytes: fixtureFile('csv-utf8-bom.csv') };

  it('the first time, the form asks which column is which (the file is not kept); confirmed, it is remembered', async () => {
    const before = await importCount();
    const asked = await post({ file: csv, fields: { accountId: bank.id } });
    expect(asked.status).toBe(303);
    const location = new URL(asked.headers.get('location')!, BASE);
    expect(location.pathname).toBe('/companies/10001/payments/import');
    expect(location.searchParams.get('account')).toBe(bank.id);
    const header = headerOfParameter(location.searchParams.get('columns') ?? undefined);
    expect(header).toContain('Dátum zaúčtovania');
    expect(header).toContain('Suma');
    expect(await importCount()).toBe(before);
    expect(await csvMappingOf(await getDb(), company, bank.id)).toBeNull();

    // The form proposes the guess; the user confirms it as it is.
    const { found } = guessCsvMapping(header!);
    expect(found).toMatchObject({ date: 'Dátum zaúčtovania', amount: 'Suma', reference: 'Referencia banky' });
    const columns = Object.fromEntries(
      Object.entries(found).flatMap(([field, column]) => (column ? [[`csv.${field}`, column]] : [])),
    );
    const confirmed = await post({
      file: csv,
      fields: { accountId: bank.id, 'csv.confirm': '1', 'csv.defaultCurrency': 'EUR', ...columns },
    });
    const detail = await createdImport(confirmed);
    expect(detail.fileName).toBe('pohyby.csv');
    // A CSV names no account of its own: the page shows only the account chosen.
    expect(detail).toMatchObject({ statementAccount: null, statementOwner: null });
    expect(detail.lines.some((line) => line.state === 'excluded')).toBe(true);
    const remembered = await csvMappingOf(await getDb(), company, bank.id);
    expect(remembered).toMatchObject({ confirmedBy: JANA, mapping: { columns: { date: 'Dátum zaúčtovania' } } });
  });

  it('the second time it goes straight through with the remembered columns; the user may ask to confirm again', async () => {
    const detail = await createdImport(await post({ file: csv, fields: { accountId: bank.id } }));
    expect(detail.lines.length).toBeGreaterThan(1);
    const again = await post({ file: csv, fields: { accountId: bank.id, 'csv.ask': '1' } });
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!, BASE).searchParams.get('columns')).not.toBeNull();
  });

  it('a CSV without an account chosen asks for the columns and the account; columns confirmed without it, 400', async () => {
    const asked = await post({ file: csv });
    expect(asked.status).toBe(303);
    expect(new URL(asked.headers.get('location')!, BASE).searchParams.get('account')).toBeNull();
    const refused = await post({
      file: csv,
      fields: { 'csv.confirm': '1', 'csv.date': 'Dátum zaúčtovania', 'csv.amount': 'Suma' },
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-statement-refusal')).toBe('account_required');
  });

  it('columns confirmed without a date or an amount are refused', async () => {
    const refused = await post({
      file: csv,
      fields: { accountId: bank.id, 'csv.confirm': '1', 'csv.date': 'Dátum zaúčtovania' },
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-statement-refusal')).toBe('csv_mapping_incomplete');
  });
});

describe('a file that cannot be read: a 400 page saying why, in the user’s language, and nothing stored', () => {
  const cases: [string, Uint8Array, string, string][] = [
    ['empty', new Uint8Array(), 'empty', 'Súbor je prázdny.'],
    [
      'an XML with a DOCTYPE',
      new TextEncoder().encode('<?xml version="1.0"?><!DOCTYPE x SYSTEM "http://example.invalid/x.dtd"><x/>'),
      'xml_doctype',
      'DOCTYPE',
    ],
    [
      'a truncated camt.053',
      fixtureFile('camt053-001-02.xml').slice(0, 1500),
      'xml_malformed',
      'poškodený alebo neúplný',
    ],
    ['a picture', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0, 1, 2, 3]), 'not_a_statement', 'camt.053'],
  ];
  for (const [what, bytes, code, words] of cases) {
    it(what, async () => {
      const before = await importCount();
      const response = await post({ file: { name: 'subor', bytes } });
      expect(response.status).toBe(400);
      expect(response.headers.get('x-statement-refusal')).toBe(code);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain(words);
      expect(await importCount()).toBe(before);
    });
  }

  it('in English for an English browser', async () => {
    const response = await post({ file: { name: 'x', bytes: new Uint8Array() }, headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('The statement could not be read');
    expect(html).toContain('The file is empty.');
  });

  it('no file at all', async () => {
    const response = await post({ fields: { accountId: bank.id } });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-statement-refusal')).toBe('no_file');
  });

  it('over 20 MB: refused while the body is read, before anything parses it', async () => {
    const before = await importCount();
    const bytes = new Uint8Array(20 * 1024 * 1024 + 100 * 1024).fill(0x41);
    const response = await post({ file: { name: 'velky.xml', bytes } });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-statement-refusal')).toBe('too_large');
    expect(await response.text()).toContain('väčší ako 20 MB');
    expect(await importCount()).toBe(before);
  });
});

describe('while the import reader is busy (lib/features/imports/reading/)', () => {
  it(
    'every worker reading another file: a 429 page saying to try again shortly, and nothing stored',
    { timeout: 60_000 },
    async () => {
      // Two long statements (20 000 entries each) hold the instance's two workers while the upload comes.
      const long = bytesOf(camt053(Array.from({ length: 20_000 }, () => entry()).join('')));
      const reading = [1, 2].map(() => importReader.read({ kind: 'statement', bytes: long.slice(), options: {} }));
      const before = await importCount();
      const response = await post({ file: { name: 'vypis.xml', bytes: fixtureFile('camt053-001-02.xml') } });
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('10');
      expect(response.headers.get('x-statement-refusal')).toBe('busy');
      expect(await response.text()).toContain('Skúste to znova o chvíľu.');
      expect(await importCount()).toBe(before);
      expect((await Promise.all(reading)).map((answer) => answer.kind)).toEqual(['statement', 'statement']);
    },
  );
});

describeWhoMayUpload({
  upload,
  path: (tenantId) => `/companies/${tenantId}/payments/import`,
  tenantId: '10001',
  outsideTenantId: '10003',
  cookie: () => cookie,
  importCount,
});

/** The company's page as its door hands it over, for what the pages read (the session checked by the tests above). */
const companyPage = () => companyPageOf({ ...company, userId: JANA });

const render = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(element);

describe('the form (GET …/payments/import)', () => {
  const formHtml = async (searchParams: Record<string, string>, locale: 'sk' | 'en' = 'en') => {
    const form = await loadStatementImportForm(companyPage(), searchParams);
    return render(
      createElement(StatementImportFormView, { form, tenantId: '10001', texts: importUploadTexts[locale], locale }),
    );
  };

  it('a file (statement), the account defaulting to the statement’s own, the formats, posted to its own address', async () => {
    const html = await formHtml({});
    expect(html).toContain('action="/companies/10001/payments/import"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('name="statement"');
    expect(html).toMatch(/<select[^>]*name="accountId"/);
    expect(html).toContain('<option value="" selected="">The statement’s own account (by its IBAN)</option>');
    expect(html).toContain(`value="${bank.id}"`);
    expect(html).toContain('camt.053');
    expect(html).toContain('MT940');
    expect(html).not.toContain('csv.confirm');
    expect(await formHtml({}, 'sk')).toContain('Vlastný účet výpisu (podľa IBAN)');
  });

  it('names each account by its IBAN in groups of four, as banks print it (issue 31)', async () => {
    const html = await formHtml({});
    const grouped = bank.iban!.replace(/(.{4})(?=.)/g, '$1 ');
    expect(html).toContain(grouped);
    expect(html).not.toContain(bank.iban!);
  });

  it('after a CSV without columns: each field’s column proposed, the file to choose again, the account required', async () => {
    const header = ['Dátum', 'Popis', 'Suma v EUR', 'Číslo účtu protistrany'];
    const columns = Buffer.from(JSON.stringify(header)).toString('base64url');
    const html = await formHtml({ columns, account: otherAccount.id });
    expect(html).toContain('<input type="hidden" name="csv.confirm" value="1"/>');
    expect(html).toMatch(/name="csv.date"[^>]*>.*<option value="Dátum" selected="">/);
    expect(html).toMatch(/name="csv.amount"[^>]*>.*<option value="Suma v EUR" selected="">/);
    expect(html).toContain(`<option value="${otherAccount.id}" selected="">`);
    expect(html).toContain('choose the file again');
    // Not an address a page could be misled by: anything but a list of column names is ignored.
    expect(await formHtml({ columns: 'not-json' })).not.toContain('csv.confirm');
  });

  describe('a CSV whose columns are remembered for another account of the company', () => {
    /** The header of the CSV the tests above confirmed for `bank`, in another order, with a column more. */
    const bankHeader = async () => {
      const stored = await csvMappingOf(await getDb(), company, bank.id);
      const named = Object.values((stored!.mapping as { columns: Record<string, string | null> }).columns);
      const header = ['Poznámka', ...named.filter((column): column is string => column !== null).reverse()];
      return Buffer.from(JSON.stringify(header)).toString('base64url');
    };
    const label = (account: PaymentAccountRow) => account.name ?? account.id;

    it('with that other account chosen: says nothing is set for it and fills the columns in from the one that has them', async () => {
      const columns = await bankHeader();
      const html = await formHtml({ columns, account: otherAccount.id });
      expect(html).toContain(`data-borrowed-columns="${bank.id}"`);
      expect(html).toContain(`Nothing is set yet for account ${label(otherAccount)}`);
      expect(html).toContain(`as they were set for account ${label(bank)}`);
      expect(html).toContain(`confirmed by ${JANA}`);
      expect(html).toMatch(/name="csv.date"[^>]*>.*<option value="Dátum zaúčtovania" selected="">/);
      // The user's choice of account stays.
      expect(html).toContain(`<option value="${otherAccount.id}" selected="">`);
      const sk = await formHtml({ columns, account: otherAccount.id }, 'sk');
      expect(sk).toMatch(new RegExp(`Pre účet ${label(otherAccount)}[^<]* zatiaľ nie je nič nastavené\\.`));
      expect(sk).toContain(`ako boli nastavené pre účet ${label(bank)}`);
    });

    it('with no account chosen: chooses the account whose columns match, and says so', async () => {
      const columns = await bankHeader();
      const html = await formHtml({ columns });
      expect(html).toContain(`<option value="${bank.id}" selected="">`);
      expect(html).toContain(`account ${label(bank)}`);
      expect(html).toContain('is chosen because its columns match');
      expect(html).not.toContain('Nothing is set yet');
      expect(html).toMatch(/name="csv.amount"[^>]*>.*<option value="Suma" selected="">/);
      expect(await formHtml({ columns }, 'sk')).toContain('lebo jeho stĺpce sa zhodujú');
    });

    it('columns that fit no remembered mapping are only guessed, naming no account', async () => {
      const header = ['Dátum', 'Popis', 'Suma v EUR'];
      const html = await formHtml({ columns: Buffer.from(JSON.stringify(header)).toString('base64url') });
      expect(html).not.toContain('data-borrowed-columns');
      expect(html).toContain('<option value="" selected="">');
    });
  });

  it('an account with remembered columns says who confirmed them and offers to confirm them again', async () => {
    const html = await formHtml({ account: bank.id });
    expect(html).toContain(`confirmed by ${JANA}`);
    expect(html).toContain('name="csv.ask"');
  });
});

describe('the company’s imports (GET …/imports)', () => {
  it('newest first, with kind, file, who, when, counts per state and a link to each', async () => {
    const rows = await loadCompanyImports(companyPage());
    expect(rows.length).toBe(await importCount());
    const times = rows.map((row) => row.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = rows.at(-1)!;
    expect(first).toMatchObject({ kind: 'payments', fileName: 'vypis-januar.xml', createdBy: JANA, state: 'draft' });
    expect(first.href).toBe(`/companies/10001/payments/import/${first.id}`);
    expect(first.counts.find((count) => count.state === 'excluded')?.count).toBe(2);
    expect(first.total).toBe(first.counts.reduce((sum, count) => sum + count.count, 0));

    const html = render(
      createElement(ImportsTable, { rows, tenantId: '10001', texts: importUploadTexts.sk, locale: 'sk' }),
    );
    expect(html).toContain(`href="/companies/10001/payments/import/${first.id}"`);
    expect(html).toContain('vypis-januar.xml');
    expect(html).toContain('Bankový výpis');
    // The import's and its lines' states in the words of the import's own page (issue 31), not words of the list's.
    expect(html).toContain(`>${importsTexts.sk.importStates.draft}<`);
    expect(html).toContain(`${importsTexts.sk.states.excluded}: 2`);
    expect(html.indexOf(rows[0]!.id)).toBeLessThan(html.indexOf(first.id));
  });

  it('a company without imports says so', () => {
    const html = render(
      createElement(ImportsTable, { rows: [], tenantId: '10002', texts: importUploadTexts.en, locale: 'en' }),
    );
    expect(html).toContain('The company has no imports yet.');
  });
});

describe('what the logs keep of a statement', () => {
  it('nothing of its lines: no payer, IBAN, message or reference, whether it was read or refused', async () => {
    const bytes = await sandboxStatement('camt053', bank.id);
    const text = new TextDecoder().decode(bytes);
    const facts = [
      ...[...text.matchAll(/<Nm>([^<]{6,})<\/Nm>/g)].map((match) => match[1]!),
      ...[...text.matchAll(/<IBAN>([^<]+)<\/IBAN>/g)].map((match) => match[1]!),
      ...[...text.matchAll(/<Ustrd>([^<]{6,})<\/Ustrd>/g)].map((match) => match[1]!),
      ...[...text.matchAll(/<AcctSvcrRef>([^<]+)<\/AcctSvcrRef>/g)].map((match) => match[1]!),
    ];
    expect(facts.length).toBeGreaterThan(10);
    const before = capturedLogLines.length;
    await createdImport(await post({ file: { name: 'vypis-log.xml', bytes } }));
    // The same statement cut short: refused, and its lines still nowhere in the logs.
    const refused = await post({ file: { name: 'vypis-cut.xml', bytes: bytes.slice(0, bytes.length - 200) } });
    expect(refused.status).toBe(400);
    const lines = capturedLogLines.slice(before);
    expect(lines.length).toBeGreaterThan(0);
    for (const fact of facts)
      expect(
        lines.filter((line) => line.includes(fact)),
        fact,
      ).toEqual([]);
  });
});
