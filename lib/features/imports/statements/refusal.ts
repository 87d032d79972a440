import type { Answer, Answerable } from '@/lib/base/errors';

import type { CsvMappingGuess } from './csv-mapping';

/** A statement file is read whole in memory: these bound the work one upload can ask for. */
export const statementLimits = { maxBytes: 20 * 1024 * 1024, maxLines: 50_000 } as const;

/**
 * Every reason a file is refused, one code each, so the page can say why in the user's language. Nothing of the
 * file's content travels in the error (a statement never reaches a log): only positions and limits.
 */
export type StatementRefusalCode =
  /** Over `statementLimits.maxBytes`. */
  | 'too_large'
  /** Over `statementLimits.maxLines` statement lines (entries, :61: lines or CSV rows). */
  | 'too_many_lines'
  /** Nothing in it. */
  | 'empty'
  /** XML with a document type declaration (`<!DOCTYPE`): refused before parsing, never processed. */
  | 'xml_doctype'
  /** XML declaring entities (`<!ENTITY`): refused before parsing, never expanded. */
  | 'xml_entity'
  /** XML that is not well formed (a truncated download, for one). */
  | 'xml_malformed'
  /** Neither a camt.053 statement, nor MT940, nor a table (a camt.052 or camt.054 report lands here too). */
  | 'not_a_statement'
  /** The file holds statements of more than one account: one import is one account. */
  | 'several_accounts'
  /** An entry (camt.053 `Ntry`, MT940 `:61:`) lacks what every line needs or has it in an unreadable form. */
  | 'entry_unreadable'
  /** MT940 whose blocks break the format (a mandatory tag missing, balances that do not add up). */
  | 'mt940_malformed'
  /** A table (CSV) given without a column mapping: the guess and the header travel along for the form. */
  | 'csv_mapping_required'
  /** The mapping names a column the file's header does not have. */
  | 'csv_missing_column'
  /** A row whose date or amount cannot be read with the mapping. */
  | 'csv_row_unreadable';

export type StatementRefusalDetails = {
  /** 1-based: the entry (camt.053, MT940) or the file row (CSV, 1 = the header). */
  line?: number;
  /** The mapping's field whose column is missing or unreadable (`date`, `amount`…), never a value from the file. */
  field?: string;
  limit?: number;
  /** With `csv_mapping_required`: the header row and the proposed mapping, to prefill the form. */
  header?: string[];
  guess?: CsvMappingGuess;
};

export class StatementRefused extends Error implements Answerable {
  override name = 'StatementRefused';
  constructor(
    readonly code: StatementRefusalCode,
    readonly details: StatementRefusalDetails = {},
  ) {
    super(`statement refused: ${code}`);
  }

  /** Every refusal is the caller's file, not our fault: a 400 page saying why (the contract's "Uploads"). */
  get answer(): Answer {
    return { code: 'bad_request', reason: `statement_${this.code}` };
  }
}

export function isStatementRefused(error: unknown, code?: StatementRefusalCode): error is StatementRefused {
  return error instanceof StatementRefused && (code === undefined || error.code === code);
}
