import 'server-only';

import { classifyWebhookPayload, type ParsedWebhookPayload } from './payload-shape';
import { WEBHOOK_MAX_BODY_BYTES } from './signature';

// What a notification says and how it is sorted are pure (./payload-shape.ts), so the activity page's components
// may read them; handed on here for the server's callers, beside the reading of a body, which is not pure.
export {
  classifyWebhookPayload,
  type OtherPayload,
  type ParsedWebhookPayload,
  paymentEventOf,
  type PaymentPayload,
  paymentPayloadSchema,
  type UploadPayload,
  uploadPayloadSchema,
  type WebhookEntity,
  webhookEntitySchema,
  type WebhookKind,
  type WebhookNotification,
} from './payload-shape';

/**
 * How deeply a notification may nest objects and arrays (the top-level object is level 1). An upload result needs
 * about six; the cap keeps every later walk of the payload (storing it, showing it) far from the stack's limit, which
 * a body of a few KB nested thousands deep would otherwise reach (JSON.parse itself does not recurse).
 */
export const WEBHOOK_MAX_DEPTH = 32;

/** True when `json` nests no deeper than `maxDepth`. Iterative, so it cannot itself run out of stack. */
export function nestsWithin(json: unknown, maxDepth: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value: json, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return false;
    for (const inner of Object.values(next.value)) pending.push({ value: inner, depth });
  }
  return true;
}

// Fatal: a body that is not UTF-8 did not come from the service (and would not verify either).
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a webhook body (already verified against its signature). Never throws: a body over the limit, not UTF-8,
 * not JSON, nested deeper than WEBHOOK_MAX_DEPTH, not a JSON object, or an upload result of the wrong shape is `{ ok: false }`, which the route answers with
 * 400 (the service does not retry those, and retrying would not help).
 */
export function parseWebhookPayload(rawBody: Buffer): ParsedWebhookPayload {
  if (rawBody.length > WEBHOOK_MAX_BODY_BYTES) return { ok: false };
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(rawBody));
  } catch {
    return { ok: false };
  }
  if (!nestsWithin(json, WEBHOOK_MAX_DEPTH)) return { ok: false };
  return classifyWebhookPayload(json);
}
