import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of the service's webhooks (../shared/spec/service-facts.md, "Webhooks"): the header
 * `X-Kros-Signature-256` carries Base64(HMAC-SHA256(key, body)). The service is .NET, so both the secret and the
 * body are hashed as UTF-16LE (a .NET string's bytes), while the body travels as UTF-8 JSON: the raw bytes are decoded
 * and re-encoded to reproduce what the service hashed.
 */

export const WEBHOOK_SIGNATURE_HEADER = 'x-kros-signature-256';

/** Webhook bodies are small JSON reports of one upload (at most 100 documents); anything larger is refused unread. */
export const WEBHOOK_MAX_BODY_BYTES = 256 * 1024;

// Fatal: bytes that are not UTF-8 cannot have come from the service's string, and a lenient decoder would map many
// different bodies to the same text (and so the same signature). A leading BOM is kept: it is part of what was sent.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const utf16le = (text: string) => Buffer.from(text, 'utf16le');

/** The body as the service hashed it; throws a TypeError for bytes that are not UTF-8. */
function hashedBody(rawBody: Buffer | string): Buffer {
  return utf16le(typeof rawBody === 'string' ? rawBody : utf8.decode(rawBody));
}

const hmac = (key: Buffer, body: Buffer) => createHmac('sha256', key).update(body).digest();

/**
 * The header value the service would send. A string secret is used as its UTF-16LE bytes; a Buffer is the key's
 * bytes as they are (the Base64-decoded variant). Throws a TypeError if a Buffer body is not UTF-8.
 */
export function signatureOf(secret: string | Buffer, rawBody: Buffer | string): string {
  const key = typeof secret === 'string' ? utf16le(secret) : secret;
  return hmac(key, hashedBody(rawBody)).toString('base64');
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// An HMAC-SHA256 is 32 bytes: 43 Base64 characters and one '=' of padding.
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The secret's bytes if it is canonical Base64 (Node's decoder silently skips what it does not understand). */
function base64Bytes(secret: string): Buffer | undefined {
  if (!BASE64.test(secret)) return undefined;
  const bytes = Buffer.from(secret, 'base64');
  return bytes.length > 0 && bytes.toString('base64') === secret ? bytes : undefined;
}

/**
 * A check of one signed body against candidate secrets: the header and the body are read once, each secret is then a
 * pair of HMACs. Null when no secret could match: a missing or malformed header, or a body that is not UTF-8.
 *
 * Whether the service keys the HMAC with the secret's string or with its Base64-decoded bytes is not known, so either
 * is accepted. Both candidates are always compared (timingSafeEqual on 32-byte digests), so the time tells neither
 * which matched nor where they differ. An empty secret never matches: it would make the signature computable by anyone.
 */
export function signatureCheck(rawBody: Buffer, header: string | null): ((secret: string) => boolean) | null {
  const presented = header?.trim();
  if (!presented || !SIGNATURE.test(presented)) return null;
  let body: Buffer;
  try {
    body = hashedBody(rawBody);
  } catch {
    return null;
  }
  const expected = Buffer.from(presented, 'base64');
  return (secret) => {
    if (!secret) return false;
    const keys: Buffer[] = [utf16le(secret)];
    const decoded = base64Bytes(secret);
    if (decoded) keys.push(decoded);
    let matched = false;
    for (const key of keys) matched = timingSafeEqual(hmac(key, body), expected) || matched;
    return matched;
  };
}

/** Whether the header is the body's signature under one secret (see signatureCheck). Never throws. */
export function verifyWebhookSignature(rawBody: Buffer, header: string | null, secret: string): boolean {
  return signatureCheck(rawBody, header)?.(secret) ?? false;
}
