import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';

import { documentTexts } from '@/lib/base/i18n/documents';
import { exportColumns } from '@/lib/features/documents/export/columns';
import { type MirrorView, totalsOfMirrored } from '@/lib/features/documents/queries';
import { DOCUMENT_KINDS, type DocumentKind } from '@/lib/owners/mirror/kinds';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { guardedText } from '@/lib/platform/files/csv-cells';
import { xmlText } from '@/lib/platform/files/xlsx';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { TODAY } from '../support/sandbox';
import { csvRows, documentRows, exported, sheetValues, totalRows, xlsxSheet } from './export-fixture';
import { mirrorSandboxDuringTests } from './mirror-fixture';
import { everyMirrored, invoice, mirrorRecords } from './query-fixture';

/**
 * A list's export, read from the company's mirror on each database: every row of the view (not a page) in exactly the
 * list's order, whatever the search, filters and sort; CSV in UTF-8 with a BOM, with the user's language's headers,
 * delimiter, decimals and days, and text that a spreadsheet would run as a formula made inert; XLSX with real
 * numbers and dates carrying number formats.
 */
const company = { pluginId: PLUGIN_ID, tenantId: 'export' };

const invoices = [
  invoice({
    id: 1,
    number: 'OF2026000001',
    partner: 'Obchod Hruška s.r.o.',
    ico: '36123456',
    variableSymbol: '2026000001',
    issue: '2026-03-01',
    due: '2026-03-15',
    totals: ['100.00', '120.50'],
  }),
  invoice({
    id: 2,
    number: 'OF2026000002',
    partner: 'Pekáreň; "Žitná" a.s.',
    issue: '2026-03-02',
    due: '2026-12-15',
    paid: 1,
    currency: 'CZK',
    totals: ['-50', '-60', '-1500.4'],
  }),
  invoice({ id: 3, number: 'OF2026000003', partner: '=HYPERLINK("https://evil.example","x")', issue: '2026-02-01' }),
  invoice({ id: 4, number: 'OF2026000004', partner: '@SUM(A1)', issue: '2026-02-02' }),
  invoice({ id: 5, number: 'OF2026000005', partner: '+421 900 000', issue: '2026-02-03' }),
  invoice({ id: 6, number: 'OF2026000006', partner: '-1 firma', issue: '2026-02-04' }),
  invoice({ id: 7, number: 'OF2026000007', partner: '\t=1+1', issue: '2026-02-05' }),
  // The other language's separator, then a formula: a spreadsheet set to that separator must not split the cell.
  invoice({ id: 8, number: 'OF2026000008', partner: 'Firma a.s.,=1+1', issue: '2026-02-06' }),
  invoice({ id: 9, number: 'OF2026000009', partner: 'Firma a.s.;=1+1', issue: '2026-02-07' }),
  // Characters XML 1.0 cannot hold: a sheet with them is refused whole.
  invoice({ id: 10, number: 'OF2026000010', partner: 'Zlá\uFFFE firma\uFFFF s.r.o.', issue: '2026-02-08' }),
];

/**
 * A record split as a spreadsheet set to `separator` splits it: at each separator outside quotes (a quote opens and
 * closes a quoted part anywhere, as lenient readers take it), the quotes dropped.
 */
function splitAs(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  return [...fields, field];
}

