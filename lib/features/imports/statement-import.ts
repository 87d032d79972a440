import 'server-only';

import { createHash } from 'node:crypto';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { Answer, Answerable } from '@/lib/base/errors';
import { readMultipartForm, type UploadedFile, uploadedFile } from '@/lib/base/http/multipart';
import { compactIban } from '@/lib/base/iban';
import type { Statement, StatementLine } from '@/lib/base/imports/statement-line';
import { openInvoicesOf } from '@/lib/features/imports/queries/open-invoices';
import { type PaymentAccountRow, paymentAccountsOf } from '@/lib/features/money/queries/accounts';
import { createImport } from '@/lib/owners/imports/create';
import { csvMappingOf, rememberCsvMapping } from '@/lib/owners/imports/csv-mappings';
import type { NewLine } from '@/lib/owners/imports/lines';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

import { moneyProblemsOf } from './line-checks';
import { paymentDisplayOf } from './line-display';
import { type Pairing, pairStatement } from './pairing';
import { paymentBodyOf } from './payment-body';
import { readStatementOffThread } from './reading/off-thread';
import { ReaderBusy, ReaderGaveUp } from './reading/pool';
import { type CsvField, type CsvMapping, csvMappingSchema } from './statements/csv-mapping';
import { statementLimits, type StatementRefusalCode, StatementRefused } from './statements/refusal';

/**
 * A bank statement uploaded on the import form (POST …/payments/import, multipart/form-data) made into a stored
 * payments import (lib/owners/imports/): the file is read whole in memory (at most 20 MB, cut off while the body is
 * read, before anything parses it), read by `readStatement` in the import reader's worker thread (reading/pool.ts:
 * never on the request's thread; past the worker's time or memory the file is refused `too_complex`, with every
 * worker busy `busy`, a 429), put on the company's account (the one chosen, else the
 * mirrored account whose IBAN is the statement's own), paired with the company's open invoices, and stored with the
 * file's name and SHA-256, never the file. Credits become payment lines (`ready` when paired, else `unmatched`),
 * debits `excluded`. A CSV is read with the account's remembered column mapping, or the one the user confirms on the
 * form (then remembered); without either, the form asks (`csv-mapping`). Any refusal stores nothing.
 */

/** The multipart body: the file and the form's few other fields, with room for the boundaries. */
export const UPLOAD_BODY_LIMIT = statementLimits.maxBytes + 64 * 1024;

/** Our own refusals, beside the statement's: each a 400 page saying why. */
export type UploadRefusalCode =
  | StatementRefusalCode
  /** No file in the `statement` field (or not multipart/form-data at all). */
  | 'no_file'
  /** The body was still arriving `UPLOAD_BODY_SECONDS` after its first byte was read. */
  | 'too_slow'
  /** No account was chosen and the statement names no IBAN (or several of the company's accounts have it). */
  | 'account_required'
  /** The statement's IBAN is none of the company's accounts (as last mirrored), whatever account was chosen. */
  | 'account_foreign'
  /** The statement's IBAN is another of the company's accounts than the one chosen. */
  | 'account_mismatch'
  /** The chosen account is not one of the company's (as last mirrored). */
  | 'account_unknown'
  /** The confirmed CSV mapping lacks the date or an amount column. */
  | 'csv_mapping_incomplete'
  /** The reader's worker ran past its time budget or its heap (a hostile file, say): nothing of it is kept. */
  | 'too_complex'
  /** Every worker of the import reader is reading another file: try again shortly (429). */
  | 'busy';

export class UploadRefused extends Error implements Answerable {
  override name = 'UploadRefused';
  constructor(
    readonly code: UploadRefusalCode,
    readonly details: {
      line?: number;
      field?: string;
      limit?: number;
      seconds?: number;
      /** The statement's own IBAN (electronic form): for `account_foreign` and `account_mismatch`. */
      statementIban?: string;
      /** The chosen account (`account_mismatch`): its IBAN (null: it has none) and name. */
      account?: { iban: string | null; name: string | null };
      /** The company's account whose IBAN the statement's is (`account_mismatch`): the one to choose. */
      rightAccountId?: string;
    } = {},
  ) {
    super(`statement upload refused: ${code}`);
  }

