import { createHmac } from 'node:crypto';

/**
 * Signs a webhook body as the service does, for the sandbox's webhook sender: Base64(HMAC-SHA256) over the UTF-16LE
 * bytes of both the secret and the body (the service is .NET, whose strings are UTF-16). The body is the JSON text
 * exactly as it will be sent (as UTF-8). Written apart from lib/owners/webhooks on purpose: the sandbox stands for the
 * service, so the add-on's verifier is tested against an independent implementation.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Kros-Signature-256';

export function signWebhookBody(secret: string, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf16le')).update(Buffer.from(body, 'utf16le')).digest('base64');
}