describe.each(databaseKinds)('the export of a list on %s', (databaseKind) => {
  const database = testDatabaseDuringTests(databaseKind);

  beforeAll(async () => {
    await mirrorRecords(database.db, company, 'invoices', invoices);
  });

  const exportOf = (
    format: 'csv' | 'xlsx',
    locale: 'sk' | 'en',
    view: MirrorView<'invoices'> = { sort: 'issueDate' },
  ) => exported(database.db, company, { kind: 'invoices', format, view, locale, today: TODAY });

  describe('as CSV', () => {
    it('is UTF-8 with a BOM, a header row in Slovak, `;` between fields and CRLF line ends', async () => {
      const { bytes, contentType, fileName, failures } = await exportOf('csv', 'sk');
      expect(failures).toEqual([]);
      expect(contentType).toBe('text/csv; charset=utf-8');
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8').slice(1);
      expect(text.split('\r\n')[0]).toBe(
        '"Číslo dokladu";"Druh";"Odberateľ";"IČO";"Variabilný symbol";"Dátum vystavenia";"Dátum dodania";' +
          '"Dátum splatnosti";"Suma bez DPH (EUR)";"Suma s DPH (EUR)";"Suma s DPH v mene dokladu";"Mena";' +
          '"Zostáva uhradiť v mene dokladu";"Úhrada";"Dní po splatnosti"',
      );
      expect(text.endsWith('\r\n')).toBe(true);
      expect(fileName).toEqual({
        ascii: `faktury-Firma-s-r-o-${TODAY}.csv`,
        unicode: `faktúry-Firma s.r.o.-${TODAY}.csv`,
      });
    });

    it('writes Slovak numbers with a decimal comma and days as d. M. yyyy', async () => {
      const rows = csvRows((await exportOf('csv', 'sk', { q: 'OF202600000', sort: 'documentNumber' })).bytes, ';');
      const [first, second] = rows.slice(1);
      expect(first).toEqual([
        'OF2026000001',
        'Faktúra',
        'Obchod Hruška s.r.o.',
        '36123456',
        '2026000001',
        '1. 3. 2026',
        '',
        '15. 3. 2026',
        '100,00',
        '120,50',
        '120,50',
        'EUR',
        '120,50',
        'Neuhradené',
        '252',
      ]);
      expect(second).toEqual([
        'OF2026000002',
        'Faktúra',
        'Pekáreň; "Žitná" a.s.',
        '',
        '',
        '2. 3. 2026',
        '',
        '15. 12. 2026',
        '-50,00',
        '-60,00',
        '-1500,40',
        'CZK',
        '0,00',
        'Uhradené',
        '',
      ]);
    });

    it('writes English headers, `,` between fields, a decimal point and ISO days', async () => {
      const rows = csvRows((await exportOf('csv', 'en', { q: 'of2026000001' })).bytes, ',');
      expect(rows[0]).toEqual(exportColumns('invoices', documentTexts.en).map((column) => column.header));
      expect(rows[0]!.slice(0, 3)).toEqual(['Document number', 'Type', 'Customer']);
      expect(rows[1]).toEqual([
        'OF2026000001',
        'Invoice',
        'Obchod Hruška s.r.o.',
        '36123456',
        '2026000001',
        '2026-03-01',
        '',
        '2026-03-15',
        '100.00',
        '120.50',
        '120.50',
        'EUR',
        '120.50',
        'Unpaid',
        '252',
      ]);
    });

    it('makes a text cell that a spreadsheet would run as a formula inert with a leading apostrophe', async () => {
      const rows = csvRows((await exportOf('csv', 'sk')).bytes, ';');
      const partners = Object.fromEntries(rows.slice(1).map((row) => [row[0], row[2]]));
      expect(partners).toMatchObject({
        OF2026000003: `'=HYPERLINK("https://evil.example","x")`,
        OF2026000004: `'@SUM(A1)`,
        OF2026000005: `'+421 900 000`,
        OF2026000006: `'-1 firma`,
        // Names are trimmed as the lists show them, then guarded.
        OF2026000007: `'=1+1`,
        OF2026000001: 'Obchod Hruška s.r.o.',
      });
      for (const [raw, safe] of [
        ['\tcmd', "'\tcmd"],
        ['\rcmd', "'\rcmd"],
        ['＝1+1', "'＝1+1"],
        ['a=1', 'a=1'],
        ['', ''],
      ])
        expect(guardedText(raw!)).toBe(safe);
      // Numbers are ours, not text: a negative amount keeps its sign as a number.
      expect(rows.find((row) => row[0] === 'OF2026000002')![8]).toBe('-50,00');
    });

    it('quotes every field, so a spreadsheet set to the other separator splits no cell into a formula', async () => {
      for (const [locale, separator, other] of [
        ['sk', ';', ','],
        ['en', ',', ';'],
      ] as const) {
        const { bytes } = await exportOf('csv', locale, { sort: 'documentNumber' });
        const lines = bytes.toString('utf8').slice(1).split('\r\n').slice(0, -1);
        const partners = Object.fromEntries(csvRows(bytes, separator).map((row) => [row[0], row[2]]));
        expect(partners).toMatchObject({ OF2026000008: 'Firma a.s.,=1+1', OF2026000009: 'Firma a.s.;=1+1' });
        expect(lines.find((line) => line.startsWith('"OF2026000008"'))).toContain('"Firma a.s.,=1+1"');
        for (const line of lines) {
          // Read with the other separator, every field is still whole: none starts a formula of its own.
          const fields = splitAs(line, other);
          expect(
            fields.filter((field) => /^[=+\-@]/.test(field)),
            `${locale}: ${line}`,
          ).toEqual([]);
          // And with the file's own, each field is empty or quoted whole (a quote inside doubled).
          const quoted = '(?:"(?:[^"]|"")*")?';
          expect(line).toMatch(new RegExp(`^${quoted}(?:${separator}${quoted})*$`));
        }
      }
    });
  });

  describe('at the end of either format', () => {
    it('has the view’s totals as the list’s totals bar has them: count, sums in EUR, per currency', async () => {
      const totals = await totalsOfMirrored(database.db, company, 'invoices', { today: TODAY });
      expect(totals).toMatchObject({ count: invoices.length, byCurrency: [{ currency: 'CZK' }, { currency: 'EUR' }] });
      const empty = (length: number) => Array.from({ length }, () => '');
      const csv = csvRows((await exportOf('csv', 'sk')).bytes, ';');
      expect(documentRows(csv)).toHaveLength(invoices.length);
      expect(totalRows(csv)).toEqual([
        ['Spolu: 10 dokladov', ...empty(7), '50,00', '60,50', ...empty(5)],
        ['Spolu v CZK: 1 doklad', ...empty(9), '-1500,40', 'CZK', ...empty(3)],
        ['Spolu v EUR: 9 dokladov', ...empty(9), '120,50', 'EUR', ...empty(3)],
      ]);

      const sheet = await xlsxSheet((await exportOf('xlsx', 'en')).bytes);
      const values = sheetValues(sheet);
      const none = (length: number) => Array.from({ length }, () => null);
      expect(totalRows(values)).toEqual([
        ['Total: 10 documents', ...none(7), 50, 60.5, ...none(5)],
        ['Total in CZK: 1 document', ...none(9), -1500.4, 'CZK', ...none(3)],
        ['Total in EUR: 9 documents', ...none(9), 120.5, 'EUR', ...none(3)],
      ]);
      const totalsRow = sheet.getRow(values.length - 2);
      expect(totalsRow.getCell(1).font?.bold).toBe(true);
      expect(totalsRow.getCell(9).numFmt).toBe('#,##0.00');
    });

    it('has one totals row when every document is in EUR, as the totals bar shows no currencies then', async () => {
      const csv = csvRows((await exportOf('csv', 'en', { q: 'OF2026000001' })).bytes, ',');
      expect(documentRows(csv).map((row) => row[0])).toEqual(['OF2026000001']);
      expect(totalRows(csv).map((row) => row.filter(Boolean))).toEqual([['Total: 1 document', '100.00', '120.50']]);
      const nothing = csvRows((await exportOf('csv', 'sk', { q: 'nikto taký' })).bytes, ';');
      expect(totalRows(nothing).map((row) => row.filter(Boolean))).toEqual([['Spolu: 0 dokladov', '0,00', '0,00']]);
    });
  });

  describe('as XLSX', () => {
    it('has typed cells: numbers and dates with number formats, texts as texts (never formulas)', async () => {
      const { bytes, contentType, fileName } = await exportOf('xlsx', 'sk', { sort: 'documentNumber' });
      expect(contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(fileName.ascii).toBe(`faktury-Firma-s-r-o-${TODAY}.xlsx`);
      const sheet = await xlsxSheet(bytes);
      expect(sheet.name).toBe('Faktúry');
      const values = sheetValues(sheet);
      expect(values[0]).toEqual(exportColumns('invoices', documentTexts.sk).map((column) => column.header));
      expect(values[1]).toEqual([
        'OF2026000001',
        'Faktúra',
        'Obchod Hruška s.r.o.',
        '36123456',
        '2026000001',
        new Date('2026-03-01T00:00:00Z'),
        null,
        new Date('2026-03-15T00:00:00Z'),
        100,
        120.5,
        120.5,
        'EUR',
        120.5,
        'Neuhradené',
        252,
      ]);
      const row = sheet.getRow(2);
      expect(row.getCell(6).type).toBe(ExcelJS.ValueType.Date);
      expect(row.getCell(6).numFmt).toBe('d. m. yyyy');
      expect(row.getCell(9).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(9).numFmt).toBe('#,##0.00');
      expect(row.getCell(15).type).toBe(ExcelJS.ValueType.Number);
      const formulaLike = sheet.getRow(4).getCell(3);
      expect(formulaLike.value).toBe('=HYPERLINK("https://evil.example","x")');
      expect(formulaLike.type).toBe(ExcelJS.ValueType.String);
      expect(documentRows(values).map((each) => each[0])).toEqual(invoices.map((each) => each.documentNumber));
    });

    it('leaves out what XML cannot hold (U+FFFE, U+FFFF), so a spreadsheet program opens the file', async () => {
      const sheet = await xlsxSheet((await exportOf('xlsx', 'sk', { q: 'OF2026000010' })).bytes);
      expect(documentRows(sheetValues(sheet)).map((row) => row[2])).toEqual(['Zlá firma s.r.o.']);
      expect(xmlText('a\uFFFEb\uFFFFc\uD800d\u0001e\tf\u{1F600}')).toBe('abcde\tf\u{1F600}');
    });

    it('formats English days as the English lists show them', async () => {
      const sheet = await xlsxSheet((await exportOf('xlsx', 'en')).bytes);
      expect(sheet.name).toBe('Invoices');
      expect(sheet.getRow(1).getCell(1).value).toBe('Document number');
      expect(sheet.getRow(2).getCell(6).numFmt).toBe('dd/mm/yyyy');
    });
  });
});

describe.each(databaseKinds)('the export of a synced company’s lists on %s', (databaseKind) => {
  const database = testDatabaseDuringTests(databaseKind);
  const api = mirrorSandboxDuringTests();
  const synced = () => api.company('10001');

  beforeAll(async () => {
    await api.connect(database.db, '10001');
    await syncCompany(database.db, synced(), api.client('10001').client, 'full');
  }, 120_000);

  const views: Record<DocumentKind, Omit<MirrorView, 'top' | 'skip'>[]> = {
    invoices: [{}, { q: 's.r.o', sort: '-total' }, { filters: { PaymentStatus: '0' }, sort: 'partner' }, { q: '2026' }],
    expenses: [{}, { q: 'a.s', filters: { PaymentStatus: '0' }, sort: 'dueDate' }, { sort: '-documentNumber' }],
    deliveryNotes: [{}, { sort: 'total' }, { q: 'dl' }],
  };

  it('has every row of the view, not a page, in exactly the list’s order, in both formats', async () => {
    for (const kind of DOCUMENT_KINDS) {
      for (const view of views[kind]) {
        const listed = await everyMirrored(database.db, synced(), kind, { ...view, today: TODAY });
        const numbers = listed.map((record) => record.documentNumber ?? '');
        expect(numbers.length, `${kind} ${JSON.stringify(view)} matches some`).toBeGreaterThan(1);
        const request = { kind, view, today: TODAY, batchSize: 37 } as const;
        const csv = await exported(database.db, synced(), { ...request, format: 'csv', locale: 'sk' });
        const rows = documentRows(csvRows(csv.bytes, ';'));
        expect(
          rows.map((row) => row[0]),
          `${kind} ${JSON.stringify(view)}`,
        ).toEqual(numbers);
        const xlsx = await exported(database.db, synced(), { ...request, format: 'xlsx', locale: 'en' });
        const sheetRows = documentRows(sheetValues(await xlsxSheet(xlsx.bytes)));
        expect(sheetRows.map((row) => row[0] ?? '')).toEqual(numbers);
        expect([...csv.failures, ...xlsx.failures]).toEqual([]);
      }
    }
    const all = await everyMirrored(database.db, synced(), 'invoices', {});
    expect(all.length).toBeGreaterThan(100);
  }, 120_000);
});
