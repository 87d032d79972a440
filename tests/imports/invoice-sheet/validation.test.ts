import { describe, expect, it } from 'vitest';

import { invoiceProblemWords, partnerWarningWords } from '@/lib/base/i18n/invoice-sheet';
import { readInvoiceSheet } from '@/lib/features/imports/invoices/sheet';
import { type InvoiceContext, invoiceLinesOf } from '@/lib/features/imports/invoices/validate';

import { contextOf, csvBytes, itemRow, type RowValues, table } from './sheets';

/**
 * Grouping rows into invoices and every rule an invoice is checked by (issue 21): each problem names the row, the
 * column (as the file names it) and the value; an invoice with a problem is `invalid`, with nothing to send.
 */

async function draftOf(rows: RowValues[], context: InvoiceContext = contextOf()) {
  return invoiceLinesOf(await readInvoiceSheet(csvBytes(table(rows)), 'f.csv'), context);
}

/** The problems of a sheet of one invoice. */
async function problemsOf(rows: RowValues[], context?: InvoiceContext) {
  const { lines } = await draftOf(rows, context);
  expect(lines).toHaveLength(1);
  const [line] = lines;
  if (line!.problems!.length > 0) {
    expect(line!.state).toBe('invalid');
    expect(line!.payload).toBeNull();
    expect(line!.externalId).toBeNull();
  }
  return line!.problems!;
}

describe('grouping', () => {
  it('makes one invoice of the rows with the same sequence (empty: the default) and number, wherever they are', async () => {
    const { lines } = await draftOf([
      itemRow({ 'item.name': 'A' }),
      itemRow({ documentNumber: 'OF2026000102', 'item.name': 'B' }),
      itemRow({ 'item.name': 'C' }),
      itemRow({ numberingSequence: 'EF', 'item.name': 'D' }),
      itemRow({ numberingSequence: '', 'item.name': 'E' }),
    ]);
    expect(
      lines.map((line) => [
        line.line,
        line.display?.rows,
        (line.display?.items as { name: string }[]).map((i) => i.name),
      ]),
    ).toEqual([
      ['1', [2, 4, 6], ['A', 'C', 'E']],
      ['2', [3], ['B']],
      ['3', [5], ['D']],
    ]);
    expect(lines.every((line) => line.state === 'ready')).toBe(true);
  });

  it('groups rows without a number by rowGroup; such a row without one is a problem naming it', async () => {
    const { lines } = await draftOf([
      itemRow({ documentNumber: '', rowGroup: 'obj-1', 'item.name': 'A' }),
      itemRow({ documentNumber: '', rowGroup: 'obj-2', 'item.name': 'B' }),
      itemRow({ documentNumber: '', rowGroup: 'obj-1', 'item.name': 'C' }),
      itemRow({ documentNumber: '', rowGroup: '', 'item.name': 'D' }),
    ]);
    expect(lines.map((line) => line.display?.rows)).toEqual([[2, 4], [3], [5]]);
    expect(lines[0]!.payload).toMatchObject({ documentNumber: '', numberingSequence: 'OF' });
    expect(lines[2]).toMatchObject({
      state: 'invalid',
      problems: [{ code: 'row-group-missing', params: { row: '5', column: 'rowGroup', value: '' } }],
    });
  });

  it('takes an invoice’s own fields from its first row that has them; a later row may leave them out, not differ', async () => {
    const problems = await problemsOf([
      itemRow(),
      itemRow({ 'partner.businessName': '', issueDate: '', 'item.name': 'B' }),
      itemRow({ dueDate: '2026-01-29', currency: 'eur', 'item.name': 'C' }),
      itemRow({ 'partner.registrationId': '36123457', 'item.name': 'D' }),
    ]);
    expect(problems).toEqual([
      {
        code: 'conflicting-value',
        params: {
          row: '5',
          column: 'partner.registrationId',
          value: '36123457',
          firstRow: '2',
          firstValue: '36123456',
        },
      },
    ]);
  });
});

