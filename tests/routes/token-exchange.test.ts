import { createServer, type Server } from 'node:http';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sha256Hex } from '@/lib/platform/crypto/digest';
import { getDb, rowsOf } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';

import { API_KEY, exchange, gatewayRequest, launch, launchJwt, startBrokerFixture } from '../support/broker';
import { rememberSecret } from '../support/log-capture';
import { listenOnLoopback } from '../support/loopback';

let broker: Awaited<ReturnType<typeof startBrokerFixture>>;

beforeAll(async () => {
  broker = await startBrokerFixture({ PLUGIN_API_KEYS: `${API_KEY},previous-key-still-accepted-during-rotation` });
});
afterAll(() => broker.stop());

const errorBody = (code: string) => ({ error: { code, message: expect.any(String) } });

describe('POST /api/auth/token-exchange', () => {
  it('answers 200 with a 64-character launch code, requestAccessToken and no-store', async () => {
    const response = await exchange(await launchJwt(broker));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    rememberSecret(body.launchCode);
    expect(body).toEqual({ launchCode: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/), requestAccessToken: true });
  });

  it('stores only the SHA-256 of the code, with the user, companies and plugin, expiring 30 s later by the database clock', async () => {
    const { launchCode } = await launch(broker, { sub: 'peter.horvath@example.sk', tenantIds: ['10004'] });
    const db = await getDb();
    const result = await db.execute(sql`
      select code_hash, user_id, tenant_ids, plugin_id, extract(epoch from expires_at - created_at) as lifetime
      from launch_codes where user_id = 'peter.horvath@example.sk'`);
    const rows = rowsOf<Record<string, unknown>>(result);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      code_hash: sha256Hex(launchCode),
      tenant_ids: ['10004'],
      plugin_id: 'sandbox-addon',
    });
    expect(Number(rows[0]!.lifetime)).toBe(30);
    expect(JSON.stringify(rows)).not.toContain(launchCode);
  });

  it('answers requestAccessToken false for a sign-in-only launch (no companies)', async () => {
    const body = await launch(broker, { tenantIds: [] });
    expect(body.requestAccessToken).toBe(false);
  });

  it('accepts every key listed in PLUGIN_API_KEYS during a rotation', async () => {
    const response = await exchange(await launchJwt(broker), { apiKey: 'previous-key-still-accepted-during-rotation' });
    expect(response.status).toBe(200);
  });

  describe('rejects a caller without the right API key with 401, before reading the body', () => {
    it.each([
      ['missing', null],
      ['wrong', 'not-the-key-at-all-but-long-enough'],
      ['a prefix of the right one', API_KEY.slice(0, -1)],
      ['empty', ''],
    ])('key %s', async (_label, apiKey) => {
      // The body is not JSON: had it been read, the answer would be 400.
      const { POST } = await import('@/app/api/auth/token-exchange/route');
      const response = await POST(
        gatewayRequest('/api/auth/token-exchange', {
          apiKey,
          rawBody: 'not json',
          from: `192.0.2.${Math.floor(Math.random() * 200)}`,
        }),
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(errorBody('unauthorized'));
    });
  });

  describe('answers 400 for a missing or malformed token', () => {
    it.each([
      ['body not JSON', 'not json'],
      ['body a JSON array', '[]'],
      ['token missing', '{}'],
      ['token empty', '{"token":""}'],
      ['token a number', '{"token":42}'],
      ['token not a compact JWS', '{"token":"abc.def"}'],
    ])('%s', async (_label, rawBody) => {
      const { POST } = await import('@/app/api/auth/token-exchange/route');
      const response = await POST(gatewayRequest('/api/auth/token-exchange', { rawBody }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(errorBody('bad_request'));
    });
  });

  it('answers 413 for a body over 16 KB', async () => {
    const { POST } = await import('@/app/api/auth/token-exchange/route');
    const response = await POST(
      gatewayRequest('/api/auth/token-exchange', { rawBody: JSON.stringify({ token: 'a'.repeat(17 * 1024) }) }),
    );
    expect(response.status).toBe(413);
  });

  it('answers 401 with one generic body for any JWT fault, never saying which check failed', async () => {
    const good = await launchJwt(broker);
    const [header, payload] = good.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    const foreignPlugin = rememberSecret(
      await (
        await import('../../sandbox/launch-jwt')
      ).signLaunchJwt(broker.ring, { sub: 'x', pluginId: 'another-plugin', tenantIds: [] }),
    );
    const bodies = [];
    for (const token of [forged, foreignPlugin]) {
      const response = await exchange(token);
      expect(response.status).toBe(401);
      bodies.push(await response.text());
    }
    expect(new Set(bodies).size).toBe(1);
  });

  it('accepts a JWT id once only: a replay answers 401', async () => {
    const token = await launchJwt(broker);
    expect((await exchange(token)).status).toBe(200);
    expect((await exchange(token)).status).toBe(401);
  });

  it('limits failed authentications per source address (30 a minute) with 429 and retry-after, never the gateway', async () => {
    const from = '198.51.100.99';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      statuses.push((await exchange('x.y.z', { apiKey: 'wrong-key-wrong-key', from })).status);
    }
    expect(statuses).toEqual(Array(30).fill(401));
    const limited = await exchange('x.y.z', { apiKey: 'wrong-key-wrong-key', from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual(errorBody('rate_limited'));
    // Another address has its own budget.
    expect((await exchange('x.y.z', { apiKey: 'wrong-key-wrong-key', from: '198.51.100.98' })).status).toBe(401);
    // The gateway (right key) from the same address is still served.
    expect((await exchange(await launchJwt(broker), { from })).status).toBe(200);
  });

  it('once an address is blocked, further failures from it cost no database write', async () => {
    const from = '198.51.100.77';
    for (let attempt = 0; attempt < 31; attempt++) await exchange('x.y.z', { apiKey: null, from });
    const points = async () =>
      rowsOf<{ points: number }>(
        await (await getDb()).execute(sql`select points from rate_limits where key like ${`%${from}`}`),
      )[0]?.points;
    const spent = await points();
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await exchange('x.y.z', { apiKey: null, from })).status).toBe(429);
    expect(await points()).toBe(spent);
  });
});

describe('the key set is consulted only for a caller with the right API key and a well-formed body', () => {
  let keySetHits = 0;
  let keyHost: Server;
  let keyHostUrl = '';
  beforeAll(async () => {
    keyHost = createServer((_request, response) => {
      keySetHits += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(broker.ring.jwks()));
    });
    keyHostUrl = `${await listenOnLoopback(keyHost)}/jwks.json`;
    process.env.BROKER_JWKS_URL = keyHostUrl;
    resetEnvForTests();
  });
  afterAll(async () => {
    process.env.BROKER_JWKS_URL = `${broker.url}/broker/jwks.json`;
    resetEnvForTests();
    await new Promise((resolve) => keyHost.close(resolve));
  });

  it('a wrong key, a malformed body or a missing kid fetch nothing; a good launch fetches the set once', async () => {
    const token = await launchJwt(broker);
    await exchange(token, { apiKey: 'wrong-key-wrong-key', from: '192.0.2.201' });
    await exchange('not-a-jwt');
    const [, payload, signature] = token.split('.');
    const withoutKid = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    await exchange(`${withoutKid}.${payload}.${signature}`);
    expect(keySetHits).toBe(0);
    expect((await exchange(token)).status).toBe(200);
    expect((await exchange(await launchJwt(broker))).status).toBe(200);
    expect(keySetHits).toBe(1);
  });
});
