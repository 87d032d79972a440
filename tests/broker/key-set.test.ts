import { KeyObject } from 'node:crypto';

import type { FetchImplementation } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  createKeySet,
  type KeyResolver,
  keySetFor,
  type KeySetOptions,
  KeySetUnavailable,
} from '@/lib/owners/sessions/key-set';
import { LaunchJwtRejected, verifyLaunchJwt } from '@/lib/owners/sessions/launch-jwt';

import type { Sandbox } from '../../sandbox/app';
import { createKeyRing, type KeyRing } from '../../sandbox/key-ring';
import { signLaunchJwt } from '../../sandbox/launch-jwt';
import { rememberSecret } from '../support/log-capture';
import { startTestSandbox } from '../support/sandbox';
import { forgeJwt, launchClaims, randomKid, signers } from './jwt-forge';

const PLUGIN_ID = 'invoice-helper';
const JWKS_URL = 'https://broker.example.test/broker/jwks.json';
const T0 = new Date('2025-06-02T08:00:00.000Z');

const OPTIONS = { timeout: 100, cooldown: 30_000, maxAge: 10 * 60_000, staleGrace: 60 * 60_000 } as const;

type Outage = 'throws' | 'answers 500' | 'answers 200 with something that is not a key set' | 'hangs past the timeout';
const OUTAGES: Outage[] = [
  'throws',
  'answers 500',
  'answers 200 with something that is not a key set',
  'hangs past the timeout',
];

/**
 * The broker's key host as seen through jose's customFetch: serves the ring's current key set, records every
 * request, and can be taken down in several ways. A hanging request ends only when its AbortSignal fires.
 */
function keyHost(ring: KeyRing) {
  const requests: { url: string; method: string; signal: AbortSignal }[] = [];
  let outage: Outage | undefined;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetch: FetchImplementation = async (url, options) => {
    requests.push({ url, method: options.method, signal: options.signal });
    switch (outage) {
      case 'throws':
        throw new TypeError('fetch failed');
      case 'answers 500':
        return json({ message: 'Internal Server Error' }, 500);
      case 'answers 200 with something that is not a key set':
        return json({ keys: 'maintenance' });
      case 'hangs past the timeout':
        return new Promise<Response>((_resolve, reject) => {
          options.signal.addEventListener('abort', () => reject(options.signal.reason as DOMException), { once: true });
        });
      default:
        return json(ring.jwks());
    }
  };

  return {
    fetch,
    requests,
    get fetches() {
      return requests.length;
    },
    down(kind: Outage) {
      outage = kind;
    },
    up() {
      outage = undefined;
    },
  };
}

const at = (ms: number) => vi.setSystemTime(new Date(T0.getTime() + ms));

/** A launch JWT signed now (the fake clock) by the ring's current signing key. */
const mint = async (ring: KeyRing) =>
  rememberSecret(
    await signLaunchJwt(ring, { sub: 'jana.novakova@example.sk', pluginId: PLUGIN_ID, tenantIds: ['10001'] }),
  );

/** A launch JWT signed now by the given key under the given kid. */
const mintWith = (key: KeyObject, kid: string) =>
  forgeJwt({ alg: 'RS256', typ: 'JWT', kid }, launchClaims(new Date(), PLUGIN_ID), signers.rsa(key));

const verify = (token: string, keys: KeyResolver) =>
  verifyLaunchJwt(token, { pluginId: PLUGIN_ID, resolveKey: keys, now: new Date() });

async function outcomeOf(token: string, keys: KeyResolver): Promise<string | Error> {
  try {
    await verify(token, keys);
    return 'verified';
  } catch (error) {
    if (error instanceof LaunchJwtRejected) return error.reason;
    return error as Error;
  }
}

