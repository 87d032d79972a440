import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

import { invoiceProblemWords, invoiceSheetTexts } from '@/lib/base/i18n/invoice-sheet';
import { MAX_EXTERNAL_ID } from '@/lib/base/imports/states';
import { failedRowsCsv } from '@/lib/features/imports/invoices/failed-rows';
import { readInvoiceSheet } from '@/lib/features/imports/invoices/sheet';
import {
  INVOICE_TEMPLATE_FIELDS,
  invoiceTemplateCsv,
  invoiceTemplateXlsx,
} from '@/lib/features/imports/invoices/template';
import { invoiceLinesOf } from '@/lib/features/imports/invoices/validate';
import { sendablePayload } from '@/lib/owners/imports/kinds';
import { newLineSchema } from '@/lib/owners/imports/lines';
import { column } from '@/lib/platform/files/columns';
import { csvStream } from '@/lib/platform/files/csv';

import { contextOf, csvBytes, itemRow, type RowValues, table, xlsxBytes } from './sheets';

/**
 * The templates read back as valid invoices, an invoice's externalId the same for the same content in any later
 * import (and in either format), and failed.csv: the rows of every invalid or refused invoice as read, with why.
 */

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** A record split as a spreadsheet set to `separator` splits it: at each separator outside quotes, quotes dropped. */
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

/** One record of a `;` file whose every field is quoted or empty: its fields, unquoted (a doubled quote one). */
function csvRecord(line: string): string[] {
  const field = '(?:"((?:[^"]|"")*)")?';
  expect(line).toMatch(new RegExp(`^${field}(?:;${field})*$`));
  return [...line.matchAll(/(?:^|;)(?:"((?:[^"]|"")*)")?/g)].map((match) => (match[1] ?? '').replaceAll('""', '"'));
}

describe('the templates', () => {
  it('CSV: UTF-8 with its mark, `;`, the contract’s headers, and two example invoices that read back valid', async () => {
    const csv = invoiceTemplateCsv();
    expect(csv.startsWith('\uFEFF"documentNumber";"numberingSequence";"rowGroup";')).toBe(true);
    expect(csvRecord(csv.split('\r\n')[0]!.replace('\uFEFF', ''))).toEqual([...INVOICE_TEMPLATE_FIELDS]);
    // Written by the exports' writer: a decimal comma is quoted, so a spreadsheet set to `,` keeps "1,5" whole.
    expect(csv).toContain(';"1,5";');
    const draft = invoiceLinesOf(await readInvoiceSheet(utf8(csv), 'template.csv'), contextOf());
    expect(draft.lines.map((line) => [line.state, line.problems])).toEqual([
      ['ready', []],
      ['ready', []],
    ]);
    expect(draft.lines.map((line) => line.display?.total)).toEqual(['541.20', '1845.00']);
    for (const line of draft.lines) {
      const parsed = newLineSchema.parse(line);
      expect(() => sendablePayload('invoices', parsed.payload, parsed.externalId, null)).not.toThrow();
    }
  });

  it('XLSX: the same invoices from typed cells, and a second sheet explaining every column in Slovak and English', async () => {
    const bytes = await invoiceTemplateXlsx();
    const fromXlsx = invoiceLinesOf(await readInvoiceSheet(new Uint8Array(bytes), 'template.xlsx'), contextOf());
    const fromCsv = invoiceLinesOf(await readInvoiceSheet(utf8(invoiceTemplateCsv()), 'template.csv'), contextOf());
    expect(fromXlsx.lines.map((line) => line.state)).toEqual(['ready', 'ready']);
    // Same content, same body and id, whichever template it came from.
    expect(fromXlsx.lines.map((line) => [line.externalId, line.payload])).toEqual(
      fromCsv.lines.map((line) => [line.externalId, line.payload]),
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as never);
    const [invoices, explanations] = workbook.worksheets;
    expect(invoices!.getRow(2).getCell('D').value).toEqual(new Date('2026-01-15T00:00:00Z'));
    const rows = explanations!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(INVOICE_TEMPLATE_FIELDS.length + 1);
    const issue = rows.find((row) => row[1] === 'issueDate')!;
    expect(issue[2]).toContain('Dátum vystavenia');
    expect(issue[3]).toBe(invoiceSheetTexts.sk.columns.issueDate);
    expect(issue[4]).toBe(invoiceSheetTexts.en.columns.issueDate);
  });
});

