import 'server-only';

import { z } from 'zod';

import { type ImportKind, MAX_BATCH_LINES } from '@/lib/base/imports/states';
import type { Db } from '@/lib/platform/db/client';
import type { DataApiClient } from '@/lib/service/client';
import { invoiceItemUpload, invoiceUpload, type PaymentUpload, paymentUpload } from '@/lib/service/uploads';

import { type ImportCompany, ImportInputError, type LinePayload } from './lines';
import { markProbablyRecorded } from './probably-recorded';
import { type ReadBack, readBackInvoices, readBackPayments } from './read-back';

/**
 * What one kind of import is, for the owner: everything the shared machinery (create, queue, send, confirm) asks of a
 * kind, in one record. Everything else — lines and their states, batches, outcomes, the never-twice rules — is the
 * same for every kind. A new kind (received orders, stock issues, delivery notes) is one more record here, and its
 * name in IMPORT_KINDS (lib/base/imports/states.ts); see docs/architecture.md, "The import kit: adding a kind".
 */
export type ImportKindDefinition = {
  /** What a line's payload must be to be sent: the upload's own schema (lib/service/uploads.ts). */
  payloadSchema: z.ZodType;
  /** Whether the import records on one account of the company (its `accountId`, written into every line). */
  recordsOnAccount: boolean;
  /** How many lines one request may carry at most (the sender's setting may send fewer). */
  batchSize: number;
  /** The request that sends one batch of payloads (`POST …/batch`), answering the service's requestIds. */
  upload: (client: DataApiClient, data: Record<string, unknown>[]) => Promise<{ requestIds: string[] }>;
  /** How a line is confirmed: by the upload-finished notification (its apiUrl names the kind), and by reading back. */
  confirmedBy: {
    /** The notification's `apiUrl` of this kind (`…/api/payments/{id}`). */
    apiUrl: RegExp;
    /**
     * The document a confirmed entity names, from its `id` (the record created) and `documentId` (the document the
     * record belongs to).
     */
    documentOf: (entity: { id: string | null; documentId: string | null }) => string | null;
    /** The reading of the service's list that finds what was sent when no notification told (./read-back.ts). */
    readBack: ReadBack;
  };
  /**
   * What the import's lines are checked against once stored, beyond the duplicates every kind has: answers the
   * lines it moved out of the way of "send all ready".
   */
  afterCreate: ((db: Db, company: ImportCompany, importId: string) => Promise<string[]>) | null;
};

export const IMPORT_KIND_DEFINITIONS: Record<ImportKind, ImportKindDefinition> = {
  payments: {
    payloadSchema: paymentUpload,
    recordsOnAccount: true,
    batchSize: MAX_BATCH_LINES,
    // Checked against the schema when stored, and again by the client before anything leaves.
    upload: (client, data) => client.payments.uploadBatch(data as PaymentUpload[]),
    confirmedBy: {
      apiUrl: /\/api\/payments(\/|\b)/i,
      // A payment's result names the document it paid, by documentId.
      documentOf: ({ documentId }) => documentId,
      readBack: readBackPayments,
    },
    // A payment the company already has under other bank references is kept out of "Record N" (issue 30).
    afterCreate: markProbablyRecorded,
  },
  invoices: {
    // An invoice line always sends its items.
    payloadSchema: invoiceUpload.extend({ items: z.array(invoiceItemUpload).min(1) }),
    recordsOnAccount: false,
    batchSize: MAX_BATCH_LINES,
    upload: (client, data) => client.invoices.uploadBatch(data),
    confirmedBy: {
      apiUrl: /\/api\/invoices(\/|\b)/i,
      // An invoice's result is the document created.
      documentOf: ({ id, documentId }) => id ?? documentId,
      readBack: readBackInvoices,
    },
    afterCreate: null,
  },
};

export const kindDefinition = (kind: ImportKind): ImportKindDefinition => IMPORT_KIND_DEFINITIONS[kind];

/** The kind of upload a notification reports, from its apiUrl (`…/api/payments/{id}`); null when it does not say. */
export function kindOfApiUrl(apiUrl: string | null | undefined): ImportKind | null {
  if (!apiUrl) return null;
  const kinds = Object.keys(IMPORT_KIND_DEFINITIONS) as ImportKind[];
  return kinds.find((kind) => IMPORT_KIND_DEFINITIONS[kind].confirmedBy.apiUrl.test(apiUrl)) ?? null;
}

/**
 * The payload as it will be sent: the line's own externalId and, for a kind that records on an account, the import's
 * account written into it (whatever the caller put there), then checked against the upload's schema. Null when the
 * line has none.
 */
export function sendablePayload(
  kind: ImportKind,
  payload: LinePayload | null,
  externalId: string | null,
  accountId: string | null,
): LinePayload | null {
  if (payload === null) return null;
  const definition = kindDefinition(kind);
  const merged: LinePayload = { ...payload, ...(externalId === null ? {} : { externalId }) };
  if (definition.recordsOnAccount && accountId !== null) merged.accountId = Number(accountId);
  if (!definition.payloadSchema.safeParse(merged).success) {
    throw new ImportInputError(`A ${kind} line's payload does not fit the upload's schema.`);
  }
  return merged;
}
