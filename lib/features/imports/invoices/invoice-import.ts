import 'server-only';

import { createHash } from 'node:crypto';

import type { CompanyScope } from '@/lib/base/company-scope';
import { type Answer, type Answerable } from '@/lib/base/errors';
import { readMultipartForm, type UploadedFile, uploadedFile } from '@/lib/base/http/multipart';
import { readInvoiceDisplay } from '@/lib/base/imports/invoice-display';
import { createImport } from '@/lib/owners/imports/create';
import type { ImportDetail } from '@/lib/owners/imports/view';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

import { importPageOfKind } from '../import-paths';
import { readInvoiceSheetOffThread } from '../reading/off-thread';
import { ReaderBusy, ReaderGaveUp } from '../reading/pool';
import { importOf, queueAndSend } from '../send-lines';
import { loadInvoiceContext } from './context';
import { type InvoiceSheet, SheetRefused } from './sheet';
import { invoiceLinesOf } from './validate';

/**
 * An invoice spreadsheet uploaded on the import form (POST …/invoices/import, multipart/form-data, the field `file`)
 * made into a stored invoices import (lib/owners/imports/): the body is read up to 10 MB as it arrives (cut off before
 * anything parses it), the sheet read (`readInvoiceSheet`: CSV or XLSX) in the import reader's worker thread
 * (../reading/pool.ts: `too-complex` past its time or memory, `busy` with every worker reading, a 429), its rows grouped into invoices and checked
 * against the company's numbering sequences, existing numbers and partners as the mirror knows them
 * (`loadInvoiceContext`, `invoiceLinesOf`), and stored with the file's name and SHA-256, never the file. Any refusal
 * stores nothing. Then the import page's send form: the ready invoices, but an invoice whose number is already at the
 * service only with `overwrite=1` (the service overwrites it).
 */

/** The largest invoices file (the sheet reader's own limit too). */
export const INVOICE_FILE_LIMIT = 10 * 1024 * 1024;

/** The multipart body: the file with room for the boundaries and headers. */
export const INVOICE_UPLOAD_BODY_LIMIT = INVOICE_FILE_LIMIT + 64 * 1024;

/**
 * Our own refusals (`no-file`, `too-large` of the body; the reader's `too-complex` and `busy`) and the sheet's
 * (SheetRefused's codes).
 */
export class InvoiceUploadRefused extends Error implements Answerable {
  override name = 'InvoiceUploadRefused';
  constructor(
    readonly code: string,
    readonly params: Record<string, string> = {},
  ) {
    super(`invoice upload refused: ${code}`);
  }

  get answer(): Answer {
    if (this.code === 'busy') return new ReaderBusy().answer;
    return { code: 'bad_request', reason: `invoices_${this.code}` };
  }
}

export type InvoiceUploadForm = { file: UploadedFile | null };

/**
 * The upload's form, its body read up to `INVOICE_UPLOAD_BODY_LIMIT` as it arrives and within `UPLOAD_BODY_SECONDS`
 * (else `too-large` or `too-slow`, the body not kept), then parsed.
 */
