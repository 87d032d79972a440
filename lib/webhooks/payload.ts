import 'server-only';
import { z } from 'zod';
import { WEBHOOK_MAX_BODY_BYTES } from './signature';

/**
 * The upload-finished notification (DocumentCallbackPayload). The interface does not show its fields; these are the
 * ones peers describe (../shared/spec/service-facts.md, "Webhooks"). As with the service's records, every field but
 * requestId and status is optional and may be null (.NET serializes absent values as null), unknown fields are kept
 * (z.looseObject), and a known field of the wrong type makes the payload malformed rather than silently wrong.
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

export const webhookPayloadSchema = z.looseObject({
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

export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
export type WebhookEntity = z.infer<typeof webhookEntitySchema>;

export type ParsedWebhookPayload = { ok: true; payload: WebhookPayload } | { ok: false };

// Fatal: a body that is not UTF-8 did not come from the service (and would not verify either).
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a webhook body (already verified against its signature). Never throws: a body over the limit, not UTF-8,
 * not JSON or not of the expected shape is `{ ok: false }`, which the route answers with 400 (the service does not
 * retry those, and retrying would not help).
 */
export function parseWebhookPayload(rawBody: Buffer): ParsedWebhookPayload {
  if (rawBody.length > WEBHOOK_MAX_BODY_BYTES) return { ok: false };
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(rawBody));
  } catch {
    return { ok: false };
  }
  const parsed = webhookPayloadSchema.safeParse(json);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false };
}