describe('the broker key set (createKeySet)', () => {
  let ring: KeyRing;
  let host: ReturnType<typeof keyHost>;
  let keys: KeyResolver;

  const keySet = (options: Partial<KeySetOptions> = {}) =>
    createKeySet(JWKS_URL, { ...OPTIONS, fetch: host.fetch, ...options });

  beforeAll(async () => {
    ring = await createKeyRing();
  });

  beforeEach(() => {
    // Only Date is faked: jose's cache, its cooldown and the stale grace all age by Date.now; the fetch timeout
    // (AbortSignal.timeout) keeps running on real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    host = keyHost(ring);
    keys = keySet();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  describe('caching', () => {
    it('is fetched once, by GET from its address, and then serves many verifications from its cache', async () => {
      for (let i = 0; i < 20; i++) expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
      const tokens = await Promise.all(Array.from({ length: 20 }, () => mint(ring)));
      expect(await Promise.all(tokens.map((token) => outcomeOf(token, keys)))).toEqual(tokens.map(() => 'verified'));

      expect(host.requests.map(({ url, method }) => [url, method])).toEqual([[JWKS_URL, 'GET']]);
    });

    it('with nothing cached yet, 50 concurrent launches share a single fetch', async () => {
      const tokens = await Promise.all(Array.from({ length: 50 }, () => mint(ring)));
      expect(await Promise.all(tokens.map((token) => outcomeOf(token, keys)))).toEqual(tokens.map(() => 'verified'));
      expect(host.fetches).toBe(1);
    });

    it('is fetched again once the cached copy is maxAge old, and not a millisecond before', async () => {
      expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
      at(OPTIONS.maxAge - 1);
      expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
      expect(host.fetches).toBe(1);

      at(OPTIONS.maxAge);
      expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
      expect(host.fetches).toBe(2);
    });
  });

  describe('tokens with unknown kids', () => {
    const flood = (count: number) =>
      Array.from({ length: count }, () => mintWith(KeyObject.from(ring.signingKey().privateKey), randomKid()));

    it('a flood of 50 with random kids costs at most one fetch per cooldown', async () => {
      expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
      expect(host.fetches).toBe(1);

      // Within the cooldown of the first fetch: no fetch at all.
      expect(new Set(await Promise.all(flood(50).map((token) => outcomeOf(token, keys))))).toEqual(
        new Set(['jwt_kid_unknown']),
      );
      expect(host.fetches).toBe(1);

      // Cooldown over: the flood buys exactly one refetch, concurrent or one after another.
      at(OPTIONS.cooldown);
      expect(new Set(await Promise.all(flood(50).map((token) => outcomeOf(token, keys))))).toEqual(
        new Set(['jwt_kid_unknown']),
      );
      for (const token of flood(50)) expect(await outcomeOf(token, keys)).toBe('jwt_kid_unknown');
      expect(host.fetches).toBe(2);

      at(2 * OPTIONS.cooldown - 1);
      for (const token of flood(50)) expect(await outcomeOf(token, keys)).toBe('jwt_kid_unknown');
      expect(host.fetches).toBe(2);

      // The next cooldown: at most one more.
      at(2 * OPTIONS.cooldown);
      for (const token of flood(50)) expect(await outcomeOf(token, keys)).toBe('jwt_kid_unknown');
      expect(host.fetches).toBe(3);

      // Good tokens were never held up by the flood and needed no fetch of their own.
      expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
      expect(host.fetches).toBe(3);
    });

    it('with nothing cached yet, a concurrent flood of 50 shares a single fetch', async () => {
      expect(new Set(await Promise.all(flood(50).map((token) => outcomeOf(token, keys))))).toEqual(
        new Set(['jwt_kid_unknown']),
      );
      expect(host.fetches).toBe(1);
    });
  });

  describe('key rotation', () => {
    let rotating: KeyRing;

    beforeEach(async () => {
      rotating = await createKeyRing();
      host = keyHost(rotating);
      keys = keySet();
    });

    it('a token signed by a newly published key verifies after one refetch; tokens by the previous key still verify while it is listed', async () => {
      const previous = rotating.signingKey();
      const beforeRotation = await mint(rotating);
      expect(await outcomeOf(beforeRotation, keys)).toBe('verified');

      await rotating.rotate();
      at(OPTIONS.cooldown);
      expect(await outcomeOf(await mint(rotating), keys)).toBe('verified');
      expect(host.fetches).toBe(2);

      expect(await outcomeOf(beforeRotation, keys)).toBe('verified');
      expect(await outcomeOf(mintWith(KeyObject.from(previous.privateKey), previous.kid), keys)).toBe('verified');
      expect(await outcomeOf(await mint(rotating), keys)).toBe('verified');
      expect(host.fetches).toBe(2);
    });

    it('a new kid first seen within the cooldown of the last fetch is found once the cooldown has passed', async () => {
      expect(await outcomeOf(await mint(rotating), keys)).toBe('verified');
      await rotating.rotate();

      at(OPTIONS.cooldown - 1);
      expect(await outcomeOf(await mint(rotating), keys)).toBe('jwt_kid_unknown');
      expect(host.fetches).toBe(1);

      at(OPTIONS.cooldown);
      expect(await outcomeOf(await mint(rotating), keys)).toBe('verified');
      expect(host.fetches).toBe(2);
    });

    it('a key the broker no longer lists stops verifying once the cached copy is refetched', async () => {
      const withdrawnToken = await mint(rotating);
      expect(await outcomeOf(withdrawnToken, keys)).toBe('verified');
      await rotating.rotate();
      await rotating.rotate(); // the ring now lists only the two newer keys

      at(OPTIONS.maxAge);
      expect(await outcomeOf(withdrawnToken, keys)).toBe('jwt_kid_unknown');
      expect(host.fetches).toBe(2);
    });
  });

  describe('when the key host cannot be reached', () => {
    it.each(OUTAGES)(
      'and nothing was ever cached, a fetch that %s makes verification fail with KeySetUnavailable',
      async (outage) => {
        host.down(outage);
        const outcome = await outcomeOf(await mint(ring), keys);
        expect(outcome).toBeInstanceOf(KeySetUnavailable);
        expect(host.fetches).toBe(1);
      },
    );

    it.each(OUTAGES)('after a fetch that %s, no new fetch is tried until the cooldown has passed', async (outage) => {
      host.down(outage);
      expect(await outcomeOf(await mint(ring), keys)).toBeInstanceOf(KeySetUnavailable);

      for (let i = 0; i < 10; i++) expect(await outcomeOf(await mint(ring), keys)).toBeInstanceOf(KeySetUnavailable);
      at(OPTIONS.cooldown - 1);
      expect(await outcomeOf(await mint(ring), keys)).toBeInstanceOf(KeySetUnavailable);
      expect(host.fetches).toBe(1);

      host.up();
      at(OPTIONS.cooldown);
      expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
      expect(host.fetches).toBe(2);
    });

    it.each(OUTAGES)(
      'past maxAge, while the fetch %s, the last good keys keep serving until maxAge + staleGrace, then KeySetUnavailable',
      async (outage) => {
        const { maxAge, staleGrace, cooldown } = OPTIONS;
        expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
        host.down(outage);

        at(maxAge);
        expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
        expect(host.fetches).toBe(2);

        // Served from the stale copy without a fetch during the cooldown; unknown kids stay unknown.
        at(maxAge + cooldown - 1);
        expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
        expect(await outcomeOf(mintWith(KeyObject.from(ring.signingKey().privateKey), randomKid()), keys)).toBe(
          'jwt_kid_unknown',
        );
        expect(host.fetches).toBe(2);

        // The last moment of the grace: retried (the cooldown is long over), failed, still served.
        at(maxAge + staleGrace);
        expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
        expect(host.fetches).toBe(3);

        at(maxAge + staleGrace + 1);
        expect(await outcomeOf(await mint(ring), keys)).toBeInstanceOf(KeySetUnavailable);
        expect(host.fetches).toBe(3);

        at(maxAge + staleGrace + cooldown);
        expect(await outcomeOf(await mint(ring), keys)).toBeInstanceOf(KeySetUnavailable);
        expect(host.fetches).toBe(4);

        // The host is back: the next attempt after the cooldown restores service.
        host.up();
        at(maxAge + staleGrace + 2 * cooldown);
        expect(await outcomeOf(await mint(ring), keys)).toBe('verified');
        expect(host.fetches).toBe(5);
      },
    );

    it('a fetch that takes longer than the timeout is cut off by its AbortSignal and counts as a failure', async () => {
      host.down('hangs past the timeout');
      expect(await outcomeOf(await mint(ring), keys)).toBeInstanceOf(KeySetUnavailable);

      const [request] = host.requests;
      expect(request?.signal.aborted).toBe(true);
      expect((request?.signal.reason as Error).name).toBe('TimeoutError');

      // A failure like any other: the next launch within the cooldown does not wait for another fetch.
      host.up();
      expect(await outcomeOf(await mint(ring), keys)).toBeInstanceOf(KeySetUnavailable);
      expect(host.fetches).toBe(1);
    });
  });
});

describe('keySetFor', () => {
  it('returns the same resolver for the same address and a separate one for another address', () => {
    const a = keySetFor('https://broker-a.example.test/jwks.json');
    expect(keySetFor('https://broker-a.example.test/jwks.json')).toBe(a);
    expect(keySetFor('https://broker-b.example.test/jwks.json')).not.toBe(a);
  });

  describe('against the sandbox gateway over HTTP', () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await startTestSandbox({ pluginId: PLUGIN_ID, apiKey: rememberSecret('sandbox-api-key-0001') });
    });
    afterAll(async () => {
      await sandbox.close();
    });

    it('verifies a launch JWT of the gateway by the key set served at /broker/jwks.json, before and after a rotation', async () => {
      const keys = keySetFor(`${sandbox.url}/broker/jwks.json`);
      const token = rememberSecret(
        await signLaunchJwt(sandbox.ring, { sub: '48213', pluginId: PLUGIN_ID, tenantIds: ['5', '5'] }),
      );
      await expect(verifyLaunchJwt(token, { pluginId: PLUGIN_ID, resolveKey: keys })).resolves.toMatchObject({
        userId: '48213',
        tenantIds: ['5'],
      });

      await sandbox.ring.rotate();
      const rotated = rememberSecret(
        await signLaunchJwt(sandbox.ring, { sub: '48213', pluginId: PLUGIN_ID, tenantIds: [] }),
      );
      // The default cooldown (30 s) still holds the new kid back: it is unknown until then.
      await expect(verifyLaunchJwt(rotated, { pluginId: PLUGIN_ID, resolveKey: keys })).rejects.toMatchObject({
        reason: 'jwt_kid_unknown',
      });
      await expect(verifyLaunchJwt(token, { pluginId: PLUGIN_ID, resolveKey: keys })).resolves.toMatchObject({
        userId: '48213',
      });
    });
  });
});
