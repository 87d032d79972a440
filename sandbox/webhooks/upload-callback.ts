import type { UploadAcceptedEvent } from '../data-api/types';
import { uploadResult } from './events';
import type { WebhookSender } from './sender';

/** "A moment later": the service processes an upload after its 202; tests pass 0 and wait with webhooks.idle(). */
export const DEFAULT_UPLOAD_CALLBACK_DELAY_MS = 1_000;

/**
 * The upload-finished callback for an accepted upload whose connection has a webhook: one entity per document, with
 * the problems of a document the sandbox refused (then the status is 207, else 200). A sample 207 can also be sent by
 * hand (webhooks.send, kind upload-problems).
 */
export function uploadCallback(
  sender: WebhookSender,
  origin: () => string,
  delayMs = DEFAULT_UPLOAD_CALLBACK_DELAY_MS,
) {
  return (event: UploadAcceptedEvent): void => {
    if (!event.token.webhook || event.token.revoked) return;
    const entities = event.documents.map(({ problems = [], ...data }) => ({ data, problems }));
    const body = JSON.stringify(uploadResult(event.requestId, `${origin()}/api/${event.resource}/{id}`, entities));
    sender.sendInBackground(event.token, 'upload-finished', body, delayMs);
  };
}