  get answer(): Answer {
    if (this.code === 'busy') return new ReaderBusy().answer;
    return { code: 'bad_request', reason: `statement_${this.code}` };
  }
}

/** The form's fields, as posted. */
export type UploadForm = {
  file: UploadedFile | null;
  /** '' (or absent): the statement's own account. */
  accountId: string;
  /** A mapping the user confirmed on the form (its `csv.*` fields), or null. */
  csvMapping: CsvMapping | null;
  /** The user asked to confirm the columns again, though the account has a remembered mapping. */
  askMapping: boolean;
};

/**
 * The CSV form's fields: `csv.date`, `csv.amount`, … (a column's header text; blank is none), and
 * `csv.defaultCurrency` (the currency of lines when no column says it).
 */
export const CSV_FIELDS: readonly CsvField[] = [
  'date',
  'amount',
  'credit',
  'debit',
  'currency',
  'variableSymbol',
  'specificSymbol',
  'constantSymbol',
  'counterpartyName',
  'counterpartyIban',
  'message',
  'reference',
  'endToEndId',
];

const ACCOUNT_ID = /^[1-9]\d{0,18}$/;

function mappingOfForm(form: FormData): CsvMapping | null {
  if (form.get('csv.confirm') !== '1') return null;
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const columns = Object.fromEntries(CSV_FIELDS.map((name) => [name, field(`csv.${name}`)]));
  const parsed = csvMappingSchema.safeParse({
    columns,
    ...(field('csv.delimiter') ? { delimiter: field('csv.delimiter') === 'tab' ? '\t' : field('csv.delimiter') } : {}),
    ...(field('csv.decimalSeparator') ? { decimalSeparator: field('csv.decimalSeparator') } : {}),
    ...(field('csv.encoding') ? { encoding: field('csv.encoding') } : {}),
    ...(field('csv.defaultCurrency') ? { currency: field('csv.defaultCurrency')!.toUpperCase() } : {}),
  });
  if (!parsed.success) {
    const missing = parsed.error.issues[0]?.path.at(-1);
    throw new UploadRefused('csv_mapping_incomplete', { field: typeof missing === 'string' ? missing : 'date' });
  }
  return parsed.data;
}

/**
 * The upload's form, its body read up to `UPLOAD_BODY_LIMIT` as it arrives and within `UPLOAD_BODY_SECONDS` (a longer
 * one is refused `too_large`, a slower one `too_slow`, without being kept), then parsed.
 */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  const seconds = getEnv().uploadBodySeconds;
  const read = await readMultipartForm(request, { limit: UPLOAD_BODY_LIMIT, seconds });
  if ('refused' in read) {
    if (read.refused === 'too-large') throw new UploadRefused('too_large', { limit: statementLimits.maxBytes });
    throw read.refused === 'too-slow' ? new UploadRefused('too_slow', { seconds }) : new UploadRefused('no_file');
  }
  const { form } = read;
  const accountId = form.get('accountId');
  return {
    file: await uploadedFile(form, 'statement', 'statement'),
    accountId: typeof accountId === 'string' ? accountId.trim() : '',
    csvMapping: mappingOfForm(form),
    askMapping: form.get('csv.ask') === '1',
  };
}

/** What an upload came to: a stored import, or the columns of a CSV to confirm on the form. */
export type UploadOutcome =
  | { kind: 'created'; importId: string; lines: number }
  | { kind: 'csv-mapping'; accountId: string | null; header: string[] };

/** What a line that is not paired shows of pairing (a credit the money checks stopped: never paired). */
const NOT_PAIRED: Pairing = {
  state: 'unmatched',
  document: null,
  match: null,
  suggestion: null,
  sharedSymbol: false,
  reasons: [],
  variableSymbol: null,
};

