import 'server-only';

import { sha256Hex } from '@/lib/platform/crypto/digest';
import type { Db } from '@/lib/platform/db/client';
import { webhookEvents } from '@/lib/platform/db/schema';
import { storable, storableText } from '@/lib/platform/db/storable';

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
    // An id the database cannot hold as it came (U+0000, a lone surrogate: lib/platform/db/storable.ts) would be stored
    // changed, and two such ids could meet as one key.
    if (requestId.length <= MAX_REQUEST_ID_KEY && storableText(requestId) === requestId) return requestId;
  }
  return sha256Hex(rawBody);
}

/**
 * Stores a notification once: `insert … on conflict do nothing` on (webhook_id, event_key), so concurrent deliveries
 * of the same notification on several instances store one row. True when this call stored it. The payload is made
 * storable first (lib/platform/db/storable.ts): a U+0000 or a lone surrogate (`\ud800`) in it would fail the insert, answer
 * 500 and be retried to no avail, and the notification would be lost.
 */
export async function recordWebhookEvent(db: Db, event: NewWebhookEvent): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values(storable(event))
    .onConflictDoNothing({ target: [webhookEvents.webhookId, webhookEvents.eventKey] })
    .returning({ eventKey: webhookEvents.eventKey });
  return inserted.length > 0;
}
