import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { unsealSessionId } from '@/lib/owners/sessions/cookie';
import { findActiveSession } from '@/lib/owners/sessions/sessions';
import { getDb } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

import { BASE, callback, launch, sessionCookieFrom, startBrokerFixture } from '../support/broker';
import { rememberSecret } from '../support/log-capture';

let broker: Awaited<ReturnType<typeof startBrokerFixture>>;
beforeAll(async () => {
  broker = await startBrokerFixture();
});
afterAll(() => broker.stop());

async function sessionIdOf(cookie: string) {
  const id = await unsealSessionId(cookie.split('=').slice(1).join('='), getEnv().sessionSecrets);
  return id && rememberSecret(id);
}

describe('GET /auth/callback', () => {
  it('consumes the code, creates a 12-hour session and answers 302 to / with the sealed cookie', async () => {
    const { launchCode } = await launch(broker, { sub: 'jana.novakova@example.sk', tenantIds: ['10001', '10002'] });
    const response = await callback(launchCode);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^__Host-kros-addon-session=/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned', 'Path=/'])
      expect(setCookie).toContain(attribute);
    expect(setCookie).not.toContain('Domain=');

    const cookie = sessionCookieFrom(response);
    const sessionId = await sessionIdOf(cookie);
    expect(cookie).not.toContain(sessionId!);
    const session = await findActiveSession(await getDb(), sessionId!);
    expect(session).toMatchObject({
      userId: 'jana.novakova@example.sk',
      tenantIds: ['10001', '10002'],
      pluginId: 'sandbox-addon',
    });
    const hours = (session!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('answers 400 with a readable Slovak and English page for a used code', async () => {
    const { launchCode } = await launch(broker);
    expect((await callback(launchCode)).status).toBe(302);
    const again = await callback(launchCode);
    expect(again.status).toBe(400);
    expect(again.headers.get('content-type')).toContain('text/html');
    const page = await again.text();
    expect(page).toContain('Open the add-on again from the add-on store');
    expect(page).toContain('Otvorte doplnok znova z obchodu s doplnkami');
    expect(page).not.toContain(launchCode);
  });

  it('answers 400 for an expired code (30 s on the database clock)', async () => {
    const { launchCode } = await launch(broker);
    await (
      await getDb()
    ).execute(sql`update launch_codes set expires_at = now() - interval '1 second' where consumed_at is null`);
    expect((await callback(launchCode)).status).toBe(400);
  });

  it.each([
    ['unknown but well-shaped', 'A'.repeat(64)],
    ['too short', 'abc'],
    ['too long', 'A'.repeat(65)],
    ['with forbidden characters', `${'A'.repeat(63)}!`],
    ['empty', ''],
  ])('answers 400 for a code that is %s', async (_label, code) => {
    const response = await callback(code);
    expect(response.status).toBe(400);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('consumes nothing on HEAD or on a prefetch', async () => {
    const { launchCode } = await launch(broker);
    const { HEAD } = await import('@/app/auth/callback/route');
    const head = HEAD();
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(head.headers.get('content-security-policy')).toContain('frame-ancestors');
    expect((await callback(launchCode, { 'sec-purpose': 'prefetch;prerender' })).status).toBe(204);
    expect((await callback(launchCode, { purpose: 'prefetch' })).status).toBe(204);
    expect((await callback(launchCode)).status).toBe(302);
  });

  it('answers 405 to other methods', async () => {
    const route = await import('@/app/auth/callback/route');
    for (const method of [route.POST, route.PUT, route.PATCH, route.DELETE, route.OPTIONS]) {
      const response = method();
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('refuses an address that spent its failure budget with 429 before looking at its code, which stays usable', async () => {
    const from = { 'x-forwarded-for': '192.0.2.31' };
    for (let attempt = 0; attempt < 30; attempt++) expect((await callback('B'.repeat(64), from)).status).toBe(400);
    const { launchCode } = await launch(broker);
    const refused = await callback(launchCode, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('set-cookie')).toBeNull();
    // The code was not consumed: the same browser from another address signs in with it.
    expect((await callback(launchCode, { 'x-forwarded-for': '192.0.2.32' })).status).toBe(302);
  });

  it('replaces a session the browser already had and revokes its row', async () => {
    const first = sessionCookieFrom(await callback((await launch(broker)).launchCode));
    const firstId = await sessionIdOf(first);
    const second = await callback((await launch(broker)).launchCode, { cookie: first });
    expect(second.status).toBe(302);
    const secondId = await sessionIdOf(sessionCookieFrom(second));
    expect(secondId).not.toBe(firstId);
    const db = await getDb();
    expect(await findActiveSession(db, firstId!)).toBeNull();
    expect(await findActiveSession(db, secondId!)).not.toBeNull();
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session, clears the cookie and answers 303 to the signed-out page', async () => {
    const cookie = sessionCookieFrom(await callback((await launch(broker)).launchCode));
    const sessionId = await sessionIdOf(cookie);
    const { POST } = await import('@/app/auth/logout/route');
    const response = await POST(
      new Request(`${BASE}/auth/logout`, {
        method: 'POST',
        headers: { cookie, origin: BASE, 'sec-fetch-site': 'same-origin' },
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signed-out');
    expect(response.headers.get('set-cookie')).toContain('Max-Age=0');
    expect(await findActiveSession(await getDb(), sessionId!)).toBeNull();
  });

  it('refuses a cross-site sign-out and keeps the session', async () => {
    const cookie = sessionCookieFrom(await callback((await launch(broker)).launchCode));
    const { POST } = await import('@/app/auth/logout/route');
    const response = await POST(
      new Request(`${BASE}/auth/logout`, {
        method: 'POST',
        headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      }),
    );
    expect(response.status).toBe(403);
    expect(await findActiveSession(await getDb(), (await sessionIdOf(cookie))!)).not.toBeNull();
  });
});
