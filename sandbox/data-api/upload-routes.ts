import type { z } from 'zod';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { addPayment, ensureCashAccount, issueStock, upsertDeliveryNote, upsertInvoice } from './apply-uploads';
import { sendValidationProblem } from './problems';
import type { ValidationErrors } from './query';
import {
  cashAccountInput,
  deliveryNoteInput,
  invoiceInput,
  paymentInput,
  receivedOrderInput,
  stockIssueInput,
} from './upload-schemas';
import { claimRequest, readUpload, sendAccepted, type Envelope } from './uploads';
import type { DataApiContext, DataApiHandler } from './types';

/**
 * An asynchronous upload: validate → refuse a duplicate within 120 s (409) → apply → 202 { requestId: [..] }.
 * `check` may refuse documents that parse but cannot be processed (an unknown account, say) with a 400.
 */
function asyncUpload<S extends z.ZodType>(
  schema: S,
  envelope: Envelope,
  apply: (ctx: DataApiContext, item: z.output<S>) => void,
  check?: (ctx: DataApiContext, items: z.output<S>[]) => ValidationErrors | undefined,
): DataApiHandler {
  return async (ctx) => {
    const upload = await readUpload(ctx, schema, envelope);
    if (!upload) return;
    const problems = check?.(ctx, upload.items);
    if (problems) return sendValidationProblem(ctx.res, problems);
    const claim = claimRequest(ctx, upload.body);
    if (!claim) return;
    for (const item of upload.items) apply(ctx, item);
    sendAccepted(ctx, claim.requestIds);
  };
}

export const invoiceUploadRoutes: Route<DataApiHandler>[] = [
  { method: 'POST', path: '/api/invoices', handler: asyncUpload(invoiceInput, 'single', (ctx, i) => upsertInvoice(ctx.company(), i, ctx.services.now())) },
  { method: 'POST', path: '/api/invoices/batch', handler: asyncUpload(invoiceInput, 'batch', (ctx, i) => upsertInvoice(ctx.company(), i, ctx.services.now())) },
];

export const deliveryNoteUploadRoutes: Route<DataApiHandler>[] = [
  {
    method: 'POST',
    path: '/api/delivery-notes/batch',
    handler: asyncUpload(deliveryNoteInput, 'batch', (ctx, n) => upsertDeliveryNote(ctx.company(), n, ctx.services.now())),
  },
  {
    method: 'POST',
    path: '/api/delivery-notes/single',
    // The one synchronous upload: no request id and no duplicate rule; the answer is the created document.
    handler: async (ctx) => {
      const upload = await readUpload(ctx, deliveryNoteInput, 'single');
      if (!upload || !upload.items[0]) return;
      const note = upsertDeliveryNote(ctx.company(), upload.items[0], ctx.services.now());
      sendJson(ctx.res, 201, { id: note.record.id, documentNumber: note.record.documentNumber }, { Location: `/api/delivery-notes/${note.record.id}` });
    },
  },
];

const unknownAccounts = (ctx: DataApiContext, items: z.output<typeof paymentInput>[]): ValidationErrors | undefined => {
  const known = new Set(ctx.company().accounts.map((a) => a.id));
  const errors: ValidationErrors = {};
  items.forEach((item, i) => {
    if (item.accountId != null && !known.has(item.accountId)) errors[`data[${i}].accountId`] = [`No payment account with id ${item.accountId}.`];
  });
  return Object.keys(errors).length > 0 ? errors : undefined;
};

export const paymentUploadRoutes: Route<DataApiHandler>[] = [
  { method: 'POST', path: '/api/payments/batch', handler: asyncUpload(paymentInput, 'batch', (ctx, p) => addPayment(ctx.company(), p, ctx.services.now()), unknownAccounts) },
  {
    method: 'POST',
    path: '/api/payments/accounts/cash',
    // 201 with the new account; 200 with the existing one when a cash account of that name and currency exists.
    handler: async (ctx) => {
      const upload = await readUpload(ctx, cashAccountInput, 'single-or-bare');
      if (!upload || !upload.items[0]) return;
      const { name, currency } = upload.items[0];
      const { account, created } = ensureCashAccount(ctx.company(), name, currency ?? 'EUR');
      sendJson(ctx.res, created ? 201 : 200, account);
    },
  },
];

export const otherUploadRoutes: Route<DataApiHandler>[] = [
  // Received orders are validated and acknowledged; no endpoint reads them back.
  { method: 'POST', path: '/api/received-orders/batch', handler: asyncUpload(receivedOrderInput, 'batch', () => undefined) },
  // 202 like the other uploads: the interface names delivery-notes/single as the only synchronous one.
  { method: 'POST', path: '/api/movements/issues/single', handler: asyncUpload(stockIssueInput, 'single', (ctx, s) => issueStock(ctx.company(), s, ctx.services.now())) },
];
