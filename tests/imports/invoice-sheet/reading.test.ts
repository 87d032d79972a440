import { describe, expect, it } from 'vitest';

import { sheetRefusalWords } from '@/lib/base/i18n/invoice-sheet';
import { readInvoiceSheet, sheetLimits, SheetRefused } from '@/lib/features/imports/invoices/sheet';
import { invoiceLinesOf } from '@/lib/features/imports/invoices/validate';

import { contextOf, csvBytes, day, itemRow, pdfBytes, reorderedZip, table, xlsxBytes, xmlInvoiceBytes } from './sheets';

/**
 * Reading an invoice sheet (issue 21): CSV in any of the encodings and separators Slovak spreadsheets write, with a
 * decimal comma or point; XLSX with real dates and numbers, dates typed as text, only its first sheet; headers by the
 * contract's names or their Slovak aliases; an unknown column reported and left out; a file that is no sheet of
 * invoices refused with a reason.
 */

const refusal = async (bytes: Uint8Array, name = 'faktury.csv') =>
  readInvoiceSheet(bytes, name).then(
    () => null,
    (error: SheetRefused) => ({ code: error.code, params: error.params }),
  );

/** The one invoice a sheet of rows of OF2026000101 makes, as validated against the usual company. */
async function onlyInvoice(bytes: Uint8Array, name = 'faktury.csv') {
  const draft = invoiceLinesOf(await readInvoiceSheet(bytes, name), contextOf());
  expect(draft.lines).toHaveLength(1);
  return draft.lines[0]!;
}

const rows = [
  itemRow({ 'partner.businessName': 'Pekáreň Šťastný, s.r.o.', 'item.name': 'Chlieb ražný' }),
  itemRow({
    'partner.businessName': 'Pekáreň Šťastný, s.r.o.',
    'item.name': 'Rožok',
    'item.amount': '10',
    'item.totalPriceInclVat': '1,50',
  }),
];

describe('a CSV', () => {
  it.each([
    ['UTF-8 with its byte-order mark, `;`', { encoding: 'utf-8-bom', separator: ';' }],
    ['UTF-8 without it, `,`', { encoding: 'utf-8', separator: ',' }],
    ['windows-1250 as Excel saves Slovak CSV, `;`', { encoding: 'windows-1250', separator: ';' }],
    ['windows-1250, tab', { encoding: 'windows-1250', separator: '\t' }],
  ] as const)('in %s reads its diacritics and amounts alike', async (_, options) => {
    const bytes = csvBytes(table(rows), options);
    const sheet = await readInvoiceSheet(bytes, 'faktury.csv');
    expect(sheet.format).toBe('csv');
    expect(sheet.rows.map((row) => row.row)).toEqual([2, 3]);
    expect(sheet.rows[1]!.text['item.name']).toBe('Rožok');
    const line = await onlyInvoice(bytes);
    expect(line.state).toBe('ready');
    expect(line.display).toMatchObject({
      partner: { name: 'Pekáreň Šťastný, s.r.o.' },
      items: [{ name: 'Chlieb ražný' }, { name: 'Rožok', amount: '10', totalPriceInclVat: '1.50' }],
      total: '13.80',
    });
  });

  it('takes a decimal point as well as a decimal comma, and spaces between thousands', async () => {
    const line = await onlyInvoice(
      csvBytes(
        table([
          itemRow({ 'item.amount': '2.5', 'item.totalPriceInclVat': '1 230.00' }),
          itemRow({ 'item.amount': '0,25', 'item.totalPriceInclVat': '1.000,50' }),
        ]),
      ),
    );
    expect(line.display).toMatchObject({
      items: [
        { amount: '2.5', totalPriceInclVat: '1230.00' },
        { amount: '0.25', totalPriceInclVat: '1000.50' },
      ],
      total: '2230.50',
    });
    expect(line.payload).toMatchObject({
      items: [
        { amount: 2.5, totalPriceInclVat: 1230 },
        { amount: 0.25, totalPriceInclVat: 1000.5 },
      ],
    });
  });

  it('numbers its rows as the file does, empty rows counted and skipped, a quoted value with the separator kept', async () => {
    const text =
      'documentNumber;partner.businessName;item.name;item.amount;item.vatRate;item.totalPriceInclVat\r\n\r\nOF1;"Hruška; s.r.o.";Stôl;1;23;10\r\n';
    const sheet = await readInvoiceSheet(new Uint8Array(Buffer.from(text)), 'a.csv');
    expect(sheet.rows).toEqual([
      expect.objectContaining({ row: 3, text: expect.objectContaining({ 'partner.businessName': 'Hruška; s.r.o.' }) }),
    ]);
  });
});

