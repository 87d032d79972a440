import 'server-only';

import type { DataApiClient } from '@/lib/service/client';
import { MAX_BATCH } from '@/lib/service/uploads';

import type { Confirmation } from './confirm';

/**
 * Reading back what was sent, for connections without a receiver of notifications and for batches whose fate is
 * unknown: one listing of everything the kind's list shows changed since the batches left, a page of 100 at a time
 * (`Skip` paging, stopping on a short page or once every id looked for is found), matched by externalId (never one
 * call per line). Each kind plugs in its own reader (./kinds.ts): payments by GET /api/payments of the import's account, invoices
 * by GET /api/invoices. A reading finds what the service created; a document it refused (a problem the
 * notification would have told) is not there, so without a receiver such a line stays `sent`, and a line of an
 * unknown batch the reading did not find is sent again only after its batch's resend window (./check.ts).
 */

export type ReadBackQuery = {
  /** Payments: the account the import records on. */
  accountId: string | null;
  /** The list's LastModifiedTimestamp: `yyyy-MM-ddTHH:mm:ss`, a little before the earliest batch left. */
  since: string;
  /** The externalIds looked for: reading stops once all are found. */
  externalIds: ReadonlySet<string>;
};

export type ReadBack = (client: DataApiClient, query: ReadBackQuery) => Promise<Map<string, Confirmation>>;

/** How far before the earliest send the listing starts: the service's timestamps carry no zone (read as UTC here,
 * while the service writes Slovak time, later than UTC, so starting early only reads a little more). */
export const READ_BACK_MARGIN_MS = 15 * 60_000;

/** The `since` of a read-back of batches that left at `earliest`. */
export function readBackSince(earliest: Date): string {
  return new Date(earliest.getTime() - READ_BACK_MARGIN_MS).toISOString().slice(0, 19);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

type ListedRecord = { externalId?: unknown; id?: unknown; documentNumber?: unknown; variableSymbol?: unknown };

/**
 * One list read from its first page, `Top` 100 with `Skip`, until the page is short or every externalId looked for
 * is found; each record carrying one of them becomes its line's confirmation (the first occurrence wins).
 */
async function readListBack(
  listPage: (paging: { Top: number; Skip?: number }) => Promise<readonly ListedRecord[]>,
  externalIds: ReadonlySet<string>,
  confirmationOf: (record: ListedRecord, externalId: string) => Confirmation,
): Promise<Map<string, Confirmation>> {
  const found = new Map<string, Confirmation>();
  if (externalIds.size === 0) return found;
  for (let skip = 0; ; skip += MAX_BATCH) {
    const page = await listPage({ Top: MAX_BATCH, ...(skip > 0 ? { Skip: skip } : {}) });
    for (const record of page) {
      const externalId = record.externalId;
      if (typeof externalId !== 'string' || !externalIds.has(externalId) || found.has(externalId)) continue;
      found.set(externalId, confirmationOf(record, externalId));
    }
    if (page.length < MAX_BATCH || found.size === externalIds.size) return found;
  }
}

/**
 * Payments sent with an account are listed by GET /api/payments: the account's payments changed since the send,
 * newest first.
 */
export const readBackPayments: ReadBack = async (client, { accountId, since, externalIds }) =>
  accountId === null
    ? new Map()
    : readListBack(
        (paging) => client.payments.list({ AccountId: accountId, LastModifiedTimestamp: since, ...paging }),
        externalIds,
        (payment, externalId) => ({
          externalId,
          result: { id: text(payment.id), documentNumber: text(payment.documentNumber) },
          problems: [],
          document: null,
        }),
      );

/**
 * Invoices are listed by GET /api/invoices: those changed since the send (the list's LastModifiedTimestamp). An
 * invoice found is confirmed with the invoice the service created (or overwrote): its id and number become the
 * line's document.
 */
export const readBackInvoices: ReadBack = (client, { since, externalIds }) =>
  readListBack(
    (paging) => client.invoices.list({ LastModifiedTimestamp: since, ...paging }),
    externalIds,
    (invoice, externalId) => {
      const id = text(invoice.id);
      const documentNumber = text(invoice.documentNumber);
      return {
        externalId,
        result: { id, documentNumber, variableSymbol: text(invoice.variableSymbol) },
        problems: [],
        document: id !== null && documentNumber !== null ? { id, documentNumber } : null,
      };
    },
  );
