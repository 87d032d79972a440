import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { readBodyBytes } from '@/lib/base/http/body';
import { handleRequest } from '@/lib/doors/http/handle';
import { confirmByNotification } from '@/lib/owners/imports/confirm';
import { requestMirrorSyncs } from '@/lib/owners/mirror/jobs';
import { recordWebhookRefusal } from '@/lib/owners/ops/record';
import { webhookErrorResponse } from '@/lib/owners/webhooks/answers';
import { isWebhookId, receiveWebhook } from '@/lib/owners/webhooks/receive';
import { WEBHOOK_MAX_BODY_BYTES, WEBHOOK_SIGNATURE_HEADER } from '@/lib/owners/webhooks/signature';
import { fingerprint } from '@/lib/platform/crypto/digest';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';

type Context = { params: Promise<{ webhookId: string }> };

/**
 * The service's notifications (upload results, payments) for the connections behind one receiver address. Answers
 * as the interface's Events table asks: 200 taken (also again), 400 not understood (never retried), 500 our failure
 * (retried twice).
 */
async function notification(request: Request, { params }: Context) {
  return handleRequest(
    { endpoint: 'webhook', request },
    async (log, db) => {
      const { webhookId } = await params;
      if (!isWebhookId(webhookId)) throw new HttpError('bad_request', 'webhook_id_malformed');
      // The address is not secret, but it is not the log's business either: a fingerprint correlates lines.
      log.webhook = fingerprint(webhookId);
      const rawBody = await readBodyBytes(request, WEBHOOK_MAX_BODY_BYTES);
      log.bytes = rawBody.length;

      const outcome = await receiveWebhook(
        await db(),
        { webhookId, rawBody, signature: request.headers.get(WEBHOOK_SIGNATURE_HEADER) },
        getEnv().encryptionKeys,
      );
      log.candidates = outcome.candidates;
      if (!outcome.ok) {
        // Counted for the companies behind a known address (the console shows them); an unknown one names none.
        recordWebhookRefusal(outcome.companies, outcome.reason);
        throw new HttpError('bad_request', outcome.reason);
      }
      log.kind = outcome.kind;
      log.matched = outcome.matched;
      log.duplicate = !outcome.stored;
      // An upload's result confirms the lines of the companies' imports it names. Every time, not only when first
      // stored: if confirming failed (500), the service's retry finds the notification stored and must still apply it.
      if (outcome.notification.kind === 'upload') {
        log.confirmed = (
          await confirmByNotification(await db(), outcome.companies, outcome.notification.payload)
        ).length;
      }
      // An upload's result or a payment changed the companies' documents: their copies catch up now, not at the tick.
      if (outcome.stored && outcome.kind !== 'other') {
        await requestMirrorSyncs(outcome.companies.pluginId, outcome.companies.tenantIds, 'incremental');
      }
      return Response.json({ received: true });
    },
    webhookErrorResponse,
  );
}

/**
 * Only POST is a notification; anything else (OPTIONS too: no browser sends one) is refused. Taken whole by its route
 * file (app/api/webhooks/[webhookId]/route.ts).
 */
export const webhookAddress = { ...otherMethods('POST', { preflight: false }), POST: notification };
