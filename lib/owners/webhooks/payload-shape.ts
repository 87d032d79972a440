import { z } from 'zod';

import { isObject } from '@/lib/base/is-object';

/**
 * What the service's notifications say. Only the upload-finished notification (DocumentCallbackPayload) is described,
 * by peers (../shared/spec/service-facts.md, "Webhooks"); the interface names a financial-transaction and a
 * document-payment notification without their shapes, and says nothing of other kinds. So:
 * - an upload result is read strictly: a known field of the wrong type makes it malformed rather than silently wrong;
 * - a payment notification is read leniently (its real shape is a guess), and one that does not fit is kept as "other";
 * - any other JSON object is kept as "other", to be shown as it came: refusing it would lose it for good (the service
 *   does not retry a 400).
 * Every field but the upload's requestId and status is optional and may be null (.NET serializes absent values as
 * null), and unknown fields are kept (z.looseObject).
 */

const text = z.string().nullish();
// Invoices and delivery notes have int64 ids, expenses uuid strings: the entity's id may be either.
const identifier = z.union([z.number(), z.string()]).nullish();

export const webhookEntitySchema = z.looseObject({
  data: z
    .looseObject({
      id: identifier,
      documentId: identifier,
      externalId: text,
      documentNumber: text,
      variableSymbol: text,
    })
    .nullish(),
  // The shape of a problem is not described: kept as sent, for the user to read.
  problems: z.array(z.unknown()).nullish(),
});

export const uploadPayloadSchema = z.looseObject({
  /** Matches the requestId of the 202 that accepted the upload. */
  requestId: z.string().min(1),
  /** 200: all processed; 207: processed with problems. */
  status: z.union([z.literal(200), z.literal(207)]),
  /** A template of the created document's address, with `{id}`. */
  apiUrl: text,
  results: z
    .looseObject({
      entities: z.array(webhookEntitySchema).nullish(),
      relatedEntities: z.array(z.looseObject({})).nullish(),
    })
    .nullish(),
});

// A guessed shape: a field may come as a number or as text (amounts and ids alike), and is shown as it came.
const scalar = z.union([z.string(), z.number()]).nullish();

/** A payment notification, as the sandbox sends it: `{ requestId, eventType, data: { …payment } }`. */
export const paymentPayloadSchema = z.looseObject({
  requestId: text,
  eventType: z.string(),
  data: z
    .looseObject({
      documentNumber: scalar,
      variableSymbol: scalar,
      dateOfPayment: scalar,
      sumOfPayment: scalar,
      currency: scalar,
      partnerName: scalar,
      accountId: scalar,
    })
    .nullish(),
});

export type UploadPayload = z.infer<typeof uploadPayloadSchema>;
export type WebhookEntity = z.infer<typeof webhookEntitySchema>;
export type PaymentPayload = z.infer<typeof paymentPayloadSchema>;
export type OtherPayload = Record<string, unknown>;

export type WebhookNotification =
  | { kind: 'upload'; payload: UploadPayload }
  | { kind: 'payment'; payload: PaymentPayload }
  | { kind: 'other'; payload: OtherPayload };

export type WebhookKind = WebhookNotification['kind'];

export type ParsedWebhookPayload = ({ ok: true } & WebhookNotification) | { ok: false };

/** Which payment an eventType names: "FinancialTransaction", "financial-transaction", "DocumentPayment", … */
export function paymentEventOf(eventType: unknown): 'financialTransaction' | 'documentPayment' | null {
  if (typeof eventType !== 'string') return null;
  const name = eventType.toLowerCase().replace(/[^a-z]/g, '');
  if (name.includes('financialtransaction')) return 'financialTransaction';
  if (name.includes('documentpayment')) return 'documentPayment';
  return null;
}

// The fields that only an upload result has: an object carrying one of them is read as an upload result.
const uploadFields = ['status', 'results', 'apiUrl'] as const;

/**
 * Sorts a JSON value into a notification. Pure and total: `{ ok: false }` only for what is not a JSON object, and for
 * an upload result (or something carrying its fields) that does not have the upload result's shape.
 */
export function classifyWebhookPayload(json: unknown): ParsedWebhookPayload {
  if (!isObject(json)) return { ok: false };
  if (paymentEventOf(json.eventType)) {
    const payment = paymentPayloadSchema.safeParse(json);
    return payment.success
      ? { ok: true, kind: 'payment', payload: payment.data }
      : { ok: true, kind: 'other', payload: json };
  }
  if (uploadFields.some((field) => field in json)) {
    const upload = uploadPayloadSchema.safeParse(json);
    return upload.success ? { ok: true, kind: 'upload', payload: upload.data } : { ok: false };
  }
  return { ok: true, kind: 'other', payload: json };
}
