import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

import { failedRowsCsv } from '@/lib/features/imports/invoices/failed-rows';
import { invoiceTemplateCsv } from '@/lib/features/imports/invoices/template';
import { type Cell, column, type FileColumn } from '@/lib/platform/files/columns';
import { csvStream, csvText } from '@/lib/platform/files/csv';

/**
 * The add-on's one CSV writer (lib/platform/files/csv.ts) and its rules: UTF-8 with a BOM, the language's separator
 * (`;` Slovak, `,` English), CRLF, every field that is not empty in quotes (a quote doubled), a decimal comma in
 * Slovak, days the language's way, the formula guard on texts (not on numbers), the totals rows after the rows. The
 * same bytes streamed or written at once, and the invoice template and failed.csv are written by it.
 */

type Row = { name: string | null; amount: string | null; quantity: string; day: string; count: number | null };

const columns: FileColumn<Row>[] = [
  column('text', 'Názov', 20, (row: Row) => row.name),
  column('amount', 'Suma', 12, (row: Row) => row.amount),
  column('quantity', 'Množstvo', 12, (row: Row) => row.quantity),
  column('day', 'Deň', 12, (row: Row) => row.day),
  column('count', 'Dní', 8, (row: Row, today) => (today === '2026-01-20' ? row.count : null)),
];

const rows: Row[] = [
  { name: 'Hruška, a.s.; "pobočka"', amount: '-1234.5', quantity: '1.5', day: '2026-01-15', count: 5 },
  { name: null, amount: null, quantity: '2', day: '2026-12-01', count: null },
];

const totals: Cell[][] = [
  columns.map((each) => ({ type: each.type, value: null })),
  [
    { type: 'text', value: 'Spolu: 2' },
    { type: 'amount', value: '-1234.5' },
    { type: 'quantity', value: null },
    { type: 'day', value: null },
    { type: 'count', value: null },
  ],
];

async function* batches() {
  yield rows.slice(0, 1);
  yield rows.slice(1);
}

/** The streamed file's bytes as text (Response.text() would drop the BOM). */
const streamed = async (locale: 'sk' | 'en') => {
  const stream = csvStream(columns, batches(), {
    locale,
    today: '2026-01-20',
    totals: async () => totals,
    failed: () => {},
  });
  return Buffer.from(await new Response(stream).arrayBuffer()).toString('utf8');
};

describe('the CSV writer', () => {
  it('Slovak: BOM, `;`, CRLF, quoted fields, decimal comma, Slovak days, the totals rows last', () => {
    const text = csvText(columns, rows, { locale: 'sk', today: '2026-01-20', totals });
    expect(text).toBe(
      '\uFEFF"Názov";"Suma";"Množstvo";"Deň";"Dní"\r\n' +
        '"Hruška, a.s.; ""pobočka""";"-1234,50";"1,5";"15. 1. 2026";"5"\r\n' +
        ';;"2";"1. 12. 2026";\r\n' +
        ';;;;\r\n' +
        '"Spolu: 2";"-1234,50";;;\r\n',
    );
  });

  it('English: `,`, a decimal point and ISO days', () => {
    const text = csvText(columns, rows.slice(0, 1), { locale: 'en', today: '2026-01-20' });
    expect(text).toBe(
      '\uFEFF"Názov","Suma","Množstvo","Deň","Dní"\r\n"Hruška, a.s.; ""pobočka""","-1234.50","1.5","2026-01-15","5"\r\n',
    );
  });

  it('writes the same bytes streamed as at once', async () => {
    for (const locale of ['sk', 'en'] as const) {
      expect(await streamed(locale)).toBe(csvText(columns, rows, { locale, today: '2026-01-20', totals }));
    }
  });

  it('guards a text a spreadsheet would run as a formula, never a number or a number as written', () => {
    const formulas = ['=1+1', '+1', '-A1', '@SUM(A1)', '\tx', '\rx', '\uFF1D1', '\uFF0B1', '\uFF0D1', '\uFF20x'];
    const cells = (value: string): Cell[] => [
      { type: 'text', value },
      { type: 'asWritten', value: '-12,30' },
      { type: 'amount', value: '-5' },
    ];
    const file = csvText(
      [
        { header: 'text', type: 'text', cell: (value: string) => cells(value)[0]! },
        { header: 'written', type: 'asWritten', cell: (value: string) => cells(value)[1]! },
        { header: 'amount', type: 'amount', cell: (value: string) => cells(value)[2]! },
      ],
      formulas,
      { locale: 'sk' },
    );
    const records = file.replace('\uFEFF', '').split('\r\n').slice(1, -1);
    expect(records).toEqual(formulas.map((value) => `"'${value}";"-12,30";"-5,00"`));
    expect(csvText([column('text', 'a', 1, (value: string) => value)], ['Firma', ''], { locale: 'sk' })).toBe(
      '\uFEFF"a"\r\n"Firma"\r\n\r\n',
    );
  });

  it('writes the invoice template and failed.csv', () => {
    const template = invoiceTemplateCsv();
    expect(template.startsWith('\uFEFF"documentNumber";"numberingSequence";')).toBe(true);
    expect(template.split('\r\n')[1]).toContain(';"15. 1. 2026";"29. 1. 2026";');
    expect(template.split('\r\n')[1]).toContain(';"4";"ks";"23";"492";"541,2"');
    expect(template.endsWith('\r\n')).toBe(true);
    const failed = failedRowsCsv(
      [
        {
          state: 'invalid',
          problems: [],
          display: { source: [{ row: 2, cells: { 'item.name': '=A1', 'item.totalPriceInclVat': '-5,00' } }] },
        },
      ],
      () => '',
      'Prečo',
    );
    expect(failed).toBe('\uFEFF"item.name";"item.totalPriceInclVat";"Prečo"\r\n"\'=A1";"-5,00";\r\n');
  });
});

/** The modules of lib/ importing a package, by their source (an import or export `from` the package or a subpath). */
function importersOf(name: string): string[] {
  const root = join(__dirname, '../..');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && new RegExp(`from '${name}(/[^']*)?'`).test(readFileSync(path, 'utf8')))
        found.push(relative(root, path));
    }
  };
  walk(join(root, 'lib'));
  return found.sort();
}

describe('one writer per format', () => {
  it('csv-stringify is imported by the CSV writer alone, exceljs by the XLSX writer and the invoice sheet’s reader', () => {
    expect(importersOf('csv-stringify')).toEqual(['lib/platform/files/csv.ts']);
    expect(importersOf('exceljs')).toEqual(['lib/features/imports/invoices/sheet.ts', 'lib/platform/files/xlsx.ts']);
  });
});