/**
 * One statement line with its pairing, as the import stores it. A credit the money checks refuse (./line-checks.ts:
 * `accountCurrency` is the currency the account books in) is `invalid`, with nothing to send.
 */
export function importLineOf(
  line: StatementLine,
  pairing: Pairing | null,
  accountId: string,
  accountCurrency: string | null = null,
): NewLine {
  const problems = line.direction === 'credit' ? moneyProblemsOf(line, accountCurrency) : [];
  const display = paymentDisplayOf(line, problems.length > 0 || pairing === null ? NOT_PAIRED : pairing);
  const base = { line: String(line.index + 1), externalId: line.externalId, display };
  if (line.direction === 'debit' || pairing?.state === 'excluded') {
    return { ...base, state: 'excluded', payload: null };
  }
  if (problems.length > 0 || pairing === null) {
    return { ...base, state: 'invalid', payload: null, problems };
  }
  let payload: Record<string, unknown>;
  try {
    payload = paymentBodyOf(line, pairing.document, Number(accountId));
  } catch {
    // A payment the upload's schema would refuse (an amount beyond its range, say) is never sent as it is.
    return { ...base, state: 'invalid', payload: null, problems: [{ code: 'payment-unsendable' }] };
  }
  const document = pairing.document
    ? { id: pairing.document.id, documentNumber: pairing.document.documentNumber ?? '' }
    : null;
  return { ...base, state: pairing.state === 'ready' ? 'ready' : 'unmatched', payload, document };
}

/**
 * The company's account the statement's payments are recorded on. A statement that names its IBAN goes only onto the
 * company's account of that IBAN: one the company does not have is refused naming it (`account_foreign`), and a
 * choice of another account is refused naming both, with the right one to choose (`account_mismatch`): a payment
 * recorded on the wrong account is wrong in the books, and nothing the user sees afterwards would show it. A
 * statement without an IBAN (a CSV, an MT940 `:25:` with a national account number) goes onto the account chosen.
 */
function accountFor(statement: Statement, chosen: PaymentAccountRow | null, accounts: PaymentAccountRow[]) {
  const iban = compactIban(statement.account.iban);
  if (iban === null) {
    if (!chosen) throw new UploadRefused('account_required');
    return chosen;
  }
  const own = accounts.filter((account) => account.iban === iban);
  if (own.length === 0) throw new UploadRefused('account_foreign', { statementIban: iban });
  if (chosen && chosen.iban !== iban) {
    throw new UploadRefused('account_mismatch', {
      statementIban: iban,
      account: { iban: chosen.iban, name: chosen.name },
      ...(own.length === 1 ? { rightAccountId: own[0]!.id } : {}),
    });
  }
  if (chosen) return chosen;
  if (own.length !== 1) throw new UploadRefused('account_required');
  return own[0]!;
}

/** What the file itself names of its account, for the page; a CSV names none (its IBAN is the account chosen). */
function statementAccountOf(statement: Statement) {
  if (statement.format === 'csv') return { statementAccount: null, statementOwner: null };
  const { iban, number, owner } = statement.account;
  return {
    statementAccount: (iban ?? number ?? null)?.slice(0, 100) ?? null,
    statementOwner: owner?.slice(0, 200) ?? null,
  };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The uploaded statement made into the company's payments import (or the CSV's columns to confirm). Throws
 * `UploadRefused` for a file or a choice that cannot be taken; nothing is stored then.
 */