describe('an XLSX', () => {
  it('reads real dates and numbers from its first sheet, and leaves the others', async () => {
    const bytes = await xlsxBytes(
      table([
        itemRow({
          issueDate: day('2026-01-15'),
          dueDate: day('2026-01-29'),
          deliveryDate: null,
          'item.amount': 2,
          'item.vatRate': 23,
          'item.totalPriceInclVat': 24.6,
        }),
        itemRow({
          issueDate: day('2026-01-15'),
          dueDate: null,
          deliveryDate: null,
          'item.amount': 0.5,
          'item.vatRate': 5,
          'item.totalPriceInclVat': 10.1,
        }),
      ]),
      [
        {
          name: 'Vysvetlivky',
          rows: [
            ['Stĺpec', 'Význam'],
            ['documentNumber', 'Číslo faktúry'],
          ],
        },
      ],
    );
    const sheet = await readInvoiceSheet(bytes, 'faktury.xlsx');
    expect(sheet.format).toBe('xlsx');
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.rows[0]!.cells.issueDate).toEqual({ kind: 'date', value: '2026-01-15' });
    expect(sheet.rows[0]!.cells['item.totalPriceInclVat']).toEqual({ kind: 'number', value: '24.6' });
    const line = await onlyInvoice(bytes, 'faktury.xlsx');
    expect(line.state).toBe('ready');
    expect(line.display).toMatchObject({
      issueDate: '2026-01-15',
      dueDate: '2026-01-29',
      total: '34.70',
      vatTotals: [
        { vatRate: '23', base: '20.00', vat: '4.60', total: '24.60' },
        { vatRate: '5', base: '9.62', vat: '0.48', total: '10.10' },
      ],
    });
  });

  it('reads a workbook whose parts come in Excel’s order (its sheets before their strings and styles), the first sheet only', async () => {
    const written = await xlsxBytes(
      table([
        itemRow({
          issueDate: day('2026-01-15'),
          dueDate: day('2026-01-29'),
          deliveryDate: null,
          'item.totalPriceInclVat': 12.3,
        }),
      ]),
      [
        {
          name: 'Vysvetlivky',
          rows: [
            ['documentNumber', 'partner.businessName'],
            ['x', 'y'],
          ],
        },
      ],
    );
    // The workbook, then its sheets (the second one's part first), then the rest, strings and styles last.
    const first = [
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet2.xml',
      'xl/worksheets/sheet1.xml',
    ];
    const last = ['xl/styles.xml', 'xl/sharedStrings.xml'];
    const excelOrder = reorderedZip(written, (names) => [
      ...first,
      ...names.filter((name) => !first.includes(name) && !last.includes(name)),
      ...last,
    ]);
    const sheet = await readInvoiceSheet(excelOrder, 'f.xlsx');
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]!.cells.issueDate).toEqual({ kind: 'date', value: '2026-01-15' });
    expect(sheet.rows[0]!.text['partner.businessName']).toBe('Obchod Hruška s.r.o.');
  });

  it('reads dates typed as text `d. M. yyyy`, and an IČO that lost its leading zeros as a number', async () => {
    const line = await onlyInvoice(
      await xlsxBytes(
        table([
          itemRow({
            issueDate: '3. 2. 2026',
            dueDate: '17.2.2026',
            deliveryDate: '2026-02-03',
            'partner.registrationId': 123456,
          }),
        ]),
      ),
      'f.xlsx',
    );
    expect(line.state).toBe('ready');
    expect(line.display).toMatchObject({
      issueDate: '2026-02-03',
      dueDate: '2026-02-17',
      partner: { registrationId: '00123456' },
    });
  });
});

