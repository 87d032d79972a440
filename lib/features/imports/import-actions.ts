import 'server-only';

import { z } from 'zod';

import type { CompanyScope } from '@/lib/base/company-scope';
import { HttpError } from '@/lib/base/errors';
import { readPaymentDisplay } from '@/lib/base/imports/payment-display';
import { invoiceToPair, openInvoicesOf } from '@/lib/features/imports/queries/open-invoices';
import { excludeLines, includeLines, pairLine } from '@/lib/owners/imports/edit';
import { requestImportSend } from '@/lib/owners/imports/jobs';
import { companyOf } from '@/lib/owners/imports/lines';
import { queueConfirmedNewPayment } from '@/lib/owners/imports/queue';
import { readImport } from '@/lib/owners/imports/view';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';

import { applyClaims, claimsOfImport } from './import-claims';
import { importPagePath } from './import-paths';
import { paymentDisplayOf, statementLineOf } from './line-display';
import { indexOpenInvoices } from './open-invoice-index';
import { pairByHand } from './pairing';
import { importOf, queueAndSend } from './send-lines';

/**
 * The import page's forms (contract.md, "Uploads"): `POST …/payments/import/{importId}/send` (the repeated field
 * `line`; none named: every ready line) and `POST …/payments/import/{importId}/lines` (`action` exclude, include or
 * pair, the repeated field `line`, and for pair the `invoice` chosen: a suggestion confirmed or one found by the
 * page's search; or `confirm-new`, one `line` only: the user confirms that a line probably recorded already is a
 * payment of its own, and it is sent, the confirmation recorded on it). Each answers the address of the import's page to go back to (303), with what happened in its
 * `outcome`. A form that is not one of these is refused (400) and changes nothing; an import the company does not
 * have is not found (404).
 */

/** The most lines one form names (a statement holds at most 50 000). */
const MAX_NAMED = 50_000;

const lineId = z.string().min(1).max(40);

const lineFormSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('exclude'), lines: z.array(lineId).min(1).max(MAX_NAMED) }),
  z.object({ action: z.literal('include'), lines: z.array(lineId).min(1).max(MAX_NAMED) }),
  z.object({
    action: z.literal('pair'),
    lines: z.array(lineId).length(1),
    invoice: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
  }),
  z.object({ action: z.literal('confirm-new'), lines: z.array(lineId).length(1) }),
]);

export type LineForm = z.infer<typeof lineFormSchema>;