describe('every rule names the row, the column and the value', () => {
  const cases: [string, RowValues[], { code: string; params: Record<string, string> }][] = [
    [
      'a missing partner name',
      [itemRow({ 'partner.businessName': '' })],
      { code: 'missing-value', params: { row: '2', column: 'partner.businessName', value: '' } },
    ],
    [
      'a date that does not exist',
      [itemRow({ dueDate: '31. 2. 2026' })],
      { code: 'not-a-date', params: { row: '2', column: 'dueDate', value: '31. 2. 2026' } },
    ],
    [
      'a non-number',
      [itemRow(), itemRow({ 'item.amount': 'dva' })],
      { code: 'not-a-number', params: { row: '3', column: 'item.amount', value: 'dva' } },
    ],
    [
      'a VAT rate of another time (20 % in 2026)',
      [itemRow({ 'item.vatRate': '20' })],
      {
        code: 'vat-rate',
        params: { row: '2', column: 'item.vatRate', value: '20', day: '2026-01-15', rates: '23, 19, 5, 0' },
      },
    ],
    [
      'a VAT rate of no time',
      [itemRow({ 'item.vatRate': '21' })],
      {
        code: 'vat-rate',
        params: { row: '2', column: 'item.vatRate', value: '21', day: '2026-01-15', rates: '23, 19, 5, 0' },
      },
    ],
    [
      'a currency other than EUR without an exchange rate',
      [itemRow({ currency: 'CZK' })],
      { code: 'exchange-rate-missing', params: { row: '2', column: 'currency', value: 'CZK' } },
    ],
    [
      'an IČO of the wrong shape',
      [itemRow({ 'partner.registrationId': '3612345A' })],
      { code: 'registration-id', params: { row: '2', column: 'partner.registrationId', value: '3612345A' } },
    ],
    [
      'a foreign IČO of fewer than 8 digits',
      [
        itemRow({
          'partner.registrationId': '123456',
          'partner.country': 'CZ',
          'partner.taxId': '',
          'partner.vatId': 'CZ12345678',
        }),
      ],
      { code: 'registration-id', params: { row: '2', column: 'partner.registrationId', value: '123456' } },
    ],
    [
      'a DIČ of the wrong shape',
      [itemRow({ 'partner.taxId': '202123456' })],
      { code: 'tax-id', params: { row: '2', column: 'partner.taxId', value: '202123456' } },
    ],
    [
      'an IČ DPH of the wrong shape',
      [itemRow({ 'partner.vatId': 'SK202123456' })],
      { code: 'vat-id', params: { row: '2', column: 'partner.vatId', value: 'SK202123456' } },
    ],
    [
      'an IČ DPH of no EU country',
      [itemRow({ 'partner.vatId': 'US2021234567' })],
      { code: 'vat-id', params: { row: '2', column: 'partner.vatId', value: 'US2021234567' } },
    ],
    [
      'a numbering sequence the company does not have',
      [itemRow({ numberingSequence: 'XY' })],
      { code: 'numbering-sequence', params: { row: '2', column: 'numberingSequence', value: 'XY', known: 'OF, EF' } },
    ],
    [
      'an item’s amount zero',
      [itemRow({ 'item.amount': '0,00' })],
      { code: 'item-amount-zero', params: { row: '2', column: 'item.amount', value: '0,00' } },
    ],
    [
      'an item’s amount missing',
      [itemRow({ 'item.amount': '' })],
      { code: 'missing-value', params: { row: '2', column: 'item.amount', value: '' } },
    ],
    [
      'an item’s total of fractions of a cent',
      [itemRow({ 'item.totalPriceInclVat': '12,305' })],
      { code: 'amount-decimals', params: { row: '2', column: 'item.totalPriceInclVat', value: '12,305' } },
    ],
    [
      'a stated total that is not the items’ sum',
      [itemRow({ total: '20,00' }), itemRow({ total: '20,00', 'item.totalPriceInclVat': '7,69' })],
      { code: 'total-mismatch', params: { row: '2', column: 'total', value: '20,00', expected: '19.99' } },
    ],
    [
      'a negative total of a regular invoice',
      [itemRow({ 'item.totalPriceInclVat': '-12,30', 'item.amount': '-1' })],
      { code: 'total-negative', params: { row: '2', column: 'item.totalPriceInclVat', value: '-12.30' } },
    ],
    [
      'a total of zero (items priced at nothing)',
      [itemRow({ 'item.totalPriceInclVat': '0,00' })],
      { code: 'total-zero', params: { row: '2', column: 'item.totalPriceInclVat', value: '0.00' } },
    ],
    [
      'a total of zero (items that cancel out)',
      [
        itemRow({ 'item.totalPriceInclVat': '12,30' }),
        itemRow({ 'item.totalPriceInclVat': '-12,30', 'item.amount': '-1' }),
      ],
      { code: 'total-zero', params: { row: '2', column: 'item.totalPriceInclVat', value: '0.00' } },
    ],
    [
      'a stated total of fractions of a cent',
      [itemRow({ total: '12,305' })],
      { code: 'amount-decimals', params: { row: '2', column: 'total', value: '12,305' } },
    ],
    [
      'a due date before the issue date',
      [itemRow({ dueDate: '14. 1. 2026' })],
      {
        code: 'due-before-issue',
        params: { row: '2', column: 'dueDate', value: '14. 1. 2026', issueDate: '2026-01-15' },
      },
    ],
    [
      'a variable symbol of letters',
      [itemRow({ variableSymbol: 'OF2026' })],
      { code: 'variable-symbol', params: { row: '2', column: 'variableSymbol', value: 'OF2026' } },
    ],
    [
      'an e-mail that is none',
      [itemRow({ 'partner.email': 'hruska.sk' })],
      { code: 'email', params: { row: '2', column: 'partner.email', value: 'hruska.sk' } },
    ],
    [
      'a document number too long for the service',
      [itemRow({ documentNumber: 'OF2026000101000000001' })],
      { code: 'too-long', params: { row: '2', column: 'documentNumber', value: 'OF2026000101000000001', limit: '20' } },
    ],
  ];

  it.each(cases)('%s', async (_, rows, expected) => {
    expect(await problemsOf(rows)).toEqual([expected]);
  });

  it('names the column as the file does', async () => {
    const { lines } = invoiceLinesOf(
      await readInvoiceSheet(
        csvBytes([
          ['Číslo dokladu', 'Odberateľ', 'Položka', 'Množstvo', 'Sadzba DPH', 'Spolu s DPH', 'Dátum vystavenia'],
          ['F1', '', 'Stôl', '1', '23', '10', '2026-01-15'],
        ]),
        'f.csv',
      ),
      contextOf(),
    );
    expect(lines[0]!.problems).toEqual([
      { code: 'missing-value', params: { row: '2', column: 'Odberateľ', value: '' } },
    ]);
    expect(invoiceProblemWords(lines[0]!.problems![0]!, 'sk')).toBe('Riadok 2, stĺpec Odberateľ: chýba hodnota.');
  });

  it('takes the VAT rates at the delivery date, else the issue date: 20 % in 2024, 23 % from 2025', async () => {
    expect(
      await problemsOf([
        itemRow({ issueDate: '2. 1. 2025', deliveryDate: '31. 12. 2024', dueDate: '', 'item.vatRate': '20' }),
      ]),
    ).toEqual([]);
    expect(
      await problemsOf([itemRow({ issueDate: '31. 12. 2024', deliveryDate: '', dueDate: '', 'item.vatRate': '10' })]),
    ).toEqual([]);
    expect(
      await problemsOf([itemRow({ issueDate: '31. 12. 2024', deliveryDate: '', dueDate: '', 'item.vatRate': '23' })]),
    ).toEqual([
      {
        code: 'vat-rate',
        params: { row: '2', column: 'item.vatRate', value: '23', day: '2024-12-31', rates: '20, 10, 5, 0' },
      },
    ]);
  });

  it('accepts another currency with its exchange rate, in the body as a number', async () => {
    const { lines } = await draftOf([itemRow({ currency: 'CZK', exchangeRate: '25,2' })]);
    expect(lines[0]).toMatchObject({ state: 'ready', payload: { currency: 'CZK', exchangeRate: 25.2 } });
  });

  it('shows another currency’s rate as the file gives it and the total in EUR at it, to the cent', async () => {
    // 1 234,56 CZK at 25,125 CZK per 1 EUR: 49.13674… EUR, so 49.14 EUR.
    const { lines } = await draftOf([
      itemRow({ currency: 'CZK', exchangeRate: '25,125', 'item.totalPriceInclVat': '1 234,56' }),
    ]);
    expect(lines[0]!.display).toMatchObject({
      currency: 'CZK',
      total: '1234.56',
      exchangeRate: '25.125',
      totalEur: '49.14',
    });
    // In EUR: none.
    const eur = await draftOf([itemRow()]);
    expect(eur.lines[0]!.display).toMatchObject({ currency: 'EUR', exchangeRate: null, totalEur: null });
  });

  it('normalises a Slovak IČO of 6 or 7 digits with its leading zeros, and ids written with spaces', async () => {
    const { lines } = await draftOf([
      itemRow({
        'partner.registrationId': '123 456',
        'partner.taxId': '2021 234 567',
        'partner.vatId': 'sk 2021234567',
      }),
    ]);
    expect(lines[0]).toMatchObject({
      state: 'ready',
      payload: { partner: { registrationId: '00123456', taxId: '2021234567', vatId: 'SK2021234567' } },
    });
  });

  it('takes an empty sequence for the company’s default (the same invoice as one naming it), and a code in any case', async () => {
    const { lines } = await draftOf([
      itemRow({ numberingSequence: '' }),
      itemRow({ documentNumber: 'EF1', numberingSequence: 'ef' }),
    ]);
    const sequenceOf = (line: (typeof lines)[number]) =>
      (line.payload as { numberingSequence?: string }).numberingSequence;
    expect(lines.map((line) => [line.state, sequenceOf(line)])).toEqual([
      ['ready', 'OF'],
      ['ready', 'EF'],
    ]);
    const named = await draftOf([itemRow({ numberingSequence: 'OF' })]);
    expect(named.lines[0]!.externalId).toBe(lines[0]!.externalId);
    // A company whose default the mirror does not say: the service numbers by its own.
    const unsaid = await draftOf([itemRow({ numberingSequence: '' })], contextOf({ defaultSequence: null }));
    expect([unsaid.lines[0]!.state, sequenceOf(unsaid.lines[0]!)]).toEqual(['ready', undefined]);
  });

  it('gathers every problem of an invoice, each once', async () => {
    const problems = await problemsOf([
      itemRow({ 'partner.businessName': '', dueDate: '31. 2. 2026' }),
      itemRow({ 'partner.businessName': '', dueDate: '', 'item.vatRate': '20', 'item.amount': '0' }),
    ]);
    expect(problems.map((p) => `${p.code}@${p.params!.row}:${p.params!.column}`)).toEqual([
      'not-a-date@2:dueDate',
      'missing-value@2:partner.businessName',
      'item-amount-zero@3:item.amount',
      'vat-rate@3:item.vatRate',
    ]);
  });

  it('sends amounts as numbers and dates as yyyy-MM-dd, in the service’s body shape', async () => {
    const { lines } = await draftOf([itemRow({ 'item.amount': '1,5', 'item.totalPriceInclVat': '18,45' })]);
    expect(lines[0]!.payload).toEqual({
      numberingSequence: 'OF',
      documentNumber: 'OF2026000101',
      invoiceType: 0,
      issueDate: '2026-01-15',
      dueDate: '2026-01-29',
      deliveryDate: '2026-01-15',
      currency: 'EUR',
      partner: {
        address: { businessName: 'Obchod Hruška s.r.o.' },
        registrationId: '36123456',
        taxId: '2021234567',
        vatId: 'SK2021234567',
        email: 'fakturacia@hruska.example.sk',
      },
      items: [{ name: 'Stolička', amount: 1.5, measureUnit: 'ks', vatRate: 23, totalPriceInclVat: 18.45 }],
    });
  });
});

