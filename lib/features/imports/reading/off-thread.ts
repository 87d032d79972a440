import 'server-only';

import type { Statement } from '@/lib/base/imports/statement-line';

import { type InvoiceSheet, SheetRefused } from '../invoices/sheet';
import type { ReadStatementOptions } from '../statements/read-statement';
import { StatementRefused } from '../statements/refusal';
import { importReader, type ReaderPool } from './pool';
import type { ReadAnswer } from './tasks';

/**
 * `readStatement` and `readInvoiceSheet` as the uploads call them: in the import reader's worker (pool.ts), their
 * refusals thrown again here as the same classes. Also throws `ReaderBusy` (every worker reading) and `ReaderGaveUp`
 * (past the worker's time or heap). The bytes are moved to the worker: the caller's array is empty afterwards.
 */

function unexpected(answer: ReadAnswer): never {
  throw new Error(`import reader: ${answer.kind === 'failed' ? answer.name : answer.kind} unexpected`);
}

export async function readStatementOffThread(
  bytes: Uint8Array,
  options: ReadStatementOptions,
  pool: ReaderPool = importReader,
): Promise<Statement> {
  const answer = await pool.read({ kind: 'statement', bytes, options });
  if (answer.kind === 'statement') return answer.statement;
  if (answer.kind === 'statement-refused') throw new StatementRefused(answer.code, answer.details);
  return unexpected(answer);
}

export async function readInvoiceSheetOffThread(
  bytes: Uint8Array,
  fileName: string,
  pool: ReaderPool = importReader,
): Promise<InvoiceSheet> {
  const answer = await pool.read({ kind: 'invoice-sheet', bytes, fileName });
  if (answer.kind === 'invoice-sheet') return answer.sheet;
  if (answer.kind === 'sheet-refused') throw new SheetRefused(answer.code, answer.params);
  return unexpected(answer);
}