describe('the header', () => {
  it('may use Slovak names, in any case, with or without diacritics', async () => {
    const header = [
      'Číslo dokladu',
      'ČÍSELNÝ RAD',
      'datum vystavenia',
      'Dátum splatnosti',
      'Mena',
      'Variabilný symbol',
      'Odberateľ',
      'ico',
      'DIČ',
      'IČ DPH',
      'Ulica',
      'Mesto',
      'PSČ',
      'Krajina',
      'E-mail',
      'Položka',
      'Kód položky',
      'Množstvo',
      'MJ',
      'Sadzba DPH',
      'Spolu s DPH',
    ];
    const values = [
      'OF2026000101',
      'OF',
      '15. 1. 2026',
      '29. 1. 2026',
      'EUR',
      '2026000101',
      'Obchod Hruška s.r.o.',
      '36123456',
      '2021234567',
      'SK2021234567',
      'Hlavná 12',
      'Žilina',
      '010 01',
      'SK',
      'a@hruska.sk',
      'Stôl',
      'ST-1',
      '1',
      'ks',
      '23',
      '123',
    ];
    const sheet = await readInvoiceSheet(csvBytes([header, values], { encoding: 'windows-1250' }), 'f.csv');
    expect(sheet.columns).toEqual([
      'documentNumber',
      'numberingSequence',
      'issueDate',
      'dueDate',
      'currency',
      'variableSymbol',
      'partner.businessName',
      'partner.registrationId',
      'partner.taxId',
      'partner.vatId',
      'partner.street',
      'partner.city',
      'partner.postCode',
      'partner.country',
      'partner.email',
      'item.name',
      'item.itemCode',
      'item.amount',
      'item.measureUnit',
      'item.vatRate',
      'item.totalPriceInclVat',
    ]);
    expect(sheet.headers['partner.registrationId']).toBe('ico');
    const [line] = invoiceLinesOf(sheet, contextOf()).lines;
    expect(line!.state).toBe('ready');
    expect(line!.payload).toMatchObject({
      documentNumber: 'OF2026000101',
      numberingSequence: 'OF',
      variableSymbol: '2026000101',
      partner: { address: { businessName: 'Obchod Hruška s.r.o.', city: 'Žilina' }, vatId: 'SK2021234567' },
    });
  });

  it('reports a column it does not know, and reads the rest', async () => {
    const sheet = await readInvoiceSheet(csvBytes(table([itemRow({ Poznámka: 'dodať ráno' })])), 'f.csv');
    expect(sheet.ignoredColumns).toEqual(['Poznámka']);
    const draft = invoiceLinesOf(sheet, contextOf());
    expect(draft.ignoredColumns).toEqual(['Poznámka']);
    expect(draft.lines[0]!.state).toBe('ready');
  });
});

describe('a file that is no sheet of invoices is refused, saying why', () => {
  it('over 10 MB, or over 20 000 rows', async () => {
    expect(await refusal(new Uint8Array(sheetLimits.maxBytes + 1))).toEqual({
      code: 'too-large',
      params: { limit: '10 MB' },
    });
    const header = 'partner.businessName;item.name;item.amount;item.vatRate;item.totalPriceInclVat\n';
    const many = header + 'A;B;1;23;1\n'.repeat(sheetLimits.maxRows + 1);
    expect(await refusal(new Uint8Array(Buffer.from(many)))).toEqual({
      code: 'too-many-rows',
      params: { limit: '20000' },
    });
  });

  it('as the caller’s fault, answered 400 with the reason’s code, and nothing of the file in its message', async () => {
    const error = await readInvoiceSheet(csvBytes([['Meno'], ['Ján Tajný']]), 'f.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SheetRefused);
    expect((error as SheetRefused).answer).toEqual({ code: 'bad_request', reason: 'invoice_sheet_no_header' });
    expect((error as SheetRefused).message).toBe('invoice sheet refused: no-header');
  });

  it('empty, or a header alone', async () => {
    expect((await refusal(new Uint8Array(0)))?.code).toBe('empty');
    expect(
      (
        await refusal(
          csvBytes([['partner.businessName', 'item.name', 'item.amount', 'item.vatRate', 'item.totalPriceInclVat']]),
        )
      )?.code,
    ).toBe('empty');
  });

  it('a header of no known column, one without a column every invoice needs, or one naming a column twice', async () => {
    expect(
      await refusal(
        csvBytes([
          ['Meno', 'Suma'],
          ['A', '1'],
        ]),
      ),
    ).toEqual({ code: 'no-header', params: { columns: 'Meno, Suma' } });
    expect(
      await refusal(
        csvBytes([
          ['Odberateľ', 'Položka'],
          ['A', 'B'],
        ]),
      ),
    ).toEqual({
      code: 'missing-columns',
      params: { columns: 'item.amount, item.vatRate, item.totalPriceInclVat' },
    });
    expect(
      await refusal(
        csvBytes([
          ['Odberateľ', 'partner.businessName'],
          ['A', 'B'],
        ]),
      ),
    ).toEqual({
      code: 'duplicate-column',
      params: { column: 'partner.businessName' },
    });
  });

  it('a damaged or old binary workbook', async () => {
    const xlsx = await xlsxBytes(table([itemRow()]));
    expect((await refusal(xlsx.slice(0, xlsx.length - 200), 'f.xlsx'))?.code).toBe('unreadable');
    expect((await refusal(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]), 'f.xls'))?.code).toBe('unreadable');
  });
});

