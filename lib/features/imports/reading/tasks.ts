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

/**
 * A large answer crosses in parts: its head (the answer without its lines or rows), then its lines or rows a part at
 * a time, each asked for by the request's thread once it is free again (pool.ts). Taking a 50 000-line statement in
 * one message stalled that thread 0.3–0.7 s while it was deserialised; a part of 2 000 takes a few milliseconds.
 */
export const PART_SIZE = 2_000;

export type AnswerInParts = { head: ReadAnswer; parts: unknown[][] };

function chunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let at = 0; at < items.length; at += PART_SIZE) parts.push(items.slice(at, at + PART_SIZE));
  return parts;
}

export function inParts(answer: ReadAnswer): AnswerInParts {
  if (answer.kind === 'statement') {
    const { lines, ...statement } = answer.statement;
    return { head: { kind: 'statement', statement: { ...statement, lines: [] } }, parts: chunks(lines) };
  }
  if (answer.kind === 'invoice-sheet') {
    const { rows, ...sheet } = answer.sheet;
    return { head: { kind: 'invoice-sheet', sheet: { ...sheet, rows: [] } }, parts: chunks(rows) };
  }
  return { head: answer, parts: [] };
}

/** The answer again from its head and its parts, in order. */
export function joined({ head, parts }: AnswerInParts): ReadAnswer {
  if (head.kind === 'statement') {
    return { kind: 'statement', statement: { ...head.statement, lines: parts.flat() as Statement['lines'] } };
  }
  if (head.kind === 'invoice-sheet') {
    return { kind: 'invoice-sheet', sheet: { ...head.sheet, rows: parts.flat() as InvoiceSheet['rows'] } };
  }
  return head;
}

/** What the worker posts: the head with how many parts follow, then each part when asked (`'more'`). */
export type WorkerMessage = { head: ReadAnswer; parts: number } | { part: unknown[] };
