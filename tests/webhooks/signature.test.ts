import { createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { signatureOf, verifyWebhookSignature, WEBHOOK_MAX_BODY_BYTES } from '@/lib/owners/webhooks/signature';
import { signWebhookBody } from '@/sandbox/webhook-signer';

// The test vector of service-facts.md ("Webhooks"): computed, not official.
const SECRET = 'MySecret';
const BODY = '{"requestId":"00000000-0000-0000-0000-000000000000","status":200}';
const SIGNATURE = 'Qczb5/yRopKMdyVu5QadW9HG8mIC+NAaWI6AauEaB2I=';

const raw = (text: string) => Buffer.from(text, 'utf8');

describe('the webhook signature', () => {
  it('reproduces the test vector, in the add-on and in the sandbox', () => {
    expect(signatureOf(SECRET, raw(BODY))).toBe(SIGNATURE);
    expect(signatureOf(SECRET, BODY)).toBe(SIGNATURE);
    expect(signWebhookBody(SECRET, BODY)).toBe(SIGNATURE);
    expect(verifyWebhookSignature(raw(BODY), SIGNATURE, SECRET)).toBe(true);
  });

  it('hashes UTF-16LE, not the UTF-8 bytes that travel', () => {
    const overUtf8 = createHmac('sha256', SECRET).update(BODY, 'utf8').digest('base64');
    expect(overUtf8).not.toBe(SIGNATURE);
    expect(verifyWebhookSignature(raw(BODY), overUtf8, SECRET)).toBe(false);
  });

  it('refuses a tampered body and a wrong secret', () => {
    const tampered = BODY.replace('200', '207');
    expect(verifyWebhookSignature(raw(tampered), SIGNATURE, SECRET)).toBe(false);
    expect(verifyWebhookSignature(raw(BODY + ' '), SIGNATURE, SECRET)).toBe(false);
    expect(verifyWebhookSignature(raw(BODY), SIGNATURE, 'MySecreT')).toBe(false);
    expect(verifyWebhookSignature(raw(BODY), SIGNATURE, '')).toBe(false);
  });

  it('is false, never an exception, for a missing or garbled header', () => {
    const verify = (header: string | null) => verifyWebhookSignature(raw(BODY), header, SECRET);
    expect(verify(null)).toBe(false);
    expect(verify('')).toBe(false);
    expect(verify('   ')).toBe(false);
    expect(verify(SIGNATURE.slice(0, -2))).toBe(false);
    expect(verify(SIGNATURE + 'AAAA')).toBe(false);
    expect(verify(`sha256=${SIGNATURE}`)).toBe(false);
    expect(verify('!'.repeat(44))).toBe(false);
    expect(verify(Buffer.from(SIGNATURE, 'base64').toString('hex'))).toBe(false);
    expect(verify('x'.repeat(100_000))).toBe(false);
    // Surrounding whitespace is not part of the value.
    expect(verify(` ${SIGNATURE}\t`)).toBe(true);
  });

  it('accepts a signature keyed with the Base64-decoded secret too', () => {
    const keyBytes = Buffer.from('0123456789abcdef0123456789abcdef', 'utf8');
    const secret = keyBytes.toString('base64');
    const body = raw('{"requestId":"r-1","status":200}');
    const byBytes = signatureOf(keyBytes, body);
    const byString = signatureOf(secret, body);
    expect(byBytes).not.toBe(byString);
    expect(verifyWebhookSignature(body, byBytes, secret)).toBe(true);
    expect(verifyWebhookSignature(body, byString, secret)).toBe(true);
    expect(verifyWebhookSignature(body, signatureOf(Buffer.from('other key'), body), secret)).toBe(false);
  });

  it('does not take a secret that only looks like Base64 to a lenient decoder as bytes', () => {
    const body = raw(BODY);
    // Node decodes "a-b_c" (base64url characters) and "abc" (no padding) to bytes; neither is canonical Base64.
    for (const secret of ['a-b_c', 'abc', 'YWJj\n']) {
      const lenient = Buffer.from(secret, 'base64');
      expect(verifyWebhookSignature(body, signatureOf(lenient, body), secret)).toBe(false);
      expect(verifyWebhookSignature(body, signatureOf(secret, body), secret)).toBe(true);
    }
  });

  it('round-trips a non-ASCII body between the sandbox signer and the add-on verifier', () => {
    const secret = 'tajné-heslo-ľščťžýáíé';
    const text = JSON.stringify({
      requestId: 'a1b2',
      status: 207,
      results: {
        entities: [
          { data: { documentNumber: 'FA-2024/1' }, problems: ['Odberateľ „Žltá ľalia, s.r.o.“ – chýba IČO 🙂'] },
        ],
      },
    });
    const header = signWebhookBody(secret, text);
    expect(verifyWebhookSignature(raw(text), header, secret)).toBe(true);
    expect(signatureOf(secret, raw(text))).toBe(header);
    expect(verifyWebhookSignature(raw(text.replace('Ž', 'Z')), header, secret)).toBe(false);
    // The same text in another encoding is not the same body.
    expect(verifyWebhookSignature(Buffer.from(text, 'latin1'), header, secret)).toBe(false);
  });

  it('refuses a body that is not UTF-8 instead of guessing what it meant', () => {
    const body = Buffer.concat([raw('{"requestId":"'), Buffer.from([0xc3, 0x28]), raw('","status":200}')]);
    const lenientText = body.toString('utf8');
    expect(verifyWebhookSignature(body, signWebhookBody(SECRET, lenientText), SECRET)).toBe(false);
    expect(() => signatureOf(SECRET, body)).toThrow(TypeError);
  });

  it('names a body limit for the route', () => {
    expect(WEBHOOK_MAX_BODY_BYTES).toBe(256 * 1024);
  });
});
