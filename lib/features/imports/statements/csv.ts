import { parse } from 'csv-parse/sync';

import type { Statement } from '@/lib/base/imports/statement-line';
import { guessDecimalSeparator, isZeroDecimal, readWrittenDecimal } from '@/lib/base/money';

import {
  type CsvField,
  type CsvMapping,
  type CsvMappingInput,
  csvMappingSchema,
  guessCsvMapping,
  headerKey,
} from './csv-mapping';
import { normaliseIban } from './iban';
import { accountKeyOf, identifyLines, type LineDraft } from './identity';
import { statementLimits, StatementRefused } from './refusal';
import { firstSymbols, symbolsIn } from './symbols';
import { cleanText, decodeStatementText, looksBinary } from './text';

/** How many rows before the header a bank may write (its own account, the period…). */
const PREAMBLE_ROWS = 20;

/**
 * Where a header is looked for: the first PREAMBLE_ROWS + 1 lines, within the first 64 kB (a bank's header and
 * preamble are a few hundred characters). The rest of a file is only read once a header is found: a 20 MB text with
 * no table in it once took 10 to 30 s to be refused (issue 30).
 */
const HEAD_CHARS = 65_536;

/**
 * The longest row read (characters): a bank's row is a few hundred, a long message included. A longer one is no
 * statement's, and the parser's work on one 20 MB "row" took seconds.
 */
const MAX_ROW_CHARS = 65_536;

export type CsvReadOptions = {
  /** The statement's own account (its IBAN or number) when the file does not say it: it keeps externalIds apart. */
  account?: string | null;
};

/** The file's first PREAMBLE_ROWS + 1 lines (whole lines, within HEAD_CHARS): where its header must be. */
function headOf(text: string): string {
  const start = text.slice(0, HEAD_CHARS);
  let end = 0;
  for (let line = 0; line <= PREAMBLE_ROWS; line += 1) {
    const next = start.indexOf('\n', end);
    if (next < 0) return start;
    end = next + 1;
  }
  return start.slice(0, end);
}

/** The delimiter of the header row: the one of `;`, tab and `,` that splits it most (outside quotes). */
function detectDelimiter(head: string): ';' | ',' | '\t' {
  const firstLines = head.split(/\r?\n/, PREAMBLE_ROWS + 1).map((line) => line.replace(/"[^"]*"/g, ''));
  const score = (delimiter: string) => Math.max(0, ...firstLines.map((line) => line.split(delimiter).length - 1));
  const candidates = [';', '\t', ','] as const;
  return candidates.reduce((best, delimiter) => (score(delimiter) > score(best) ? delimiter : best));
}

function rowsOf(text: string, delimiter: string, lines: number): string[][] {
  try {
    return parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      to_line: lines,
      max_record_size: MAX_ROW_CHARS,
    });
  } catch {
    throw new StatementRefused('not_a_statement');
  }
}

/** A CSV file's text, its delimiter (as the mapping says or detected) and its first rows, where the header is. */
function tableOf(bytes: Uint8Array, mapping?: Pick<CsvMapping, 'encoding' | 'delimiter'>) {
  const text = decodeStatementText(bytes, mapping?.encoding ?? 'auto');
  if (looksBinary(text)) throw new StatementRefused('not_a_statement');
  const head = headOf(text);
  const delimiter = !mapping || mapping.delimiter === 'auto' ? detectDelimiter(head) : mapping.delimiter;
  return { text, delimiter, head: rowsOf(head, delimiter, PREAMBLE_ROWS + 1) };
}

/**
 * The header row of a CSV statement, for the mapping form: the first of the first rows that the guess recognises
 * (a date and an amount), else the first row with more than one column. Null when the file is no table. Only the
 * file's first lines are read.
 */
export function readCsvHeader(bytes: Uint8Array): string[] | null {
  return headerRowOf(tableOf(bytes).head);
}

function headerRowOf(rows: string[][]): string[] | null {
  const head = rows.slice(0, PREAMBLE_ROWS + 1);
  return head.find((row) => guessCsvMapping(row).mapping !== null) ?? head.find((row) => row.length > 1) ?? null;
}

