/**
 * The words of an import (../shared/design/contract.md, "Uploads"), shared by its tables (lib/platform/db/schema.ts),
 * its owner (lib/owners/imports/) and the pages. Pure: safe anywhere.
 */

/** What an import uploads: a bank statement's payments, or invoices. */
export const IMPORT_KINDS = ['payments', 'invoices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * A line's state. Before sending: `ready` (will be sent), `unmatched` (a payment without a document: sent only when
 * named), `invalid`, `excluded`, `duplicate` (already sent by an import of the company: never sent), `probably-recorded` (the
 * same date, amount, variable symbol and payer as a payment already in the company's copy or sent by another import,
 * under other bank references: kept out of "Record N", sent only when the user confirms that very line). Sending:
 * `queued` (waiting for its batch, or in a batch whose answer has not come yet), `sent` (its batch was accepted, or
 * its fate is unknown: confirmed by reading back before anything is sent again). After: `done`, `problem`.
 */
export const LINE_STATES = [
  'ready',
  'unmatched',
  'invalid',
  'excluded',
  'duplicate',
  'probably-recorded',
  'queued',
  'sent',
  'done',
  'problem',
] as const;
export type LineState = (typeof LINE_STATES)[number];

/**
 * The states in which a line holds its externalId for the company: once queued, the service may have it, so no other
 * line of the company (of any import) may be sent with the same id. The database's unique index decides
 * (`import_lines_held_external_id_idx`).
 */
export const HOLDING_STATES = ['queued', 'sent', 'done', 'problem'] as const satisfies readonly LineState[];

/** The states a page may still change (exclude, pair, edit): nothing of them has left. */
export const EDITABLE_STATES = [
  'ready',
  'unmatched',
  'invalid',
  'excluded',
  'probably-recorded',
] as const satisfies readonly LineState[];

/**
 * What became of one POST of a batch:
 * - `pending`: claimed by a sender; the POST may be under way (a sender that died here leaves its fate unknown);
 * - `accepted`: 202 with a requestId; `conflict`: 409, the same body within the service's 120 s: it was sent;
 * - `unknown`: a timeout, a reset connection, 408 or 5xx: confirmed by reading back before any resend;
 * - `refused`: 400, the service's validation result kept; nothing of it was processed;
 * - `stopped`: 401, 402 or 403: nothing processed, the import stops;
 * - `not-sent`: 429 or refused before it left (no budget, connection refused): its lines wait for the next batch.
 */
export const BATCH_OUTCOMES = ['pending', 'accepted', 'conflict', 'unknown', 'refused', 'stopped', 'not-sent'] as const;
export type BatchOutcome = (typeof BATCH_OUTCOMES)[number];

/**
 * Why an import stopped sending, as the pages' problems name them (lib/platform/http/page-problem.ts): the connection is
 * gone or was refused (401, or no working token), the company lacks the API package (402), the service forbids it (403).
 */
export const STOP_REASONS = ['disconnected', 'payment-required', 'forbidden'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** The import as the JSON view and the list name it, derived from its lines' states and its stop. */
export const IMPORT_STATES = ['draft', 'sending', 'done', 'problems'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export type LineCounts = Record<LineState, number>;

export function emptyLineCounts(): LineCounts {
  return Object.fromEntries(LINE_STATES.map((state) => [state, 0])) as LineCounts;
}

/**
 * `sending` while anything is queued or sent and the import is not stopped; `problems` when it stopped or a line has a
 * problem; `done` when something was confirmed; `draft` while nothing has been sent.
 */
export function importStateOf(counts: LineCounts, stopped: boolean): ImportState {
  if (!stopped && counts.queued + counts.sent > 0) return 'sending';
  if (stopped || counts.problem > 0) return 'problems';
  if (counts.done > 0) return 'done';
  return 'draft';
}

/** The longest externalId we send (the service takes 100; ours stay short enough for every upload kind). */
export const MAX_EXTERNAL_ID = 50;

/** The most documents one upload request may carry (the interface). */
export const MAX_BATCH_LINES = 100;