export async function importStatement(db: Db, scope: CompanyScope, form: UploadForm): Promise<UploadOutcome> {
  if (!form.file) throw new UploadRefused('no_file');
  const { bytes } = form.file;
  if (bytes.byteLength > statementLimits.maxBytes) {
    throw new UploadRefused('too_large', { limit: statementLimits.maxBytes });
  }

  const accounts = (await paymentAccountsOf(db, scope)) ?? [];
  const chosen = chosenAccount(accounts, form.accountId);

  const remembered = chosen && !form.askMapping ? await csvMappingOf(db, scope, chosen.id) : null;
  const rememberedMapping = remembered ? csvMappingSchema.safeParse(remembered.mapping) : null;
  const csvMapping = form.csvMapping ?? (rememberedMapping?.success ? rememberedMapping.data : undefined);

  // Taken before the read: the bytes are moved to the reader's worker, not copied.
  const digest = sha256(bytes);
  const statement = await statementOrColumns(bytes, csvMapping, chosen, form);
  // A CSV whose columns are to be asked for.
  if (!('format' in statement)) return statement;
  // A CSV does not name its account: the form must.
  if (statement.format === 'csv' && !chosen) throw new UploadRefused('account_required');
  const account = accountFor(statement, chosen, accounts);
  const lines = await linesOf(db, scope, statement, account);

  const created = await createImport(db, scope, {
    kind: 'payments',
    fileName: form.file.name.slice(0, 255),
    digest,
    accountId: account.id,
    ...statementAccountOf(statement),
    lines,
  });
  if (statement.format === 'csv' && form.csvMapping) {
    await rememberCsvMapping(db, scope, account.id, form.csvMapping);
  }
  return { kind: 'created', importId: created.id, lines: lines.length };
}

/** The account the form chose, if it chose one; one the company does not have is refused. */
function chosenAccount(accounts: PaymentAccountRow[], accountId: string): PaymentAccountRow | null {
  if (accountId === '') return null;
  const chosen = ACCOUNT_ID.test(accountId) ? (accounts.find((account) => account.id === accountId) ?? null) : null;
  if (!chosen) throw new UploadRefused('account_unknown');
  return chosen;
}

/**
 * The statement read off the request's thread; or, for a CSV whose columns are not known (or no longer fit the
 * remembered ones), the columns to ask for. The reader's refusals become the upload's.
 */
async function statementOrColumns(
  bytes: Uint8Array,
  csvMapping: CsvMapping | undefined,
  chosen: PaymentAccountRow | null,
  form: UploadForm,
): Promise<Statement | Extract<UploadOutcome, { kind: 'csv-mapping' }>> {
  try {
    return await readStatementOffThread(bytes, {
      csvMapping,
      account: chosen ? (chosen.iban ?? chosen.id) : null,
    });
  } catch (error) {
    if (error instanceof ReaderBusy) throw new UploadRefused('busy');
    if (error instanceof ReaderGaveUp) throw new UploadRefused('too_complex');
    if (error instanceof StatementRefused) {
      if (error.code === 'csv_mapping_required') {
        return { kind: 'csv-mapping', accountId: chosen?.id ?? null, header: error.details.header ?? [] };
      }
      // The remembered mapping no longer fits the bank's export (a column renamed): asked again, not refused (the
      // worker read the header too).
      if (error.code === 'csv_missing_column' && !form.csvMapping && error.details.header) {
        return { kind: 'csv-mapping', accountId: chosen?.id ?? null, header: error.details.header };
      }
      throw new UploadRefused(error.code, {
        line: error.details.line,
        field: error.details.field,
        limit: error.details.limit,
      });
    }
    throw error;
  }
}

/** The import's lines: each statement line paired with the payers' open invoices, and checked. */
async function linesOf(db: Db, scope: CompanyScope, statement: Statement, account: PaymentAccountRow) {
  const payers = [
    ...new Set(statement.lines.flatMap((line) => (line.counterparty.iban ? [line.counterparty.iban] : []))),
  ];
  const invoices = await openInvoicesOf(db, scope, payers);
  // Only the lines that may be recorded are paired: one the money checks stop pays nothing, so it must not lower
  // what is left to pay on an invoice before a later line of the statement is paired.
  const accountCurrency = account.currency ?? statement.account.currency;
  const pairable = statement.lines.filter(
    (line) => line.direction === 'debit' || moneyProblemsOf(line, accountCurrency).length === 0,
  );
  const pairings = new Map(pairStatement(pairable, invoices).map((pairing, at) => [pairable[at]!.index, pairing]));
  return statement.lines.map((line) =>
    importLineOf(line, pairings.get(line.index) ?? null, account.id, accountCurrency),
  );
}
