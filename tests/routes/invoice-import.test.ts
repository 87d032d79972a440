import { createHash } from 'node:crypto';

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as failedCsv } from '@/app/companies/[tenantId]/invoices/import/[importId]/failed.csv/route';
import { POST as send } from '@/app/companies/[tenantId]/invoices/import/[importId]/send/route';
import { GET as jsonView } from '@/app/companies/[tenantId]/invoices/import/[importId]/view.json/route';
import { GET as templateCsv } from '@/app/companies/[tenantId]/invoices/import/template.csv/route';
import { GET as templateXlsx } from '@/app/companies/[tenantId]/invoices/import/template.xlsx/route';
import { POST as upload } from '@/app/companies/[tenantId]/invoices/import/upload/route';
import { GET as paymentsView } from '@/app/companies/[tenantId]/payments/import/[importId]/view.json/route';
import { ImportsTable } from '@/components/imports/imports-table';
import { InvoiceImportFormView } from '@/components/imports/invoice-import-form';
import { InvoiceImportView } from '@/components/imports/invoice-import-view';
import { documentTexts } from '@/lib/base/i18n/documents';
import { formatMoney } from '@/lib/base/i18n/format';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { loadImportPage } from '@/lib/features/imports/import-page';
import { loadCompanyImports } from '@/lib/features/imports/imports-list';
import { loadInvoiceImportPage } from '@/lib/features/imports/invoice-import-page';
import { loadInvoiceContext } from '@/lib/features/imports/invoices/context';
import { invoicesToOverwrite } from '@/lib/features/imports/queries/invoice-import';
import { importReader } from '@/lib/features/imports/reading/pool';
import { createImport } from '@/lib/owners/imports/create';
import { importSendQueue } from '@/lib/owners/imports/jobs';
import { listImports, readImport } from '@/lib/owners/imports/view';
import { syncMirror } from '@/lib/owners/mirror/run';
import { getDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';
import { startJobs, stopJobs } from '@/lib/platform/jobs/process';

import {
  invoiceCsv,
  pdfBytes,
  table,
  twoItemInvoice,
  xlsxBytes,
  xmlInvoiceBytes,
} from '../imports/invoice-sheet/sheets';
import { bytesOf, camt053, entry } from '../imports/statements/statement-files';
import { BASE, PLUGIN_ID } from '../support/broker';
import {
  type CompanyFixture,
  companyPageOf,
  get,
  JANA,
  postForm,
  signIn,
  startCompanyFixture,
} from '../support/company';
import { capturedLogLines } from '../support/log-capture';
import { describeWhoMayUpload } from '../support/uploads';

/**
 * The invoice import's addresses (contract.md, "Uploads"), called as Next calls them: POST …/invoices/import (the
 * proxy rewrites it to …/upload) reads a CSV or XLSX into a stored invoices import (303 to its page), or answers a
 * 400 page saying why with nothing stored; the templates; the failed rows; the JSON view; the send form, which sends
 * an invoice whose number is already at KROS only with `overwrite=1`. All through the company's door: our own origin
 * for a form, the session's company only (403 before the body is read), another company's import not found (404).
 */
let fixture: CompanyFixture;
let cookie: string;
const TENANT = '10001';
const OTHER = '10002';
const company = { pluginId: PLUGIN_ID, tenantId: TENANT };
const scope = { ...company, userId: JANA };
/** The company's regular numbering sequence, and an invoice number it already has there (from the mirror). */
let sequence: string;
let existing: { sequence: string; documentNumber: string; id: string };

/** Two rows (items at 23 % and 19 %) of one invoice, in the company's sequence, to a customer named after its group. */
const invoiceRows = (group: string, overrides: Record<string, string> = {}) =>
  twoItemInvoice(sequence, group, overrides);

/** A file of its own content each time: the import's lines' externalIds are the content's. */
const unique = () => `T${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

type Upload = {
  file?: { name: string; bytes: Uint8Array };
  headers?: Record<string, string>;
  tenantId?: string;
};

function uploadRequest({ file, headers = {}, tenantId = TENANT }: Upload): Request {
  const form = new FormData();
  if (file) form.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  return new Request(`${BASE}/companies/${tenantId}/invoices/import`, {
    method: 'POST',
    headers: { cookie, origin: BASE, 'sec-fetch-site': 'same-origin', 'accept-language': 'sk', ...headers },
    body: form,
  });
}

const post = (input: Upload) =>
  upload(uploadRequest(input), { params: Promise.resolve({ tenantId: input.tenantId ?? TENANT }) });

const importCount = async () => (await listImports(await getDb(), company)).length;

/** The import a 303 names, read back. */
async function createdImport(response: Response) {
  expect(response.status, response.headers.get('x-invoice-refusal') ?? '').toBe(303);
  const location = response.headers.get('location')!;
  const match = /^\/companies\/10001\/invoices\/import\/([0-9a-f-]{36})$/.exec(location);
  expect(match, location).not.toBeNull();
  const detail = await readImport(await getDb(), company, match![1]!);
  expect(detail).not.toBeNull();
  return detail!;
}

type ImportParams = { tenantId: string; importId: string };

const sendForm = (params: ImportParams, fields: [string, string][], headers: Record<string, string> = {}) =>
  postForm(
    send,
    `/companies/${params.tenantId}/invoices/import/${params.importId}/send`,
    params,
    new URLSearchParams(fields).toString(),
    { cookie, ...headers },
  );

const getOf =
  (route: typeof failedCsv, suffix: string) =>
  (params: ImportParams, headers: Record<string, string> = {}) =>
    get(route, `/companies/${params.tenantId}/invoices/import/${params.importId}/${suffix}`, params, {
      cookie,
      ...headers,
    });
const getFailed = getOf(failedCsv, 'failed.csv');
const getView = (params: ImportParams, headers: Record<string, string> = {}) =>
  getOf(jsonView, 'view.json')(params, { accept: 'application/json', ...headers });

/** The company's page as its door hands it over (the session checked by the tests of the door). */
const companyPage = (tenantId = TENANT) => companyPageOf({ pluginId: PLUGIN_ID, tenantId, userId: JANA });

const render = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(element);

beforeAll(async () => {
  process.env.MIRROR_SYNC = 'on';
  resetEnvForTests();
  fixture = await startCompanyFixture();
  cookie = await signIn(fixture, { tenantIds: [TENANT, OTHER] });
  // The process's queue sends; no worker here, so the sender asked for waits and nothing reaches the service.
  await startJobs({ queues: [importSendQueue], work: false });
  const db = await getDb();
  await syncMirror(db, company, 'full');
  const context = await loadInvoiceContext(db, scope);
  sequence = context.defaultSequence ?? context.numberingSequences[0]!;
  expect(context.numberingSequences).toContain(sequence);
  const [key, found] = [...context.existing].find(([key]) => key.startsWith(`${sequence}\u0000`))!;
  existing = { sequence, documentNumber: key.split('\u0000')[1]!, id: found.id };
}, 180_000);
afterAll(async () => {
  await stopJobs({ timeoutMs: 1_000 });
  delete process.env.MIRROR_SYNC;
  resetEnvForTests();
  await fixture.stop();
});

describe('a good CSV', () => {
  it('becomes an invoices import (303 to its page): one line per invoice, the wrong one invalid naming row, column and value', async () => {
    const group = unique();
    const bytes = invoiceCsv([...invoiceRows(`${group}A`), ...invoiceRows(`${group}B`, { issueDate: '2026-02-30' })]);
    const detail = await createdImport(await post({ file: { name: 'faktury.csv', bytes } }));
    expect(detail).toMatchObject({
      kind: 'invoices',
      fileName: 'faktury.csv',
      fileDigest: createHash('sha256').update(bytes).digest('hex'),
      accountId: null,
      createdBy: JANA,
      state: 'draft',
    });
    expect(detail.lines.map((line) => line.state)).toEqual(['ready', 'invalid']);
    const [ready, invalid] = detail.lines as [(typeof detail.lines)[0], (typeof detail.lines)[0]];
    expect(ready.externalId).toEqual(expect.any(String));
    expect(ready.payload).toMatchObject({
      numberingSequence: sequence,
      documentNumber: '',
      externalId: ready.externalId,
    });
    expect(ready.display).toMatchObject({ rows: [2, 3], documentNumber: '', total: '281.70', exists: null });
    expect(invalid.display).toMatchObject({ rows: [4, 5] });
    expect(invalid.problems).toContainEqual(
      expect.objectContaining({
        params: expect.objectContaining({ row: '4', column: 'issueDate', value: '2026-02-30' }),
      }),
    );
  });

  it('its page: each invoice numbered by its sequence or not, items, totals, problems in words, the failed rows', async () => {
    const group = unique();
    const bytes = invoiceCsv([...invoiceRows(`${group}A`), ...invoiceRows(`${group}B`, { issueDate: '2026-02-30' })]);
    const detail = await createdImport(await post({ file: { name: 'faktury.csv', bytes } }));
    const data = (await loadInvoiceImportPage(companyPage(), detail.id, {}))!;
    expect(data).toMatchObject({ existing: 0, failed: 1, inProgress: false });
    expect(data.toSend).toEqual([{ currency: 'EUR', amount: '281.70', count: 1 }]);
    const html = render(
      createElement(InvoiceImportView, { data, tenantId: TENANT, texts: invoiceImportTexts.en, locale: 'en' }),
    );
    expect(html).toContain(`Numbered by the sequence ${sequence}`);
    expect(html).toContain(`Konzultácia ${group}A`);
    expect(html).toContain('data-vat-rate="23"');
    expect(html).toContain('data-vat-rate="19"');
    expect(html).toContain('Row 4, column issueDate: “2026-02-30” is not a valid date');
    expect(html).toContain(`href="/companies/10001/invoices/import/${detail.id}/failed.csv"`);
    expect(html).toContain(`action="/companies/10001/invoices/import/${detail.id}/send"`);
    expect(html).toContain('Send 1 invoice to KROS');
    expect(html).not.toContain('name="overwrite"');
    expect(html).toContain('data-import-kind="invoices"');
    const sk = render(
      createElement(InvoiceImportView, { data, tenantId: TENANT, texts: invoiceImportTexts.sk, locale: 'sk' }),
    );
    expect(sk).toContain(`Číslo pridelí číselný rad ${sequence}`);
    expect(sk).toContain('Riadok 4, stĺpec issueDate: „2026-02-30“ nie je platný dátum');
    expect(sk).toContain('Odoslať 1 faktúru do Fakturácie');
  });
});

describe('an invoice in another currency', () => {
  it('shows its exchange rate as the file gives it and its total in EUR at that rate', async () => {
    const group = unique();
    // 281.70 CZK at 25.125 CZK per 1 EUR: 11.2119… EUR.
    const bytes = invoiceCsv(invoiceRows(`${group}K`, { currency: 'CZK', exchangeRate: '25,125' }));
    const detail = await createdImport(await post({ file: { name: 'czk.csv', bytes } }));
    expect(detail.lines[0]!.state).toBe('ready');
    expect(detail.lines[0]!.payload).toMatchObject({ currency: 'CZK', exchangeRate: 25.125 });
    const data = (await loadInvoiceImportPage(companyPage(), detail.id, {}))!;
    const page = (locale: 'sk' | 'en') =>
      render(createElement(InvoiceImportView, { data, tenantId: TENANT, texts: invoiceImportTexts[locale], locale }));
    const en = page('en');
    expect(en).toContain('data-exchange-rate="25.125"');
    expect(en).toContain('Exchange rate 25.125 CZK per 1 EUR');
    expect(en).toMatch(/In EUR: <span[^>]*>€11\.21<\/span>/);
    const sk = page('sk');
    expect(sk).toContain('Kurz 25,125 CZK za 1 EUR');
    expect(sk).toMatch(/V EUR: <span[^>]*>11,21\s€<\/span>/);
  });
});

describe('a CSV with a column the add-on does not know', () => {
  it('is read without it, and its page names the column once, right after the upload', async () => {
    const group = unique();
    const bytes = invoiceCsv(invoiceRows(`${group}A`, { 'Interná poznámka': 'len pre nás' }));
    const response = await post({ file: { name: 'faktury.csv', bytes } });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, 'http://addon.test');
    expect(location.searchParams.getAll('ignored')).toEqual(['Interná poznámka']);
    const importId = location.pathname.split('/').at(-1)!;
    expect((await readImport(await getDb(), company, importId))!.lines.map((line) => line.state)).toEqual(['ready']);
    const data = (await loadInvoiceImportPage(companyPage(), importId, { ignored: 'Interná poznámka' }))!;
    expect(data.ignoredColumns).toEqual(['Interná poznámka']);
    const html = render(
      createElement(InvoiceImportView, { data, tenantId: TENANT, texts: invoiceImportTexts.en, locale: 'en' }),
    );
    expect(html).toContain('Columns the add-on does not know and does not read: Interná poznámka.');
    const plain = (await loadInvoiceImportPage(companyPage(), importId, {}))!;
    expect(plain.ignoredColumns).toEqual([]);
  });
});

describe('customers that look like duplicates', () => {
  it('are pointed out beside each invoice that names them', async () => {
    const group = unique();
    const name = `Rovnaké meno ${group} s.r.o.`;
    const bytes = invoiceCsv([
      ...invoiceRows(`${group}A`, { 'partner.businessName': name, 'partner.registrationId': '12345678' }),
      ...invoiceRows(`${group}B`, { 'partner.businessName': name, 'partner.registrationId': '87654321' }),
      ...invoiceRows(`${group}C`),
    ]);
    const detail = await createdImport(await post({ file: { name: 'partneri.csv', bytes } }));
    expect(detail.lines.map((line) => line.state)).toEqual(['ready', 'ready', 'ready']);
    const warning = {
      code: 'name-with-other-registration-id',
      name,
      values: ['12345678', '87654321'],
      rows: [2, 4],
      known: false,
    };
    expect(detail.lines[0]!.display.partnerWarnings).toEqual([warning]);
    expect(detail.lines[1]!.display.partnerWarnings).toEqual([warning]);
    expect(detail.lines[2]!.display.partnerWarnings ?? []).toEqual([]);
    const data = (await loadInvoiceImportPage(companyPage(), detail.id, {}))!;
    const html = render(
      createElement(InvoiceImportView, { data, tenantId: TENANT, texts: invoiceImportTexts.en, locale: 'en' }),
    );
    expect(html.match(/data-partner-warnings="1"/g)).toHaveLength(2);
    expect(html).toContain(`The customer “${name}” has different IČOs (12345678, 87654321; rows 2, 4)`);
  });
});

describe('a file that cannot be read: a 400 page saying why, in the user’s language, and nothing stored', () => {
  const cases: [string, Uint8Array, string][] = [
    ['empty', new Uint8Array(), 'empty'],
    ['not a spreadsheet', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0, 1, 2, 3]), 'binary'],
    ['a damaged XLSX', new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8]), 'unreadable'],
  ];
  for (const [what, bytes, code] of cases) {
    it(what, async () => {
      const before = await importCount();
      const response = await post({ file: { name: what.endsWith('XLSX') ? 'faktury.xlsx' : 'subor', bytes } });
      expect(response.status).toBe(400);
      expect(response.headers.get('x-invoice-refusal')).toBe(code);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('Súbor s faktúrami sa nepodarilo prečítať');
      expect(html).toContain('Nič sa neuložilo');
      expect(html).toContain('href="/companies/10001/invoices/import"');
      expect(await importCount()).toBe(before);
    });
  }

  it('a PDF, an XML and a workbook whose invoices are on its second sheet: each told what it is and what to do', async () => {
    const before = await importCount();
    const workbook = await xlsxBytes(
      [['Návod'], ['Faktúry vyplňte na hárku Faktúry.']],
      [{ name: 'Faktúry', rows: table(invoiceRows(unique())) }],
      'Návod',
    );
    const files: [string, Uint8Array, string, string][] = [
      ['faktura.pdf', pdfBytes(), 'not-a-sheet', 'Toto nie je súbor CSV ani XLSX: je to súbor PDF.'],
      ['faktura.xml', xmlInvoiceBytes(), 'not-a-sheet', 'Toto nie je súbor CSV ani XLSX: je to súbor XML.'],
      [
        'faktury.xlsx',
        workbook,
        'other-sheet',
        'Číta sa len prvý hárok zošita (je to „Návod“), faktúry sú však na hárku „Faktúry“: presuňte ich na prvý hárok',
      ],
    ];
    for (const [name, bytes, code, words] of files) {
      const response = await post({ file: { name, bytes } });
      expect(response.status).toBe(400);
      expect(response.headers.get('x-invoice-refusal')).toBe(code);
      const html = await response.text();
      expect(html).toContain(words);
      expect(html).not.toContain('nepomenúva žiadny známy stĺpec');
    }
    const english = await post({
      file: { name: 'faktura.pdf', bytes: pdfBytes() },
      headers: { 'accept-language': 'en' },
    });
    expect(await english.text()).toContain('This is not a CSV or XLSX file: its format is PDF.');
    expect(await importCount()).toBe(before);
  });

  it('in English for an English browser', async () => {
    const response = await post({
      file: { name: 'x.csv', bytes: new Uint8Array() },
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('The invoices file could not be read');
    expect(html).toContain('Nothing was stored');
  });

  it('no file at all', async () => {
    const response = await post({});
    expect(response.status).toBe(400);
    expect(response.headers.get('x-invoice-refusal')).toBe('no-file');
  });

  it('over 10 MB: refused while the body is read, before anything parses it', async () => {
    const before = await importCount();
    const bytes = new Uint8Array(10 * 1024 * 1024 + 100 * 1024).fill(0x41);
    const response = await post({ file: { name: 'velky.csv', bytes } });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-invoice-refusal')).toBe('too-large');
    expect(await response.text()).toContain('väčší ako 10 MB');
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
      const response = await post({ file: { name: 'faktury.csv', bytes: invoiceCsv(invoiceRows(unique())) } });
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('10');
      expect(response.headers.get('x-invoice-refusal')).toBe('busy');
      expect(await response.text()).toContain('Skúste to znova o chvíľu.');
      expect(await importCount()).toBe(before);
      expect((await Promise.all(reading)).map((answer) => answer.kind)).toEqual(['statement', 'statement']);
    },
  );
});

describeWhoMayUpload({
  upload,
  path: (tenantId) => `/companies/${tenantId}/invoices/import`,
  tenantId: TENANT,
  outsideTenantId: '10003',
  cookie: () => cookie,
  importCount,
});

describe('the templates (GET …/invoices/import/template.csv, template.xlsx)', () => {
  const get = (route: typeof templateCsv, name: string, tenantId = TENANT, language = 'sk') =>
    route(
      new Request(`${BASE}/companies/${tenantId}/invoices/import/${name}`, {
        headers: { cookie, 'accept-language': language },
      }),
      { params: Promise.resolve({ tenantId }) },
    );

  it('a CSV with the service’s field names, a download', async () => {
    const response = await get(templateCsv, 'template.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="sablona-faktur\.csv"/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await response.text();
    for (const field of ['documentNumber', 'numberingSequence', 'partner.businessName', 'item.totalPriceInclVat']) {
      expect(text).toContain(field);
    }
  });

  it('an XLSX, named in the reader’s language', async () => {
    const response = await get(templateXlsx, 'template.xlsx', TENANT, 'en');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-template\.xlsx"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
  });

  it('only for the session’s companies', async () => {
    expect((await get(templateCsv, 'template.csv', '10003')).status).toBe(403);
  });
});

describe('the import’s failed rows, JSON view and other companies', () => {
  let importId: string;
  let group: string;
  beforeAll(async () => {
    group = unique();
    const bytes = invoiceCsv([...invoiceRows(`${group}A`), ...invoiceRows(`${group}B`, { 'item.vatRate': '7' })]);
    importId = (await createdImport(await post({ file: { name: 'faktury.csv', bytes } }))).id;
  });

  it('failed.csv: the invalid invoice’s rows as read, with why', async () => {
    const response = await getFailed({ tenantId: TENANT, importId }, { 'accept-language': 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="failed-rows\.csv"/);
    const text = await response.text();
    expect(text).toContain(`Konzultácia ${group}B`);
    expect(text).toContain(`Káva zrnková ${group}B`);
    expect(text).not.toContain(`Konzultácia ${group}A`);
    expect(text).toContain('Row 4, column item.vatRate: the VAT rate 7 %');
  });

  it('failed.csv says the day of a VAT rate’s problem as the exports write days, never ISO in Slovak', async () => {
    const sk = await (await getFailed({ tenantId: TENANT, importId }, { 'accept-language': 'sk' })).text();
    expect(sk).toMatch(/sadzba DPH 7 % sa ku dňu \d{1,2}\. \d{1,2}\. \d{4} nedá použiť/);
    expect(sk).not.toMatch(/ku dňu \d{4}-\d{2}-\d{2}/);
    // English exports write ISO days (read as dates whatever the spreadsheet's region): failed.csv too.
    const en = await (await getFailed({ tenantId: TENANT, importId }, { 'accept-language': 'en' })).text();
    expect(en).toMatch(/cannot be used on \d{4}-\d{2}-\d{2} /);
  });

  it('the JSON view says a problem’s day in the user’s language, never ISO', async () => {
    for (const [language, pattern] of [
      ['sk', /ku dňu \d{1,2}\. \d{1,2}\. \d{4} nedá/],
      ['en', /cannot be used on \d{2}\/\d{2}\/\d{4} /],
    ] as const) {
      const view = (await (await getView({ tenantId: TENANT, importId }, { 'accept-language': language })).json()) as {
        lines: { problems: string[] }[];
      };
      const said = view.lines.flatMap((line) => line.problems).join(' ');
      expect(said, language).toMatch(pattern);
      expect(said, language).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
  });

  it('the JSON view: the contract’s fields, problems in the user’s language', async () => {
    const response = await getView({ tenantId: TENANT, importId }, { 'accept-language': 'en' });
    expect(response.status).toBe(200);
    const view = (await response.json()) as { kind: string; state: string; lines: Record<string, unknown>[] };
    expect(view).toMatchObject({ id: importId, kind: 'invoices', state: 'draft' });
    expect(view.lines[0]).toMatchObject({
      line: '1',
      state: 'ready',
      rows: [2, 3],
      documentNumber: '',
      total: '281.70',
      problems: [],
      document: null,
      requestId: null,
    });
    expect(view.lines[1]).toMatchObject({ state: 'invalid', rows: [4, 5] });
    expect((view.lines[1]!.problems as string[]).join(' ')).toContain('Row 4, column item.vatRate: the VAT rate 7 %');
  });

  it('another company’s import (or a payments import here, or an invoices import there) is not found', async () => {
    const other = { tenantId: OTHER, importId };
    expect((await getFailed(other)).status).toBe(404);
    expect((await getView(other)).status).toBe(404);
    expect((await sendForm(other, [])).status).toBe(404);
    expect(await loadInvoiceImportPage(companyPage(OTHER), importId, {})).toBeNull();
    expect((await getFailed({ tenantId: TENANT, importId: 'nie-je-id' })).status).toBe(404);

    // A payments import is not an invoices import, nor the other way round.
    const payments = await createImport(await getDb(), scope, {
      kind: 'payments',
      fileName: 'vypis.xml',
      digest: 'a'.repeat(64),
      accountId: '1',
      lines: [{ state: 'excluded', externalId: null, payload: null }],
    });
    expect(await loadInvoiceImportPage(companyPage(), payments.id, {})).toBeNull();
    expect((await getView({ tenantId: TENANT, importId: payments.id })).status).toBe(404);
    expect((await sendForm({ tenantId: TENANT, importId: payments.id }, [])).status).toBe(404);
    expect(await loadImportPage(companyPage(), importId, {})).toBeNull();
    const paymentsJson = await paymentsView(
      new Request(`${BASE}/companies/${TENANT}/payments/import/${importId}/view.json`, {
        headers: { cookie, accept: 'application/json' },
      }),
      { params: Promise.resolve({ tenantId: TENANT, importId }) },
    );
    expect(paymentsJson.status).toBe(404);
  });

  it('a company outside the session: 403', async () => {
    expect((await getFailed({ tenantId: '10003', importId })).status).toBe(403);
    expect((await getView({ tenantId: '10003', importId })).status).toBe(403);
  });
});

describe('sending (POST …/invoices/import/{id}/send)', () => {
  it('an invoice whose number is already at KROS waits for overwrite=1; the others go at once', async () => {
    const group = unique();
    const bytes = invoiceCsv([
      ...invoiceRows(`${group}N`),
      ...invoiceRows(`${group}E`, { documentNumber: existing.documentNumber, numberingSequence: existing.sequence }),
    ]);
    const detail = await createdImport(await post({ file: { name: 'prepis.csv', bytes } }));
    expect(detail.lines.map((line) => line.state)).toEqual(['ready', 'ready']);
    expect(detail.lines[1]!.display).toMatchObject({
      documentNumber: existing.documentNumber,
      exists: { id: existing.id },
    });
    const params = { tenantId: TENANT, importId: detail.id };

    // The page warns and asks for the confirmation.
    const data = (await loadInvoiceImportPage(companyPage(), detail.id, {}))!;
    expect(data.existing).toBe(1);
    const html = render(
      createElement(InvoiceImportView, { data, tenantId: TENANT, texts: invoiceImportTexts.en, locale: 'en' }),
    );
    expect(html).toContain('Already exists at KROS — will be overwritten');
    // Beside the new total: the existing invoice's, and how it is paid, as the company's copy has them.
    const [old] = await invoicesToOverwrite(await getDb(), company, [existing.id]);
    expect(old).toMatchObject({ id: existing.id, total: expect.stringMatching(/^-?\d+(\.\d+)?$/) });
    expect(data.lines[1]!.existing).toEqual(old);
    expect(data.lines[0]!.existing).toBeNull();
    const oldTotal = formatMoney(Number(old!.total), old!.currency || 'EUR', 'en');
    const paid = documentTexts.en.paymentStatus[String(old!.paymentStatus) as '0' | '1' | '2' | '3'];
    expect(html).toContain(`data-existing-total="${old!.total}"`);
    expect(html).toMatch(new RegExp(`Now:</dt><dd><span[^>]*>${oldTotal}</span> · ${paid}`));
    expect(html).toMatch(/Once overwritten:<\/dt><dd[^>]*>€281\.70<\/dd>/);
    const skPage = render(
      createElement(InvoiceImportView, { data, tenantId: TENANT, texts: invoiceImportTexts.sk, locale: 'sk' }),
    );
    expect(skPage).toContain('Teraz:');
    expect(skPage).toContain(documentTexts.sk.paymentStatus[String(old!.paymentStatus) as '0' | '1' | '2' | '3']);
    expect(skPage).toMatch(/Po prepísaní:<\/dt><dd[^>]*>281,70\s€<\/dd>/);
    expect(html).toMatch(/<input type="checkbox"[^>]* name="overwrite" value="1"/);
    expect(html).toContain(`href="/companies/10001/invoices/${existing.id}"`);

    // Without overwrite=1: only the new invoice is queued; the page says why the other was not.
    const first = await sendForm(params, []);
    expect(first.status).toBe(303);
    const location = new URL(first.headers.get('location')!, BASE);
    expect(location.pathname).toBe(`/companies/10001/invoices/import/${detail.id}`);
    expect(Object.fromEntries(location.searchParams)).toEqual({ outcome: 'overwrite-needed', count: '1' });
    let after = (await readImport(await getDb(), company, detail.id))!;
    expect(after.lines.map((line) => line.state)).toEqual(['queued', 'ready']);
    const said = (await loadInvoiceImportPage(companyPage(), detail.id, Object.fromEntries(location.searchParams)))!;
    expect(
      render(
        createElement(InvoiceImportView, { data: said, tenantId: TENANT, texts: invoiceImportTexts.en, locale: 'en' }),
      ),
    ).toContain('The invoices that already exist at KROS (1) were not sent');

    // Named, still not without the confirmation.
    const named = await sendForm(params, [['line', '2']]);
    expect(new URL(named.headers.get('location')!, BASE).searchParams.get('outcome')).toBe('overwrite-needed');
    after = (await readImport(await getDb(), company, detail.id))!;
    expect(after.lines[1]!.state).toBe('ready');

    // Confirmed: queued.
    const confirmed = await sendForm(params, [
      ['line', '2'],
      ['overwrite', '1'],
    ]);
    expect(new URL(confirmed.headers.get('location')!, BASE).searchParams.get('outcome')).toBe('queued');
    after = (await readImport(await getDb(), company, detail.id))!;
    expect(after.lines.map((line) => line.state)).toEqual(['queued', 'queued']);

    // Nothing left to send.
    const again = await sendForm(params, [['overwrite', '1']]);
    expect(new URL(again.headers.get('location')!, BASE).searchParams.get('outcome')).toBe('unchanged');
  });

  it('another site’s form: 403, nothing queued; a form it does not know: 400', async () => {
    const detail = await createdImport(
      await post({ file: { name: 'faktury.csv', bytes: invoiceCsv(invoiceRows(unique())) } }),
    );
    const params = { tenantId: TENANT, importId: detail.id };
    const refused = await sendForm(params, [], { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' });
    expect(refused.status).toBe(403);
    expect((await sendForm(params, [['line', 'x'.repeat(41)]])).status).toBe(400);
    const after = (await readImport(await getDb(), company, detail.id))!;
    expect(after.lines.map((line) => line.state)).toEqual(['ready']);
  });
});

describe('the form and the list', () => {
  it('the form: a file (`file`) posted to its own address, the templates linked', () => {
    const html = render(createElement(InvoiceImportFormView, { tenantId: TENANT, texts: invoiceImportTexts.en }));
    expect(html).toContain('action="/companies/10001/invoices/import"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('name="file"');
    expect(html).toContain('href="/companies/10001/invoices/import/template.csv"');
    expect(html).toContain('href="/companies/10001/invoices/import/template.xlsx"');
    const sk = render(createElement(InvoiceImportFormView, { tenantId: TENANT, texts: invoiceImportTexts.sk }));
    expect(sk).toContain('Súbor s faktúrami');
  });

  it('the company’s imports link an invoices import to its page', async () => {
    const rows = await loadCompanyImports(companyPage());
    const invoices = rows.find((row) => row.kind === 'invoices')!;
    expect(invoices.href).toBe(`/companies/10001/invoices/import/${invoices.id}`);
    const html = render(
      createElement(ImportsTable, { rows, tenantId: TENANT, texts: importUploadTexts.en, locale: 'en' }),
    );
    expect(html).toContain(`href="/companies/10001/invoices/import/${invoices.id}"`);
    expect(html).toContain('href="/companies/10001/invoices/import"');
  });
});

describe('what the logs keep of an invoices file', () => {
  it('nothing of its rows: no customer, e-mail or item, whether it was read or refused', async () => {
    const group = unique();
    const rows = [...invoiceRows(`${group}L`), ...invoiceRows(`${group}M`, { issueDate: '2026-13-01' })];
    const facts = rows.flatMap((row) => [row['partner.businessName']!, row['partner.email']!, row['item.name']!]);
    const before = capturedLogLines.length;
    await createdImport(await post({ file: { name: 'faktury-log.csv', bytes: invoiceCsv(rows) } }));
    // The same file cut into what no reader takes: refused, and its rows still nowhere in the logs.
    const cut = new Uint8Array([0x50, 0x4b, 3, 4, ...invoiceCsv(rows)]);
    expect((await post({ file: { name: 'faktury-log.xlsx', bytes: cut } })).status).toBe(400);
    const lines = capturedLogLines.slice(before);
    expect(lines.length).toBeGreaterThan(0);
    for (const fact of facts)
      expect(
        lines.filter((line) => line.includes(fact)),
        fact,
      ).toEqual([]);
  });
});
