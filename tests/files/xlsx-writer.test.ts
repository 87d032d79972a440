import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

import { invoiceTemplateXlsx } from '@/lib/features/imports/invoices/template';
import { type Cell, column, type FileColumn } from '@/lib/platform/files/columns';
import { xlsxStream } from '@/lib/platform/files/xlsx';

/**
 * The add-on's one XLSX writer (lib/platform/files/xlsx.ts) and its rules: typed cells (amounts, quantities and counts
 * numbers, days dates, texts strings and never formulas), the number formats by column and language, the widths, a
 * bold header row kept in view, the totals rows last and bold, a sheet's name as Excel allows it, texts without what
 * XML cannot hold. The invoice template is written by it.
 */

type Row = { name: string; amount: string; quantity: string; day: string; count: number };

const columns: FileColumn<Row>[] = [
  column('text', 'Názov', 30, (row: Row) => row.name),
  column('amount', 'Suma', 14, (row: Row) => row.amount),
  column('quantity', 'Množstvo', 12, (row: Row) => row.quantity),
  column('day', 'Deň', 12, (row: Row) => row.day),
  column('count', 'Dní', 8, (row: Row, today) => (today === '2026-01-20' ? row.count : null)),
];

async function* batches() {
  yield [{ name: '=1+1\uFFFE', amount: '-1234.5', quantity: '1.125', day: '2026-01-15', count: 5 }];
}

const totals: Cell[][] = [
  [
    { type: 'text', value: 'Spolu' },
    { type: 'amount', value: '10' },
    { type: 'quantity', value: null },
    { type: 'day', value: null },
    { type: 'count', value: null },
  ],
];

async function workbookOf(file: ReadableStream<Uint8Array> | Buffer) {
  const bytes = 'getReader' in file ? await new Response(file).arrayBuffer() : file;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  return workbook;
}

const written = (locale: 'sk' | 'en') =>
  workbookOf(
    xlsxStream(columns, batches(), {
      locale,
      today: '2026-01-20',
      totals: async () => totals,
      failed: (error) => {
        throw error;
      },
      sheet: 'Faktúry: 1/2 [sk]',
    }),
  );

describe('the XLSX writer', () => {
  it('types each cell, formats it by its column, and ends with the totals rows in bold', async () => {
    const sheet = (await written('sk')).worksheets[0]!;
    expect(sheet.name).toBe('Faktúry  1 2  sk ');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((each) => each.width)).toEqual([30, 14, 12, 12, 8]);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Názov', 'Suma', 'Množstvo', 'Deň', 'Dní']);
    expect(sheet.getRow(1).getCell(1).font).toMatchObject({ bold: true });

    const row = sheet.getRow(2);
    // A text stays a text, never a formula; what XML cannot hold is left out.
    expect(row.getCell(1).value).toBe('=1+1');
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect([row.getCell(2).value, row.getCell(2).numFmt]).toEqual([-1234.5, '#,##0.00']);
    expect([row.getCell(3).value, row.getCell(3).numFmt]).toEqual([1.125, undefined]);
    expect([row.getCell(4).value, row.getCell(4).numFmt]).toEqual([new Date('2026-01-15T00:00:00Z'), 'd. m. yyyy']);
    expect([row.getCell(5).value, row.getCell(5).numFmt]).toEqual([5, '0']);
    expect(row.getCell(1).font?.bold).toBeFalsy();

    const total = sheet.getRow(3);
    expect([total.getCell(1).value, total.getCell(2).value, total.getCell(3).value]).toEqual(['Spolu', 10, null]);
    expect(total.getCell(1).font).toMatchObject({ bold: true });
    expect(sheet.rowCount).toBe(3);
  });

  it('writes days the English way in English', async () => {
    const sheet = (await written('en')).worksheets[0]!;
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('dd/mm/yyyy');
  });

  it('writes the invoice template: its invoices’ sheet typed, its explanations wrapped and not frozen', async () => {
    const [invoices, explanations] = (await workbookOf(await invoiceTemplateXlsx())).worksheets;
    expect(invoices!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(invoices!.getRow(1).getCell(1).font).toMatchObject({ bold: true });
    const issueDate = invoices!.getRow(2).getCell('D');
    expect([issueDate.value, issueDate.numFmt]).toEqual([new Date('2026-01-15T00:00:00Z'), 'd. m. yyyy']);
    expect(invoices!.getRow(2).getCell('Z').value).toBe(541.2);
    expect((explanations!.views ?? []).some((view) => view.state === 'frozen')).toBe(false);
    expect(explanations!.columns.map((each) => each.width)).toEqual([24, 40, 80, 80]);
    expect(explanations!.getRow(2).getCell(3).alignment).toEqual({ wrapText: true, vertical: 'top' });
  });
});
