import type { z } from 'zod';

import type { StoredDeliveryNote, StoredInvoice } from '../data/types';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { addPayment, applyInvoice, ensureCashAccount, issueStock, upsertDeliveryNote } from './apply-uploads';
import { sendValidationProblem } from './problems';
import type { ValidationErrors } from './query';
import type { DataApiContext, DataApiHandler, UploadAcceptedEvent, UploadedDocument } from './types';
import {
  cashAccountInput,
  deliveryNoteInput,
  invoiceInput,
  paymentInput,
  receivedOrderInput,
  stockIssueInput,
} from './upload-schemas';
import { claimRequest, type Envelope, readUpload, sendAccepted } from './uploads';

interface AsyncUploadOptions<S extends z.ZodType> {
  /** May refuse documents that parse but cannot be processed (an unknown account, say) with a 400. */
  check?: (ctx: DataApiContext, items: z.output<S>[]) => ValidationErrors | undefined;
  /** The uploads the interface says are reported by the upload-finished callback; `apply` then names each document. */
  reports?: UploadAcceptedEvent['resource'];
}

/** An asynchronous upload: validate → refuse a duplicate within 120 s (409) → apply → 202 { requestId: [..] }. */
function asyncUpload<S extends z.ZodType>(
  schema: S,
  envelope: Envelope,
  apply: (ctx: DataApiContext, item: z.output<S>) => UploadedDocument | void,
  options: AsyncUploadOptions<S> = {},
): DataApiHandler {
  return async (ctx) => {
    const upload = await readUpload(ctx, schema, envelope);
    if (!upload) return;
    const problems = options.check?.(ctx, upload.items);
    if (problems) return sendValidationProblem(ctx.res, problems);
    const claim = claimRequest(ctx, upload.body);
    if (!claim) return;
    const documents = upload.items
      .map((item) => apply(ctx, item))
      .filter((d): d is UploadedDocument => d !== undefined);
    // Processed, but (the fault) never answered: the connection drops later.
    if (ctx.fault?.mode === 'timeout-after-processing') dropAfter(ctx, ctx.fault.delayMs);
    else sendAccepted(ctx, claim.requestIds);
    const requestId = claim.requestIds[0];
    if (options.reports && requestId)
      ctx.services.uploadAccepted?.({ token: ctx.token, requestId, resource: options.reports, documents });
  };
}

/**
 * The fault `timeout-after-processing`: the upload was processed, but its answer never comes; after `delayMs` the
 * connection is destroyed, as a proxy timing out or a dropped connection would (faults.ts).
 */
function dropAfter(ctx: DataApiContext, delayMs: number): void {
  const socket = ctx.req.socket;
  setTimeout(() => socket.destroy(), delayMs).unref();
}

/**
 * A synchronous upload: validate → `answer` its one document itself (no request id, no duplicate rule). A refused
 * upload was answered already and never reaches `answer`.
 */
function syncUpload<S extends z.ZodType>(
  schema: S,
  envelope: Envelope,
  answer: (ctx: DataApiContext, item: z.output<S>) => void,
): DataApiHandler {
  return async (ctx) => {
    const item = (await readUpload(ctx, schema, envelope))?.items[0];
    if (item !== undefined) answer(ctx, item);
  };
}

/** An invoice as the upload-finished callback names it (also in the sandbox's sample notifications). */
export const invoiceDocument = ({ record: r }: StoredInvoice): UploadedDocument => ({
  id: r.id,
  externalId: r.externalId,
  documentNumber: r.documentNumber,
  variableSymbol: r.variableSymbol,
});

const deliveryNoteDocument = ({ record: r }: StoredDeliveryNote): UploadedDocument => ({
  id: r.id,
  externalId: r.externalId,
  documentNumber: r.documentNumber,
  variableSymbol: null,
});

export const invoiceUploadRoutes: Route<DataApiHandler>[] = [
  {
    method: 'POST',
    path: '/api/invoices',
    handler: asyncUpload(invoiceInput, 'single', (ctx, i) => applyInvoice(ctx.company(), i, ctx.services.now()), {
      reports: 'invoices',
    }),
  },
  {
    method: 'POST',
    path: '/api/invoices/batch',
    handler: asyncUpload(invoiceInput, 'batch', (ctx, i) => applyInvoice(ctx.company(), i, ctx.services.now()), {
      reports: 'invoices',
    }),
  },
];

export const deliveryNoteUploadRoutes: Route<DataApiHandler>[] = [
  {
    method: 'POST',
    path: '/api/delivery-notes/batch',
    handler: asyncUpload(
      deliveryNoteInput,
      'batch',
      (ctx, n) => deliveryNoteDocument(upsertDeliveryNote(ctx.company(), n, ctx.services.now())),
      {
        reports: 'delivery-notes',
      },
    ),
  },
  {
    method: 'POST',
    path: '/api/delivery-notes/single',
    // The one synchronous document upload: the answer is the created document.
    handler: syncUpload(deliveryNoteInput, 'single', (ctx, item) => {
      const note = upsertDeliveryNote(ctx.company(), item, ctx.services.now());
      sendJson(
        ctx.res,
        201,
        { id: note.record.id, documentNumber: note.record.documentNumber },
        { Location: `/api/delivery-notes/${note.record.id}` },
      );
    }),
  },
];

const unknownAccounts = (ctx: DataApiContext, items: z.output<typeof paymentInput>[]): ValidationErrors | undefined => {
  const known = new Set(ctx.company().accounts.map((a) => a.id));
  const errors: ValidationErrors = {};
  items.forEach((item, i) => {
    if (item.accountId != null && !known.has(item.accountId))
      errors[`data[${i}].accountId`] = [`No payment account with id ${item.accountId}.`];
  });
  return Object.keys(errors).length > 0 ? errors : undefined;
};

export const paymentUploadRoutes: Route<DataApiHandler>[] = [
  {
    method: 'POST',
    path: '/api/payments/batch',
    handler: asyncUpload(paymentInput, 'batch', (ctx, p) => addPayment(ctx.company(), p, ctx.services.now()), {
      check: unknownAccounts,
      reports: 'payments',
    }),
  },
  {
    method: 'POST',
    path: '/api/payments/accounts/cash',
    // 201 with the new account; 200 with the existing one when a cash account of that name and currency exists.
    handler: syncUpload(cashAccountInput, 'single-or-bare', (ctx, { name, currency }) => {
      const { account, created } = ensureCashAccount(ctx.company(), name, currency ?? 'EUR');
      sendJson(ctx.res, created ? 201 : 200, account);
    }),
  },
];

export const otherUploadRoutes: Route<DataApiHandler>[] = [
  // Received orders are validated and acknowledged; no endpoint reads them back.
  {
    method: 'POST',
    path: '/api/received-orders/batch',
    handler: asyncUpload(receivedOrderInput, 'batch', () => undefined),
  },
  // 202 like the other uploads: the interface names delivery-notes/single as the only synchronous one.
  {
    method: 'POST',
    path: '/api/movements/issues/single',
    handler: asyncUpload(stockIssueInput, 'single', (ctx, s) => issueStock(ctx.company(), s, ctx.services.now())),
  },
];
