import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../sandbox/app';
import { signLaunchJwt } from '../../sandbox/launch-jwt';
import { startTestSandbox } from '../support/sandbox';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ pluginId: 'test-plugin' });
});
afterAll(async () => {
  await sandbox.close();
});

async function fetchKeySet() {
  const res = await fetch(`${sandbox.url}/broker/jwks.json`);
  return { res, body: (await res.json()) as { keys: Array<Record<string, unknown>> } };
}

describe('the key set of the token broker', () => {
  it('publishes the signing key as a public RS256 signature key, cacheable for 5 minutes', async () => {
    const { res, body } = await fetchKeySet();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('max-age=300');
    expect(body.keys).toHaveLength(1);
    const [key] = body.keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: sandbox.ring.signingKey().kid });
    expect(key).not.toHaveProperty('d'); // never the private half
  });

  it('after a rotation publishes the new signing key and the previous one, and drops older keys', async () => {
    const first = sandbox.ring.signingKey().kid;
    const rotated = await fetch(`${sandbox.url}/admin/rotate-keys`, { method: 'POST' });
    const { kid: second } = (await rotated.json()) as { kid: string };
    expect(second).not.toBe(first);
    expect((await fetchKeySet()).body.keys.map((k) => k.kid)).toEqual([second, first]);

    const third = (await sandbox.ring.rotate()).kid;
    expect((await fetchKeySet()).body.keys.map((k) => k.kid)).toEqual([third, second]);
  });
});

describe('a launch JWT', () => {
  it('verifies against the served key set and carries exactly the claims of the interface', async () => {
    const before = Math.floor(Date.now() / 1000);
    const jwt = await signLaunchJwt(sandbox.ring, {
      sub: 'jana.novakova@example.sk',
      pluginId: 'test-plugin',
      tenantIds: ['10001', '10002'],
    });
    const keySet = createRemoteJWKSet(new URL(`${sandbox.url}/broker/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(jwt, keySet, {
      algorithms: ['RS256'],
      issuer: 'plugin-broker',
      audience: 'plugin',
    });

    expect(protectedHeader).toEqual({ alg: 'RS256', typ: 'JWT', kid: sandbox.ring.signingKey().kid });
    expect(Object.keys(payload).sort()).toEqual(
      ['aud', 'exp', 'iat', 'iss', 'jti', 'nbf', 'plugin_id', 'sub', 'tenant_ids'].sort(),
    );
    expect(payload).toMatchObject({
      iss: 'plugin-broker',
      aud: 'plugin',
      sub: 'jana.novakova@example.sk',
      plugin_id: 'test-plugin',
      tenant_ids: ['10001', '10002'],
    });
    expect(payload.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.nbf).toBe(payload.iat);
    expect(payload.exp).toBe((payload.iat ?? 0) + 15 * 60);
  });

  it('may authorize no company (sign-in only) and gets a fresh jti each time', async () => {
    const input = { sub: '48213', pluginId: 'p', tenantIds: [] };
    const a = await signLaunchJwt(sandbox.ring, input);
    const b = await signLaunchJwt(sandbox.ring, input);
    const keys = createLocalJWKSet(sandbox.ring.jwks());
    const pa = (await jwtVerify(a, keys)).payload;
    const pb = (await jwtVerify(b, keys)).payload;
    expect(pa.tenant_ids).toEqual([]);
    expect(pa.sub).toBe('48213');
    expect(pa.jti).not.toBe(pb.jti);
  });

  it('signed before a rotation still verifies after it, by its kid', async () => {
    const jwt = await signLaunchJwt(sandbox.ring, { sub: 'x', pluginId: 'p', tenantIds: [] });
    const kid = decodeProtectedHeader(jwt).kid;
    await sandbox.ring.rotate();
    const { protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(sandbox.ring.jwks()));
    expect(protectedHeader.kid).toBe(kid);
  });
});

describe('routing', () => {
  it('answers 404 for unknown routes and 405 with Allow for wrong methods', async () => {
    expect((await fetch(`${sandbox.url}/nope`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/api/nope`)).status).toBe(404);
    const wrong = await fetch(`${sandbox.url}/broker/jwks.json`, { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
    expect((await fetch(`${sandbox.url}/api/auth/check`, { method: 'POST' })).status).toBe(405);
  });

  it('refuses bodies over 64 KB', async () => {
    const res = await fetch(`${sandbox.url}/admin/revoke-token`, { method: 'POST', body: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });
});
