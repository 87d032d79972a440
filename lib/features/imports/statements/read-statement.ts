import type { Statement } from '@/lib/base/imports/statement-line';

import { readCamt053 } from './camt053';
import { readCsvHeader, readCsvStatement } from './csv';
import { type CsvMappingInput, guessCsvMapping } from './csv-mapping';
import { looksLikeMt940, readMt940 } from './mt940';
import { statementLimits, StatementRefused } from './refusal';
import { decodeStatementText, looksBinary } from './text';
import { refuseXmlDeclarations, type XmlLimits } from './xml';

export type ReadStatementOptions = {
  /** The account's confirmed CSV mapping: without it a CSV file is refused with `csv_mapping_required`. */
  csvMapping?: CsvMappingInput;
  /** The statement's own account (IBAN or number) for a CSV file, which does not say it: see `readCsvStatement`. */
  account?: string | null;
  /** The bounds of a camt.053's XML: `xmlLimits` unless a test asks for smaller ones. */
  xmlLimits?: XmlLimits;
};

/**
 * Reads a bank statement of any format we know, detected from its content: camt.053 (XML), MT940, or CSV with the
 * account's column mapping. Pure and synchronous: the bytes are the whole file (at most 20 MB); nothing is stored or
 * logged. A file that cannot be read is refused with a `StatementRefused` whose code says why.
 */
export function readStatement(bytes: Uint8Array, options: ReadStatementOptions = {}): Statement {
  if (bytes.byteLength > statementLimits.maxBytes) {
    throw new StatementRefused('too_large', { limit: statementLimits.maxBytes });
  }
  const text = decodeStatementText(bytes, options.csvMapping?.encoding ?? 'auto');
  if (text.trim() === '') throw new StatementRefused('empty');
  if (looksBinary(text)) throw new StatementRefused('not_a_statement');

  if (text.trimStart().startsWith('<')) {
    // Any XML with a DTD or entities is refused as such first, whatever it is: the sharper reason.
    refuseXmlDeclarations(text);
    return readCamt053(text, options.xmlLimits);
  }
  if (looksLikeMt940(text)) return readMt940(text);
  if (options.csvMapping) return readCsvStatement(bytes, options.csvMapping, { account: options.account });

  const header = readCsvHeader(bytes);
  if (!header) throw new StatementRefused('not_a_statement');
  const guess = guessCsvMapping(header);
  // A table is only taken for a statement when something in its header looks like a date or an amount.
  if (!guess.found.date && !guess.found.amount && !guess.found.credit && !guess.found.debit) {
    throw new StatementRefused('not_a_statement');
  }
  throw new StatementRefused('csv_mapping_required', { header, guess });
}