/** The lines form's fields; null when they are not a form the page sends. */
export function readLineForm(body: URLSearchParams): LineForm | null {
  const parsed = lineFormSchema.safeParse({
    action: body.get('action') ?? undefined,
    lines: body.getAll('line'),
    invoice: body.get('invoice') ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

/** The send form's lines: those named, or every ready line; null when a named line cannot be one. */
export function readSendForm(body: URLSearchParams): string[] | 'all-ready' | null {
  const lines = body.getAll('line');
  if (lines.length === 0) return 'all-ready';
  const parsed = z.array(lineId).max(MAX_NAMED).safeParse(lines);
  return parsed.success ? [...new Set(parsed.data)] : null;
}

/** `duplicate`: nothing was sent, the lines the form would send being recorded already by another import. */
export type ImportOutcome = 'queued' | 'excluded' | 'included' | 'paired' | 'duplicate' | 'unchanged';

function backTo(tenantId: string, importId: string, outcome: ImportOutcome, extra: Record<string, string> = {}) {
  const search = new URLSearchParams({ outcome, ...extra });
  return `${importPagePath(tenantId, importId)}?${search.toString()}`;
}

const badForm = () => new HttpError('bad_request', 'import_form_invalid');

/** The payment upload's variable symbol holds at most 10 characters (lib/service/uploads.ts). */
const MAX_SYMBOL = 10;

/** Queues the lines and asks for the company's sender; the page's address to go back to. */
export async function sendImportLines(
  db: Db,
  scope: CompanyScope,
  importId: string,
  which: string[] | 'all-ready',
): Promise<string> {
  // An invoices import is sent by its own form (invoices/invoice-import.ts: the overwrite confirmation).
  const detail = await importOf(db, scope, importId, 'payments');
  const { queued, resumed } = await queueAndSend(db, scope, detail, which);
  if (queued.length > 0 || resumed) return backTo(scope.tenantId, importId, 'queued');
  const recorded = await recordedElsewhere(db, scope, importId, which);
  return recorded
    ? backTo(scope.tenantId, importId, 'duplicate', { count: String(recorded.count), by: recorded.by })
    : backTo(scope.tenantId, importId, 'unchanged');
}

/**
 * Why a send form (from a page drawn before another import recorded the same payments) sent nothing: the lines it
 * names, or every line when it names none, that are duplicates of another import's, and the import most of them name.
 */
async function recordedElsewhere(db: Db, scope: CompanyScope, importId: string, which: string[] | 'all-ready') {
  const now = await readImport(db, scope, importId);
  const named = which === 'all-ready' ? null : new Set(which);
  const byImport = new Map<string, number>();
  for (const line of now?.lines ?? []) {
    if (line.state !== 'duplicate' || (named !== null && !named.has(line.line))) continue;
    const sent = line.problems.find((problem) => problem.code === 'already-sent')?.params?.importId;
    if (sent) byImport.set(sent, (byImport.get(sent) ?? 0) + 1);
  }
  if (byImport.size === 0) return null;
  const count = [...byImport.values()].reduce((sum, each) => sum + each, 0);
  const [by] = [...byImport].sort((a, b) => b[1] - a[1])[0]!;
  return { count, by };
}

/** Applies the lines form; the page's address to go back to. */
export async function applyLineForm(db: Db, scope: CompanyScope, importId: string, form: LineForm): Promise<string> {
  const detail = await importOf(db, scope, importId, 'payments');
  const known = new Set(detail.lines.map((line) => line.line));
  if (form.lines.some((line) => !known.has(line))) throw badForm();

  if (form.action === 'exclude') {
    const moved = await excludeLines(db, scope, importId, form.lines);
    return backTo(scope.tenantId, importId, moved.length > 0 ? 'excluded' : 'unchanged');
  }
  if (form.action === 'include') {
    const moved = await includeLines(db, scope, importId, form.lines);
    return backTo(scope.tenantId, importId, moved.length > 0 ? 'included' : 'unchanged');
  }
  if (form.action === 'confirm-new') {
    // That line only, only while it is still `probably-recorded`: never a line the user did not look at.
    const queued = await queueConfirmedNewPayment(db, scope, importId, form.lines[0]!);
    if (queued) await requestImportSend(companyOf(scope));
    return backTo(scope.tenantId, importId, queued ? 'queued' : 'unchanged');
  }

  // Pair one line with the invoice chosen, sent with that invoice's variable symbol (the service pairs by it).
  const stored = detail.lines.find((line) => line.line === form.lines[0])!;
  const display = readPaymentDisplay(stored.display);
  const statementLine = statementLineOf(display, stored.externalId);
  if (detail.kind !== 'payments' || stored.payload === null || stored.externalId === null || !statementLine) {
    throw badForm();
  }
  if (statementLine.direction !== 'credit') throw badForm();
  const company = mirrorCompanyOf(scope);
  const invoice = await invoiceToPair(db, company, form.invoice);
  if (!invoice) throw badForm();
  // What is left to pay after this import's other lines: the company's copy does not know their payments yet.
  const open = await openInvoicesOf(db, company);
  const index = indexOpenInvoices(open);
  applyClaims(index, open, claimsOfImport(detail.lines, stored.line));
  const pairing = pairByHand(statementLine, invoice, index);
  const { variableSymbol: _previous, ...rest } = stored.payload;
  const symbol = invoice.variableSymbol;
  const payload = symbol !== null && symbol.length <= MAX_SYMBOL ? { ...rest, variableSymbol: symbol } : rest;
  const shown = paymentDisplayOf(statementLine, pairing);
  const changed = await pairLine(db, scope, importId, stored.line, {
    payload,
    document: { id: invoice.id, documentNumber: invoice.documentNumber ?? '' },
    state: 'ready',
    // The line's own facts stay as the statement gave them; the pairing is the new one.
    display: { ...stored.display, pairing: shown.pairing },
  });
  return changed
    ? backTo(scope.tenantId, importId, 'paired', { number: invoice.documentNumber ?? invoice.id })
    : backTo(scope.tenantId, importId, 'unchanged');
}