describe('a file of another kind is told it is no CSV or XLSX, by its content whatever its name', () => {
  it('a PDF, even named .csv or .xlsx', async () => {
    for (const name of ['faktura.pdf', 'faktury.csv', 'faktury.xlsx'])
      expect(await refusal(pdfBytes(), name)).toEqual({ code: 'not-a-sheet', params: { kind: 'PDF' } });
  });

  it('an XML, with its prolog or without, and an HTML page', async () => {
    expect(await refusal(xmlInvoiceBytes(), 'faktura.xml')).toEqual({ code: 'not-a-sheet', params: { kind: 'XML' } });
    expect(await refusal(xmlInvoiceBytes({ prolog: false }), 'faktury.csv')).toEqual({
      code: 'not-a-sheet',
      params: { kind: 'XML' },
    });
    const html = new Uint8Array(
      Buffer.from('<!DOCTYPE html>\n<html><body><table><tr><td>1</td></tr></table></body></html>'),
    );
    expect(await refusal(html, 'faktury.csv')).toEqual({ code: 'not-a-sheet', params: { kind: 'HTML' } });
  });

  it('a zip that is no workbook, and bytes that are no text', async () => {
    const zip = reorderedZip(await xlsxBytes(table([itemRow()])), (names) =>
      names.filter((name) => !name.startsWith('xl/')),
    );
    expect(await refusal(zip, 'faktury.xlsx')).toEqual({ code: 'not-a-sheet', params: { kind: 'ZIP' } });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await refusal(png, 'faktury.csv')).toEqual({ code: 'binary', params: {} });
  });

  it('says so in both languages', () => {
    expect(sheetRefusalWords({ code: 'not-a-sheet', params: { kind: 'PDF' } }, 'sk')).toMatch(
      /^Toto nie je súbor CSV ani XLSX: je to súbor PDF\./,
    );
    expect(sheetRefusalWords({ code: 'not-a-sheet', params: { kind: 'XML' } }, 'en')).toMatch(
      /^This is not a CSV or XLSX file: its format is XML\./,
    );
    expect(sheetRefusalWords({ code: 'binary' }, 'sk')).toMatch(/^Toto nie je súbor CSV ani XLSX: /);
  });
});

describe('a workbook whose first sheet holds no invoices is told only its first sheet is read, and which it is', () => {
  const guide = [['Ako vyplniť faktúry'], ['Jeden riadok je jedna položka faktúry.']];

  it('naming the sheet that has the invoices’ columns', async () => {
    const workbook = await xlsxBytes(guide, [{ name: 'Faktúry', rows: table([itemRow()]) }], 'Návod');
    expect(await refusal(workbook, 'faktury.xlsx')).toEqual({
      code: 'other-sheet',
      params: { sheet: 'Návod', found: 'Faktúry' },
    });
    expect(sheetRefusalWords({ code: 'other-sheet', params: { sheet: 'Návod', found: 'Faktúry' } }, 'sk')).toBe(
      'Číta sa len prvý hárok zošita (je to „Návod“), faktúry sú však na hárku „Faktúry“: presuňte ich na prvý hárok (alebo presuňte hárok „Faktúry“ na prvé miesto).',
    );
  });

  it('or only that, when no sheet has them; an empty first sheet alike', async () => {
    const workbook = await xlsxBytes(guide, [{ name: 'Poznámky', rows: [['Meno', 'Suma']] }], 'Návod');
    expect(await refusal(workbook, 'faktury.xlsx')).toEqual({ code: 'first-sheet', params: { sheet: 'Návod' } });
    const emptyFirst = await xlsxBytes([], [{ name: 'Faktúry', rows: table([itemRow()]) }], 'Hárok1');
    expect(await refusal(emptyFirst, 'faktury.xlsx')).toEqual({
      code: 'other-sheet',
      params: { sheet: 'Hárok1', found: 'Faktúry' },
    });
    expect(sheetRefusalWords({ code: 'first-sheet', params: { sheet: 'Návod' } }, 'en')).toBe(
      'Only the workbook’s first sheet is read (it is “Návod”), and it has no invoice columns: move the invoices to the first sheet.',
    );
  });

  it('while a workbook of one sheet without invoices keeps the header’s reason', async () => {
    expect(await refusal(await xlsxBytes(guide), 'faktury.xlsx')).toEqual({
      code: 'no-header',
      params: { columns: 'Ako vyplniť faktúry' },
    });
  });
});