describe('what the service already has', () => {
  it('marks an invoice whose sequence and number the company’s mirror has, and not one numbered by the service', async () => {
    const existing = new Map([['OF\u0000OF2026000101', { id: '9001' }]]);
    const { lines } = await draftOf(
      [itemRow(), itemRow({ documentNumber: 'OF2026000102' }), itemRow({ documentNumber: '', rowGroup: 'g' })],
      contextOf({ existing }),
    );
    expect(lines.map((line) => line.display?.exists)).toEqual([{ id: '9001' }, null, null]);
    expect(lines[0]!.state).toBe('ready');
  });

  it('finds it by the default sequence when the row names none', async () => {
    const existing = new Map([['OF\u0000OF2026000101', { id: '9001' }]]);
    const { lines } = await draftOf([itemRow({ numberingSequence: '' })], contextOf({ existing }));
    expect(lines[0]!.display?.exists).toEqual({ id: '9001' });
  });
});

describe('partners that look like duplicates', () => {
  it('points out one name with different IČOs, in the file and against the company’s partners', async () => {
    const { partnerWarnings, lines } = await draftOf(
      [
        itemRow(),
        itemRow({
          documentNumber: 'OF2026000102',
          'partner.businessName': 'OBCHOD HRUSKA, s. r. o.',
          'partner.registrationId': '36123457',
          'partner.taxId': '',
          'partner.vatId': '',
        }),
        itemRow({
          documentNumber: 'OF2026000103',
          'partner.businessName': 'Pekáreň Šťastný',
          'partner.registrationId': '44111222',
          'partner.taxId': '',
          'partner.vatId': '',
        }),
      ],
      contextOf({
        partners: [
          { name: 'Pekáreň Šťastný', registrationId: '44111223', email: null },
          { name: 'Iný', registrationId: '1', email: null },
        ],
      }),
    );
    expect(partnerWarnings).toEqual([
      {
        code: 'name-with-other-registration-id',
        name: 'Obchod Hruška s.r.o.',
        values: ['36123456', '36123457'],
        rows: [2, 3],
        known: false,
      },
      {
        code: 'name-with-other-registration-id',
        name: 'Pekáreň Šťastný',
        values: ['44111222', '44111223'],
        rows: [4],
        known: true,
      },
    ]);
    // Each invoice carries its own, so they stay with the stored lines.
    expect(lines.map((line) => (line.display?.partnerWarnings as { name: string }[]).map((w) => w.name))).toEqual([
      ['Obchod Hruška s.r.o.'],
      ['Obchod Hruška s.r.o.'],
      ['Pekáreň Šťastný'],
    ]);
  });

  it('points out a natural person (no IČO) whose e-mail differs for the same name', async () => {
    const person = {
      'partner.businessName': 'Jana Nováková',
      'partner.registrationId': '',
      'partner.taxId': '',
      'partner.vatId': '',
    };
    const { partnerWarnings } = await draftOf(
      [
        itemRow({ ...person, 'partner.email': 'jana@example.sk' }),
        itemRow({ ...person, documentNumber: 'OF2026000102', 'partner.email': 'JANA@example.sk' }),
        itemRow({ ...person, documentNumber: 'OF2026000103', 'partner.email': 'novakova@example.sk' }),
      ],
      contextOf({ partners: [{ name: 'Jana Nováková', registrationId: null, email: 'jana.n@example.sk' }] }),
    );
    expect(partnerWarnings).toEqual([
      {
        code: 'person-with-other-email',
        name: 'Jana Nováková',
        values: ['jana.n@example.sk', 'jana@example.sk', 'novakova@example.sk'],
        rows: [2, 3, 4],
        known: true,
      },
    ]);
  });

  it('says nothing of invoices whose IČO the company already has, however many partners of that name it has', async () => {
    // The company has "Pekáreň Klas" twice (two IČOs): invoices naming either of them exactly make no new partner.
    const klas = (documentNumber: string, ico: string) =>
      itemRow({
        documentNumber,
        'partner.businessName': 'Pekáreň Klas s.r.o.',
        'partner.registrationId': ico,
        'partner.taxId': '',
        'partner.vatId': '',
      });
    const { partnerWarnings, lines } = await draftOf(
      [
        klas('OF2026000101', '44111222'),
        klas('OF2026000102', '44111222'),
        klas('OF2026000103', '44999888'),
        itemRow({ documentNumber: 'OF2026000104' }),
      ],
      contextOf({
        partners: [
          { name: 'Pekáreň Klas s.r.o.', registrationId: '44111222', email: null },
          { name: 'Pekáreň Klas s.r.o.', registrationId: '44 999 888', email: 'klas@example.sk' },
          { name: 'Obchod Hruška s.r.o.', registrationId: '36123456', email: null },
          { name: 'Obchod Hruška s.r.o.', registrationId: '36123457', email: null },
        ],
      }),
    );
    expect(partnerWarnings).toEqual([]);
    expect(lines.map((line) => line.display?.partnerWarnings)).toEqual([[], [], [], []]);
  });

  it('warns only the invoices that make the second partner: a new IČO beside the company’s or the file’s other', async () => {
    const hruska = (documentNumber: string, ico: string) =>
      itemRow({ documentNumber, 'partner.registrationId': ico, 'partner.taxId': '', 'partner.vatId': '' });
    const { partnerWarnings, lines } = await draftOf(
      [hruska('OF2026000101', '36123456'), hruska('OF2026000102', '36123457'), hruska('OF2026000103', '36123456')],
      contextOf({ partners: [{ name: 'Obchod Hruška s.r.o.', registrationId: '36123456', email: null }] }),
    );
    expect(partnerWarnings).toEqual([
      {
        code: 'name-with-other-registration-id',
        name: 'Obchod Hruška s.r.o.',
        values: ['36123456', '36123457'],
        rows: [3],
        known: true,
      },
    ]);
    expect(lines.map((line) => (line.display?.partnerWarnings as unknown[]).length)).toEqual([0, 1, 0]);
  });

  it('says the rows in the count’s plural form: riadok 2, riadky 2, 3, 5 riadkov', () => {
    const warning = (rows: number[]) => ({
      code: 'name-with-other-registration-id',
      name: 'Obchod Hruška s.r.o.',
      values: ['36123456', '36123457'],
      rows,
      known: false,
    });
    expect(partnerWarningWords(warning([2]), 'sk')).toBe(
      'Odberateľ „Obchod Hruška s.r.o.“ má rôzne IČO (36123456, 36123457; riadok 2): Fakturácia z každého IČO vytvorí samostatného partnera.',
    );
    expect(partnerWarningWords(warning([2, 3, 4]), 'sk')).toContain('(36123456, 36123457; riadky 2, 3, 4)');
    expect(partnerWarningWords(warning([2, 3, 4, 5, 6]), 'sk')).toContain('; 5 riadkov: 2, 3, 4, 5, 6)');
    expect(partnerWarningWords(warning([2]), 'en')).toContain('(36123456, 36123457; row 2)');
    expect(partnerWarningWords(warning([2, 3]), 'en')).toContain('(36123456, 36123457; rows 2, 3)');
  });

  it('says nothing of one partner written alike', async () => {
    const { partnerWarnings } = await draftOf(
      [itemRow(), itemRow({ documentNumber: 'OF2026000102' })],
      contextOf({ partners: [{ name: 'Obchod Hruška s.r.o.', registrationId: '36123456', email: null }] }),
    );
    expect(partnerWarnings).toEqual([]);
  });
});