describe('an invoice’s externalId', () => {
  const rows = [itemRow({ 'item.name': 'A' }), itemRow({ 'item.name': 'B', 'item.totalPriceInclVat': '5' })];
  const idsOf = async (sheet: RowValues[], bytes = csvBytes(table(sheet))) =>
    invoiceLinesOf(await readInvoiceSheet(bytes, 'f'), contextOf()).lines.map((line) => line.externalId);

  it('is the same for the same content in a later import, in another format or spelling, and short enough', async () => {
    const [id] = await idsOf(rows);
    expect(id).toMatch(/^inv-[A-Za-z0-9_-]+$/);
    expect(id!.length).toBeLessThanOrEqual(MAX_EXTERNAL_ID);
    expect(await idsOf(rows)).toEqual([id]);
    expect(await idsOf(rows, csvBytes(table(rows), { encoding: 'windows-1250', separator: '\t' }))).toEqual([id]);
    expect(await idsOf(rows, await xlsxBytes(table(rows.map((row) => ({ ...row, issueDate: '2026-01-15' })))))).toEqual(
      [id],
    );
  });

  it('differs when anything sent differs, or the sequence, the number or the row group', async () => {
    const [id] = await idsOf(rows);
    const changed = await Promise.all([
      idsOf(rows.map((row) => ({ ...row, 'item.totalPriceInclVat': '12,31' }))),
      idsOf(rows.map((row) => ({ ...row, numberingSequence: 'EF' }))),
      idsOf(rows.map((row) => ({ ...row, documentNumber: 'OF2026000199' }))),
      idsOf(rows.map((row) => ({ ...row, documentNumber: '', rowGroup: 'a' }))),
      idsOf(rows.map((row) => ({ ...row, documentNumber: '', rowGroup: 'b' }))),
    ]);
    const all = [id, ...changed.flat()];
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('failed.csv', () => {
  const describe_ = (problem: { code: string; text?: string; params?: Record<string, string> }) =>
    problem.code === 'service' ? problem.text! : invoiceProblemWords(problem, 'sk');

  it('holds the rows of invalid and refused invoices as read, in the template’s columns, and why', async () => {
    const sheet = await readInvoiceSheet(
      csvBytes(
        table([
          itemRow({ 'item.name': 'A' }),
          itemRow({ documentNumber: 'OF2026000102', 'item.name': 'B', 'item.amount': 'dva' }),
          itemRow({ documentNumber: 'OF2026000102', 'item.name': 'C' }),
          itemRow({ documentNumber: 'OF2026000103', 'item.name': 'D' }),
        ]),
      ),
      'f.csv',
    );
    const { lines } = invoiceLinesOf(sheet, contextOf());
    expect(lines.map((line) => line.state)).toEqual(['ready', 'invalid', 'ready']);
    // As the import keeps them: the third was refused by the service, the first is done.
    const stored = [
      { state: 'done', problems: [], display: lines[0]!.display },
      { state: 'invalid', problems: lines[1]!.problems!, display: lines[1]!.display },
      {
        state: 'problem',
        problems: [{ code: 'service', text: 'Partner je zablokovaný.' }],
        display: lines[2]!.display,
      },
    ];
    const csv = failedRowsCsv(stored, describe_, 'Prečo');
    const [header, ...rows] = csv.replace('\uFEFF', '').trimEnd().split('\r\n').map(csvRecord);
    expect(header!.join(';')).toBe(
      'documentNumber;numberingSequence;issueDate;dueDate;deliveryDate;currency;partner.businessName;partner.registrationId;partner.taxId;partner.vatId;partner.email;item.name;item.amount;item.measureUnit;item.vatRate;item.totalPriceInclVat;Prečo',
    );
    expect(rows.map((row) => row.join(';'))).toEqual([
      'OF2026000102;OF;15. 1. 2026;29. 1. 2026;15. 1. 2026;EUR;Obchod Hruška s.r.o.;36123456;2021234567;SK2021234567;fakturacia@hruska.example.sk;B;dva;ks;23;12,30;Riadok 3, stĺpec item.amount: „dva“ nie je číslo.',
      'OF2026000102;OF;15. 1. 2026;29. 1. 2026;15. 1. 2026;EUR;Obchod Hruška s.r.o.;36123456;2021234567;SK2021234567;fakturacia@hruska.example.sk;C;1;ks;23;12,30;Riadok 3, stĺpec item.amount: „dva“ nie je číslo.',
      'OF2026000103;OF;15. 1. 2026;29. 1. 2026;15. 1. 2026;EUR;Obchod Hruška s.r.o.;36123456;2021234567;SK2021234567;fakturacia@hruska.example.sk;D;1;ks;23;12,30;Partner je zablokovaný.',
    ]);
  });

  it('imports again as it is once fixed: the why column is left out as a column the sheet does not know', async () => {
    const { lines } = invoiceLinesOf(
      await readInvoiceSheet(csvBytes(table([itemRow({ 'item.amount': 'dva' })])), 'f.csv'),
      contextOf(),
    );
    const csv = failedRowsCsv(
      lines.map((line) => ({ state: line.state, problems: line.problems!, display: line.display })),
      describe_,
    );
    const fixed = csv.replace(';"dva";', ';"2";');
    const again = invoiceLinesOf(await readInvoiceSheet(utf8(fixed), 'failed.csv'), contextOf());
    expect(again.ignoredColumns).toEqual([invoiceSheetTexts.sk.failedRows.why]);
    expect(again.lines.map((line) => line.state)).toEqual(['ready']);
  });

  it('guards a text a spreadsheet would run as a formula, and reads it back as it was', async () => {
    const { lines } = invoiceLinesOf(
      await readInvoiceSheet(
        csvBytes(
          table([
            itemRow({ 'item.name': '=HYPERLINK("http://x")', 'item.amount': 'dva', 'item.totalPriceInclVat': '-5,00' }),
          ]),
        ),
        'f.csv',
      ),
      contextOf(),
    );
    const csv = failedRowsCsv(
      lines.map((line) => ({ state: line.state, problems: line.problems!, display: line.display })),
      describe_,
    );
    expect(csv).toContain(';"\'=HYPERLINK(""http://x"")";"dva";"ks";"23";"-5,00";');
    const again = await readInvoiceSheet(utf8(csv), 'failed.csv');
    expect(again.rows[0]!.text).toMatchObject({
      'item.name': '=HYPERLINK("http://x")',
      'item.totalPriceInclVat': '-5,00',
    });
  });

  it('quotes and guards a field exactly as the exports do: the other separator inside it, a formula after it', async () => {
    const partner = 'Firma a.s.,=1+1';
    const item = '@SUM(A1)';
    const { lines } = invoiceLinesOf(
      await readInvoiceSheet(
        csvBytes(table([itemRow({ 'partner.businessName': partner, 'item.name': item, 'item.amount': 'dva' })])),
        'f.csv',
      ),
      contextOf(),
    );
    const failed = failedRowsCsv(
      lines.map((line) => ({ state: line.state, problems: line.problems!, display: line.display })),
      describe_,
    );
    // The same two texts through a Slovak export (its own writer): each field comes out the same.
    const columns = [partner, item].map((value, index) => column<'text', null>('text', `c${index}`, 10, () => value));
    async function* oneRow() {
      yield [null];
    }
    const exported = await new Response(
      csvStream(columns, oneRow(), { locale: 'sk', today: '2026-01-15', totals: async () => [], failed: () => {} }),
    ).text();
    const [exportedPartner, exportedItem] = exported.split('\r\n')[1]!.split(';');
    expect([exportedPartner, exportedItem]).toEqual([`"${partner}"`, `"'${item}"`]);
    expect(failed).toContain(`;${exportedPartner};`);
    expect(failed).toContain(`;${exportedItem};`);
    // Read with the other separator (`,`), no field of any record starts a formula.
    for (const line of failed.replace('\uFEFF', '').trimEnd().split('\r\n')) {
      expect(splitAs(line, ',').filter((field) => /^[=+\-@]/.test(field))).toEqual([]);
    }
    // And it still reads back as it was.
    const again = await readInvoiceSheet(utf8(failed), 'failed.csv');
    expect(again.rows[0]!.text).toMatchObject({ 'partner.businessName': partner, 'item.name': item });
  });

  it('is a header alone when nothing failed', () => {
    expect(failedRowsCsv([], describe_, 'Prečo')).toBe('\uFEFF"Prečo"\r\n');
  });
});