/** Reads a CSV statement with a confirmed column mapping (as remembered: its defaults are filled in here). */
export function readCsvStatement(bytes: Uint8Array, input: CsvMappingInput, options: CsvReadOptions = {}): Statement {
  const mapping = csvMappingSchema.parse(input);
  const table = tableOf(bytes, mapping);
  const wanted = Object.entries(mapping.columns).filter(([, name]) => name !== null) as [CsvField, string][];
  // The header is the first row that has every column the mapping names, among the first ones.
  const isHeader = (row: string[]) => {
    const keys = new Set(row.map(headerKey));
    return wanted.every(([, name]) => keys.has(headerKey(name)));
  };
  if (!table.head.some(isHeader)) {
    const header = headerRowOf(table.head)?.map(headerKey) ?? [];
    const missing = wanted.find(([, name]) => !header.includes(headerKey(name)));
    throw new StatementRefused('csv_missing_column', { field: missing?.[0] ?? 'date' });
  }
  // Only now the whole file: its rows up to the most a statement may have (beyond them the count refuses it).
  const rows = rowsOf(table.text, table.delimiter, statementLimits.maxLines + PREAMBLE_ROWS + 2);
  const headerAt = rows.slice(0, PREAMBLE_ROWS + 1).findIndex(isHeader);
  if (headerAt < 0) throw new StatementRefused('csv_missing_column', { field: 'date' });
  const header = rows[headerAt]!.map(headerKey);
  const at = Object.fromEntries(wanted.map(([field, name]) => [field, header.indexOf(headerKey(name))])) as Partial<
    Record<CsvField, number>
  >;
  const data = rows.slice(headerAt + 1);
  if (data.length > statementLimits.maxLines)
    throw new StatementRefused('too_many_lines', { limit: statementLimits.maxLines });

  const cell = (row: string[], field: CsvField) => (at[field] === undefined ? null : cleanText(row[at[field]]));
  const decimalSeparator =
    mapping.decimalSeparator !== 'auto'
      ? mapping.decimalSeparator
      : guessDecimalSeparator(
          data
            .flatMap((row) => [cell(row, 'amount'), cell(row, 'credit'), cell(row, 'debit')])
            .filter((v) => v !== null),
        );

  const drafts: LineDraft[] = [];
  data.forEach((row, offset) => {
    if (row.every((value) => value === '')) return;
    const fileRow = headerAt + offset + 2;
    const unreadable = (field: CsvField) => new StatementRefused('csv_row_unreadable', { line: fileRow, field });
    const bookingDate = readDate(cell(row, 'date'));
    if (!bookingDate) throw unreadable('date');
    const money = amountOf(row, cell, mapping.columns, decimalSeparator);
    if (money === 'zero') return;
    if ('unreadable' in money) throw unreadable(money.unreadable);
    const currency = (cell(row, 'currency') ?? mapping.currency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw unreadable('currency');
    const message = cell(row, 'message');
    const endToEndId = cell(row, 'endToEndId');
    drafts.push({
      bookingDate,
      direction: money.direction,
      amount: money.amount,
      currency,
      bankReference: cell(row, 'reference'),
      endToEndId,
      symbols: firstSymbols([
        {
          variable: digitsOnly(cell(row, 'variableSymbol'), 10),
          specific: digitsOnly(cell(row, 'specificSymbol'), 10),
          constant: digitsOnly(cell(row, 'constantSymbol'), 4),
        },
        symbolsIn(endToEndId),
        symbolsIn(message),
      ]),
      counterparty: { name: cell(row, 'counterpartyName'), iban: normaliseIban(cell(row, 'counterpartyIban')) },
      message,
    });
  });
  const iban = normaliseIban(options.account);
  return {
    format: 'csv',
    account: { iban, currency: drafts[0]?.currency ?? mapping.currency },
    lines: identifyLines(accountKeyOf({ iban, id: options.account }), drafts),
  };
}

type Cell = (row: string[], field: CsvField) => string | null;
type Money = { amount: string; direction: LineDraft['direction'] } | 'zero' | { unreadable: CsvField };

/**
 * The amount of a row: one signed column (a minus is money out), or a credit and a debit column of which one holds
 * the row's amount (a debit is money out whatever its sign). Zero is no payment: the row is skipped.
 */
function amountOf(row: string[], cell: Cell, columns: CsvMapping['columns'], separator: ',' | '.'): Money {
  const read = (field: CsvField) => {
    const value = cell(row, field);
    return value === null ? null : (readWrittenDecimal(value, separator) ?? ('unreadable' as const));
  };
  if (columns.amount !== null) {
    const amount = read('amount');
    if (amount === null || amount === 'unreadable') return { unreadable: 'amount' };
    if (isZeroDecimal(amount.value)) return 'zero';
    return { amount: amount.value, direction: amount.negative ? 'debit' : 'credit' };
  }
  const credit = read('credit');
  const debit = read('debit');
  if (credit === 'unreadable') return { unreadable: 'credit' };
  if (debit === 'unreadable') return { unreadable: 'debit' };
  const paidIn = credit && !isZeroDecimal(credit.value) ? credit : null;
  const paidOut = debit && !isZeroDecimal(debit.value) ? debit : null;
  if (paidIn && paidOut) return { unreadable: 'credit' };
  if (paidIn) return { amount: paidIn.value, direction: paidIn.negative ? 'debit' : 'credit' };
  if (paidOut) return { amount: paidOut.value, direction: 'debit' };
  if (credit || debit) return 'zero';
  return { unreadable: columns.credit !== null ? 'credit' : 'debit' };
}

function digitsOnly(value: string | null, most: number): string | null {
  const compact = value?.replace(/\s+/g, '') ?? '';
  return new RegExp(`^\\d{1,${most}}$`).test(compact) ? compact : null;
}

/** Day-first dates (`15.01.2026`, `15. 1. 2026`, `15/01/26`) and ISO ones (`2026-01-15`, `20260115`), time ignored. */
export function readDate(value: string | null): string | null {
  if (!value) return null;
  const text = value.trim();
  const iso = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|[T\s])/.exec(text);
  const dayFirst = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{2}|\d{4})(?:$|\s)/.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dayFirst
      ? [Number(dayFirst[3]!.length === 2 ? `20${dayFirst[3]}` : dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
      : [NaN, NaN, NaN];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime()) || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