export async function readInvoiceUploadForm(request: Request): Promise<InvoiceUploadForm> {
  const seconds = getEnv().uploadBodySeconds;
  const read = await readMultipartForm(request, { limit: INVOICE_UPLOAD_BODY_LIMIT, seconds });
  if ('refused' in read) {
    if (read.refused === 'too-slow') throw new InvoiceUploadRefused('too-slow', { seconds: String(seconds) });
    throw new InvoiceUploadRefused(read.refused === 'too-large' ? 'too-large' : 'no-file');
  }
  return { file: await uploadedFile(read.form, 'file', 'invoices') };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The uploaded sheet made into the company's invoices import; answers its id. Throws `InvoiceUploadRefused` for a
 * file that cannot be read (nothing stored then). A file that reads but whose rows are wrong is stored: its invoices
 * are `invalid`, each problem naming the row, the column and the value.
 */
export async function importInvoices(
  db: Db,
  scope: CompanyScope,
  form: InvoiceUploadForm,
): Promise<{ importId: string; lines: number; ignoredColumns: string[] }> {
  if (!form.file) throw new InvoiceUploadRefused('no-file');
  const { name, bytes } = form.file;
  if (bytes.byteLength > INVOICE_FILE_LIMIT) throw new InvoiceUploadRefused('too-large');
  // Taken before the read: the bytes are moved to the reader's worker, not copied.
  const digest = sha256(bytes);
  let sheet: InvoiceSheet;
  try {
    sheet = await readInvoiceSheetOffThread(bytes, name);
  } catch (error) {
    if (error instanceof ReaderBusy) throw new InvoiceUploadRefused('busy');
    if (error instanceof ReaderGaveUp) throw new InvoiceUploadRefused('too-complex');
    if (error instanceof SheetRefused) throw new InvoiceUploadRefused(error.code, error.params ?? {});
    throw error;
  }
  const context = await loadInvoiceContext(db, scope);
  const draft = invoiceLinesOf(sheet, context);
  const created = await createImport(db, scope, {
    kind: 'invoices',
    fileName: name.slice(0, 255),
    digest,
    lines: draft.lines,
  });
  return { importId: created.id, lines: draft.lines.length, ignoredColumns: draft.ignoredColumns };
}

/** `/companies/{tenantId}/invoices/import/{importId}` */
export const invoiceImportPath = (tenantId: string, importId: string) =>
  importPageOfKind(tenantId, 'invoices', importId);

/** How many of the columns not read the page names, and how much of each: a header is the file's text. */
export const IGNORED_COLUMNS_SHOWN = { count: 20, length: 80 } as const;

/**
 * The new import's page, naming the file's columns the add-on did not read (`ignored`, repeated): an import stores
 * its lines, not the file's header, so the upload's answer is where they are said.
 */
export function newInvoiceImportPath(tenantId: string, importId: string, ignoredColumns: readonly string[]): string {
  const path = invoiceImportPath(tenantId, importId);
  const shown = ignoredColumns.slice(0, IGNORED_COLUMNS_SHOWN.count);
  if (shown.length === 0) return path;
  const query = new URLSearchParams(shown.map((name) => ['ignored', name.slice(0, IGNORED_COLUMNS_SHOWN.length)]));
  return `${path}?${query}`;
}

/** What the send form did, for the page to say. */
export type InvoiceSendOutcome = 'queued' | 'unchanged' | 'overwrite-needed';

/** The company's invoices import, or 404 (another company's, a payments import, or none). */
export const invoiceImportOf = (db: Db, scope: CompanyScope, importId: string): Promise<ImportDetail> =>
  importOf(db, scope, importId, 'invoices');

/**
 * The send form (POST …/invoices/import/{importId}/send): queues the invoices named (none named: every ready one)
 * and asks for the company's sender. An invoice whose number is already at the service (`display.exists`) is queued
 * only with `overwrite`: without it, it stays ready and the page says how many were held back. Answers the page's
 * address to go back to (303).
 */
export async function sendInvoiceLines(
  db: Db,
  scope: CompanyScope,
  importId: string,
  which: string[] | 'all-ready',
  overwrite: boolean,
): Promise<string> {
  const detail = await invoiceImportOf(db, scope, importId);
  const named = which === 'all-ready' ? null : new Set(which);
  const candidates = detail.lines.filter((line) => line.state === 'ready' && (named === null || named.has(line.line)));
  const heldBack = overwrite ? [] : candidates.filter((line) => readInvoiceDisplay(line.display).exists !== null);
  const held = new Set(heldBack.map((line) => line.line));
  const toQueue = candidates.filter((line) => !held.has(line.line)).map((line) => line.line);

  const { queued, resumed } = await queueAndSend(db, scope, detail, toQueue);

  const outcome: InvoiceSendOutcome =
    heldBack.length > 0 ? 'overwrite-needed' : queued.length > 0 || resumed ? 'queued' : 'unchanged';
  const search = new URLSearchParams({ outcome });
  if (heldBack.length > 0) search.set('count', String(heldBack.length));
  return `${invoiceImportPath(scope.tenantId, importId)}?${search.toString()}`;
}
