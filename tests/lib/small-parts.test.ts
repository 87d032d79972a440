import { describe, expect, it } from 'vitest';

import { HttpError } from '@/lib/base/errors';
import { readJsonBody } from '@/lib/base/http/body';
import { clientAddress } from '@/lib/base/http/client-address';
import { pickLocale } from '@/lib/base/i18n/messages';
import { sealSessionId, unsealSessionId } from '@/lib/owners/sessions/cookie';
import { isLaunchCodeShaped } from '@/lib/owners/sessions/launch-codes';
import { matchesAnySecret, randomToken64 } from '@/lib/platform/crypto/digest';

describe('secrets', () => {
  it('matches a presented API key against any accepted one, whatever the lengths', () => {
    expect(matchesAnySecret('second-key', ['first-key', 'second-key'])).toBe(true);
    expect(matchesAnySecret('second-ke', ['first-key', 'second-key'])).toBe(false);
    expect(matchesAnySecret('', ['first-key'])).toBe(false);
    expect(matchesAnySecret('x'.repeat(10_000), ['first-key'])).toBe(false);
  });

  it('mints launch codes of exactly 64 URL-safe characters, never the same twice', () => {
    const codes = new Set(Array.from({ length: 1000 }, randomToken64));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(isLaunchCodeShaped(code)).toBe(true);
  });
});

describe('the session cookie', () => {
  const secrets = ['new-session-secret-0123456789abcdef', 'old-session-secret-0123456789abcdef'];

  it('seals the session id under the first secret and opens under any listed one', async () => {
    const sealedByOld = await sealSessionId('session-1', [secrets[1]!]);
    expect(await unsealSessionId(sealedByOld, secrets)).toBe('session-1');
    const sealedByNew = await sealSessionId('session-2', secrets);
    expect(await unsealSessionId(sealedByNew, [secrets[0]!])).toBe('session-2');
  });

  it('yields nothing for a forged, truncated or foreign cookie', async () => {
    const sealed = await sealSessionId('session-1', secrets);
    expect(await unsealSessionId(sealed.slice(0, -4), secrets)).toBeNull();
    expect(await unsealSessionId('Fe26.2**garbage', secrets)).toBeNull();
    expect(await unsealSessionId(sealed, ['another-secret-entirely-0123456789ab'])).toBeNull();
    expect(await unsealSessionId(undefined, secrets)).toBeNull();
  });
});

describe('request parsing', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    new Request('http://localhost/x', { method: 'POST', body, headers });

  it('reads JSON within the limit', async () => {
    expect(await readJsonBody(post('{"a":1}'), 100)).toEqual({ a: 1 });
  });

  it('refuses a body over the limit, declared or not, with 413', async () => {
    await expect(readJsonBody(post('x'.repeat(200), { 'content-length': '200' }), 100)).rejects.toMatchObject({
      code: 'payload_too_large',
    });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(50)));
        controller.close();
      },
    });
    const undeclared = new Request('http://localhost/x', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expect(readJsonBody(undeclared, 100)).rejects.toBeInstanceOf(HttpError);
  });

  it('takes the last X-Forwarded-For hop as the source address', () => {
    const request = new Request('http://localhost/', { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.5' } });
    expect(clientAddress(request)).toBe('203.0.113.5');
  });
});

describe('language', () => {
  it.each([
    ['sk-SK,sk;q=0.9,en;q=0.8', 'sk'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,en;q=0.5', 'en'],
    ['cs', 'sk'],
    ['en;q=0.2,sk;q=0.9', 'sk'],
    ['', 'sk'],
  ])('%s → %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});
