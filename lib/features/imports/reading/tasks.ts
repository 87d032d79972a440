import type { Statement } from '@/lib/base/imports/statement-line';

import { type InvoiceSheet, readInvoiceSheet, type SheetRefusalCode, SheetRefused } from '../invoices/sheet';
import { readCsvHeader } from '../statements/csv';
import { readStatement, type ReadStatementOptions } from '../statements/read-statement';
import { type StatementRefusalCode, type StatementRefusalDetails, StatementRefused } from '../statements/refusal';

/**
 * What the import reader's worker (worker.ts) is asked to do and what it answers, both plain data that crosses the
 * thread by structured clone (an error's class does not: a refusal travels as its code and details and is made a
 * `StatementRefused` or `SheetRefused` again on the request's side, pool.ts). Pure: only the readers, no database, no
 * log, no `server-only` module, so that the worker's bundle holds nothing else.
 */

export type ReadTask =
  | { kind: 'statement'; bytes: Uint8Array; options: ReadStatementOptions }
  | { kind: 'invoice-sheet'; bytes: Uint8Array; fileName: string };

export type ReadAnswer =
  | { kind: 'statement'; statement: Statement }
  | { kind: 'invoice-sheet'; sheet: InvoiceSheet }
  | { kind: 'statement-refused'; code: StatementRefusalCode; details: StatementRefusalDetails }
  | { kind: 'sheet-refused'; code: SheetRefusalCode; params: Record<string, string> }
  /** Anything else the reader threw: only its name travels (never its message, which could quote the file). */
  | { kind: 'failed'; name: string };

function statementOf(bytes: Uint8Array, options: ReadStatementOptions): ReadAnswer {
  try {
    return { kind: 'statement', statement: readStatement(bytes, options) };
  } catch (error) {
    if (!(error instanceof StatementRefused)) throw error;
    const details = { ...error.details };
    // A remembered mapping that no longer fits is asked again on the form: its header is read here, off the request.
    if (error.code === 'csv_missing_column') details.header = readCsvHeader(bytes) ?? undefined;
    return { kind: 'statement-refused', code: error.code, details };
  }
}

async function sheetOf(bytes: Uint8Array, fileName: string): Promise<ReadAnswer> {
  try {
    return { kind: 'invoice-sheet', sheet: await readInvoiceSheet(bytes, fileName) };
  } catch (error) {
    if (!(error instanceof SheetRefused)) throw error;
    return { kind: 'sheet-refused', code: error.code, params: { ...error.params } };
  }
}

export async function runReadTask(task: ReadTask): Promise<ReadAnswer> {
  try {
    return task.kind === 'statement' ? statementOf(task.bytes, task.options) : await sheetOf(task.bytes, task.fileName);
  } catch (error) {
    return { kind: 'failed', name: error instanceof Error ? error.name : typeof error };
  }
}
