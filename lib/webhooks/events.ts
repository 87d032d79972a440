import 'server-only';
import { sha256Hex } from '@/lib/crypto/digest';
import type { Db } from '@/lib/db/client';
import { webhookEvents } from '@/lib/db/schema';
import type { WebhookNotification } from './payload';

type NewWebhookEvent = typeof webhookEvents.$inferInsert;

// A requestId is the service's id of one upload: a short uuid. A longer one is not used as a key: a primary key entry
// must stay well under PostgreSQL's index row limit (~2.7 kB), or the insert would fail and be retried for nothing.
const MAX_REQUEST_ID_KEY = 200;

/**
 * The key that makes a notification count once per receiver address. An upload result is one per upload, named by
 * its requestId, so a retry is recognised even if the service re-serialized it. A payment notification is keyed by
 * its body instead: one payment batch (one requestId) may bring several notifications (a financial transaction and
 * a document payment, one per payment), which must not swallow each other; a retry repeats the same body.
 */
export function eventKeyOf(notification: WebhookNotification, rawBody: Buffer): string {
  if (notification.kind === 'upload') {
    const { requestId } = notification.payload;
    // PostgreSQL text cannot hold U+0000: such an id would fail every insert (a 500, retried in vain).
    if (requestId.length <= MAX_REQUEST_ID_KEY && !requestId.includes('\u0000')) return requestId;
  }
  return sha256Hex(rawBody);
}

/**
 * A copy of a parsed payload that PostgreSQL's jsonb accepts: jsonb refuses the character U+0000 in text, so it is
 * replaced (with U+FFFD) rather than make the insert fail, which would answer 500 and be retried to no avail.
 * Recursive: a received payload nests at most WEBHOOK_MAX_DEPTH levels (parseWebhookPayload refuses deeper ones).
 */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
  if (Array.isArray(value)) return value.map(storableJson);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [storableJson(key) as string, storableJson(inner)]),
    );
  }
  return value;
}

/**
 * Stores a notification once: `insert … on conflict do nothing` on (webhook_id, event_key), so concurrent deliveries
 * of the same notification on several instances store one row. True when this call stored it.
 */
export async function recordWebhookEvent(db: Db, event: NewWebhookEvent): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values({ ...event, payload: storableJson(event.payload) })
    .onConflictDoNothing({ target: [webhookEvents.webhookId, webhookEvents.eventKey] })
    .returning({ eventKey: webhookEvents.eventKey });
  return inserted.length > 0;
}
