import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';

import { readCsvHeader, readCsvStatement } from '@/lib/features/imports/statements/csv';
import { csvMappingSchema, guessCsvMapping } from '@/lib/features/imports/statements/csv-mapping';
import { readStatement } from '@/lib/features/imports/statements/read-statement';
import { isStatementRefused, type StatementRefused } from '@/lib/features/imports/statements/refusal';

import { bytesOf, expectShared, said, statementFile } from './statement-files';

const none = { variable: null, specific: null, constant: null };

function refusalOf(read: () => unknown): StatementRefused {
  try {
    read();
  } catch (error) {
    if (isStatementRefused(error)) return error;
    throw error;
  }
  throw new Error('read without a refusal');
}

/**
 * CSV (lib/features/imports/statements/csv.ts, csv-mapping.ts): a bank's export read with a column mapping the user
 * confirms once per account; the mapping is guessed from the header; UTF-8 (with BOM) and windows-1250; a decimal
 * comma; a preamble before the header.
 */
describe('CSV statements', () => {
  it('without a mapping, a table is refused with its header and a guessed mapping to confirm', () => {
    const refusal = refusalOf(() => readStatement(statementFile('csv-utf8-bom.csv')));
    expect(refusal.code).toBe('csv_mapping_required');
    expect(refusal.details.header).toEqual([
      'Dátum zaúčtovania',
      'Dátum valuty',
      'Suma',
      'Mena',
      'Variabilný symbol',
      'Špecifický symbol',
      'Konštantný symbol',
      'Názov protiúčtu',
      'IBAN protiúčtu',
      'Správa pre prijímateľa',
      'Referencia banky',
    ]);
    expect(refusal.details.guess?.mapping?.columns).toEqual({
      date: 'Dátum zaúčtovania',
      amount: 'Suma',
      credit: null,
      debit: null,
      currency: 'Mena',
      variableSymbol: 'Variabilný symbol',
      specificSymbol: 'Špecifický symbol',
      constantSymbol: 'Konštantný symbol',
      counterpartyName: 'Názov protiúčtu',
      counterpartyIban: 'IBAN protiúčtu',
      message: 'Správa pre prijímateľa',
      reference: 'Referencia banky',
      endToEndId: null,
    });
  });

  it('reads UTF-8 with a BOM and a decimal comma with the confirmed mapping: signs, grouped thousands, symbols, twins', () => {
    const mapping = guessCsvMapping(readCsvHeader(statementFile('csv-utf8-bom.csv'))!).mapping!;
    const statement = expectShared(
      readStatement(statementFile('csv-utf8-bom.csv'), { csvMapping: mapping, account: 'SK9011000000002629123453' }),
    );
    expect(statement.format).toBe('csv');
    expect(statement.account).toEqual({ iban: 'SK9011000000002629123453', currency: 'EUR' });
    expect(said(statement)[0]).toEqual({
      occurrence: 1,
      bookingDate: '2026-01-15',
      direction: 'credit',
      amount: '120.50',
      currency: 'EUR',
      bankReference: 'CSV-0001',
      endToEndId: null,
      symbols: { variable: '2026001', specific: null, constant: '0308' },
      counterparty: { name: 'Ján Novák', iban: 'SK7709000000005012345674' },
      message: 'Faktúra 2026001',
    });
    expect(
      statement.lines.map((line) => [line.direction, line.amount, line.symbols.variable, line.occurrence]),
    ).toEqual([
      ['credit', '120.50', '2026001', 1],
      ['credit', '1234567.89', '2026002', 1], // "1 234 567,89"; the symbol from the message
      ['debit', '45.00', '1234567890', 1], // "-45,00"
      ['credit', '0.10', '2026003', 1],
      ['credit', '0.20', '2026003', 1],
      ['credit', '50.00', '2026004', 1],
      ['credit', '50.00', '2026004', 2],
    ]);
    expect(statement.lines[3]!.symbols).toEqual({ variable: '2026003', specific: '42', constant: null });
  });

  it('reads windows-1250 with a preamble before the header and credit and debit columns', () => {
    const bytes = statementFile('csv-windows-1250.csv');
    const header = readCsvHeader(bytes)!;
    expect(header[0]).toBe('Dátum');
    const { mapping } = guessCsvMapping(header);
    expect(mapping?.columns).toMatchObject({ date: 'Dátum', amount: null, credit: 'Pripísané', debit: 'Odpísané' });
    const statement = expectShared(readCsvStatement(bytes, mapping!));
    expect(said(statement)).toEqual([
      {
        occurrence: 1,
        bookingDate: '2026-02-02',
        direction: 'credit',
        amount: '1234.56', // "1.234,56"
        currency: 'EUR',
        bankReference: 'T-88001',
        endToEndId: null,
        symbols: { variable: '2026401', specific: null, constant: '0308' },
        counterparty: { name: 'Ďurovič Ľubomír', iban: 'SK6856000000007770001116' },
        message: 'Úhrada faktúry č. 2026401',
      },
      expect.objectContaining({ bookingDate: '2026-02-03', direction: 'debit', amount: '89.90', symbols: none }),
      // The symbol from the note; an IBAN whose check digits fail is unknown.
      expect.objectContaining({
        amount: '15.00',
        symbols: { ...none, variable: '2026402' },
        counterparty: { name: 'Pavol Šťastný', iban: null },
      }),
    ]);
  });

  it('takes the delimiter, decimal point, encoding and currency the mapping fixes; ISO dates; the currency column when there is one', () => {
    const text =
      'Date,Amount,Currency,Counterparty,Message\n2026-01-15,"1,234.50",CZK,Firma,VS 77\n20260116,-0.5,,Iná,\n';
    const mapping = csvMappingSchema.parse({
      columns: {
        date: 'Date',
        amount: 'Amount',
        currency: 'Currency',
        counterpartyName: 'Counterparty',
        message: 'Message',
      },
      delimiter: ',',
      decimalSeparator: '.',
      encoding: 'windows-1250',
      currency: 'EUR',
    });
    const lines = readCsvStatement(new Uint8Array(iconv.encode(text, 'windows-1250')), mapping).lines;
    expect(
      lines.map((line) => [line.bookingDate, line.direction, line.amount, line.currency, line.symbols.variable]),
    ).toEqual([
      ['2026-01-15', 'credit', '1234.50', 'CZK', '77'],
      ['2026-01-16', 'debit', '0.50', 'EUR', null],
    ]);
  });

  it('the mapping is plain JSON with defaults, and needs a date and an amount (or credit or debit) column', () => {
    const remembered = JSON.parse(JSON.stringify(guessCsvMapping(['Dátum', 'Suma']).mapping)) as unknown;
    expect(csvMappingSchema.parse(remembered)).toEqual({
      columns: expect.objectContaining({ date: 'Dátum', amount: 'Suma', message: null }),
      delimiter: 'auto',
      decimalSeparator: 'auto',
      encoding: 'auto',
      currency: 'EUR',
    });
    expect(csvMappingSchema.safeParse({ columns: { date: 'Dátum' } }).success).toBe(false);
    expect(csvMappingSchema.safeParse({ columns: { date: 'Dátum', debit: 'Debet' } }).success).toBe(true);
    expect(guessCsvMapping(['Poznámka', 'Suma']).mapping).toBeNull();
    expect(guessCsvMapping(['Poznámka', 'Suma']).found).toMatchObject({
      amount: 'Suma',
      message: 'Poznámka',
      date: null,
    });
  });

  it('guesses Czech and English headers too', () => {
    expect(
      guessCsvMapping(['Datum', 'Částka', 'Zpráva pro příjemce', 'VS', 'Název protiúčtu']).mapping?.columns,
    ).toMatchObject({
      date: 'Datum',
      amount: 'Částka',
      message: 'Zpráva pro příjemce',
      variableSymbol: 'VS',
      counterpartyName: 'Název protiúčtu',
    });
    expect(
      guessCsvMapping(['Booking date', 'Value date', 'Amount', 'Counterparty IBAN', 'Remittance information']).mapping
        ?.columns,
    ).toMatchObject({
      date: 'Booking date',
      amount: 'Amount',
      counterpartyIban: 'Counterparty IBAN',
      message: 'Remittance information',
    });
  });

  it('refuses a mapping naming a column the file lacks, and a row whose date or amount it cannot read', () => {
    const mapping = csvMappingSchema.parse({ columns: { date: 'Dátum', amount: 'Suma', message: 'Správa' } });
    const missing = refusalOf(() => readCsvStatement(bytesOf('Dátum;Suma\n15.01.2026;10,00\n'), mapping));
    expect(missing.code).toBe('csv_missing_column');
    expect(missing.details.field).toBe('message');

    const badDate = refusalOf(() =>
      readCsvStatement(bytesOf('Dátum;Suma;Správa\n15.01.2026;10,00;a\n31.02.2026;5,00;b\n'), mapping),
    );
    expect(badDate.details).toEqual({ line: 3, field: 'date' });
    // A decimal point where the mapping says comma is refused, never read as 1050.
    const comma = csvMappingSchema.parse({ ...mapping, decimalSeparator: ',' });
    const badAmount = refusalOf(() => readCsvStatement(bytesOf('Dátum;Suma;Správa\n15.01.2026;10.50;a\n'), comma));
    expect(badAmount.code).toBe('csv_row_unreadable');
    expect(badAmount.details).toEqual({ line: 2, field: 'amount' });
  });

  it('skips empty rows and zero amounts; a row of both a credit and a debit is unreadable', () => {
    const mapping = csvMappingSchema.parse({ columns: { date: 'Dátum', credit: 'Kredit', debit: 'Debet' } });
    const lines = readCsvStatement(
      bytesOf('Dátum;Kredit;Debet\n15.01.2026;0,00;\n;;\n16.01.2026;;-3,00\n'),
      mapping,
    ).lines;
    expect(lines.map((line) => [line.direction, line.amount, line.index])).toEqual([['debit', '3.00', 0]]);
    expect(
      refusalOf(() => readCsvStatement(bytesOf('Dátum;Kredit;Debet\n15.01.2026;1,00;2,00\n'), mapping)).details,
    ).toEqual({
      line: 2,
      field: 'credit',
    });
  });

  it('a table whose header has nothing of a statement is not a statement', () => {
    expect(refusalOf(() => readStatement(bytesOf('meno;vek;mesto\nJana;31;Nitra\n'))).code).toBe('not_a_statement');
  });
});
