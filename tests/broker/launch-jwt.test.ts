import { KeyObject, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';

import { createLocalJWKSet, decodeProtectedHeader, type FetchImplementation, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createKeySet, type KeyResolver, KeySetUnavailable } from '@/lib/owners/sessions/key-set';
import { LaunchJwtRejected, verifyLaunchJwt } from '@/lib/owners/sessions/launch-jwt';

import { createKeyRing, type KeyRing } from '../../sandbox/key-ring';
import { signLaunchJwt } from '../../sandbox/launch-jwt';
import { rememberSecret } from '../support/log-capture';
import { listenOnLoopback } from '../support/loopback';
import {
  attackerEcKey,
  type AttackerRsaKey,
  attackerRsaKey,
  decodeJwt,
  forgeJwt,
  type Json,
  launchClaims,
  publicKeyOf,
  randomKid,
  signers,
  tamperJwt,
  without,
} from './jwt-forge';

const PLUGIN_ID = 'invoice-helper';
const NOW = new Date('2025-06-02T08:15:30.000Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);

let ring: KeyRing;
/** The private half of the broker's signing key, to forge tokens that differ from good ones in one point only. */
let brokerKey: KeyObject;
let brokerKid: string;
let attacker: AttackerRsaKey;

beforeAll(async () => {
  ring = await createKeyRing();
  brokerKey = KeyObject.from(ring.signingKey().privateKey);
  brokerKid = ring.signingKey().kid;
  attacker = attackerRsaKey();
});

/** The broker's key set (as published), as a resolver that counts how often it is consulted. */
function brokerKeys() {
  const local = createLocalJWKSet(ring.jwks());
  return vi.fn<KeyResolver>((header, token) => local(header, token));
}

function verify(token: string, resolveKey: KeyResolver = brokerKeys(), now: Date = NOW) {
  return verifyLaunchJwt(token, { pluginId: PLUGIN_ID, resolveKey, now });
}

async function rejectionOf(token: string, resolveKey: KeyResolver = brokerKeys(), now: Date = NOW) {
  const outcome = await verify(token, resolveKey, now).catch((error: unknown) => error);
  expect(outcome).toBeInstanceOf(LaunchJwtRejected);
  return outcome as LaunchJwtRejected;
}

/** A token signed correctly by the broker's current key with RS256, carrying exactly these claims. */
const brokerToken = (payload: Json, header: Json = {}) =>
  forgeJwt({ alg: 'RS256', typ: 'JWT', kid: brokerKid, ...header }, payload, signers.rsa(brokerKey));

/** Valid claims at NOW, with some replaced. */
const claims = (overrides: Json = {}) => launchClaims(NOW, PLUGIN_ID, overrides);

describe('a launch JWT signed by the broker as the gateway does', () => {
  it('verifies and yields the user, the companies, the jti and the end of its validity (exp + 30 s skew)', async () => {
    const token = rememberSecret(
      await signLaunchJwt(ring, {
        sub: 'jana.novakova@example.sk',
        pluginId: PLUGIN_ID,
        tenantIds: ['10001', '10002'],
        now: NOW,
      }),
    );
    const { payload } = decodeJwt(token);

    await expect(verify(token)).resolves.toEqual({
      userId: 'jana.novakova@example.sk',
      tenantIds: ['10001', '10002'],
      jti: payload.jti,
      expiresAt: new Date((NOW_S + 15 * 60 + 30) * 1000),
    });
  });

  it('with an empty tenant_ids array is a sign-in without companies and is accepted', async () => {
    const token = rememberSecret(
      await signLaunchJwt(ring, { sub: '48213', pluginId: PLUGIN_ID, tenantIds: [], now: NOW }),
    );
    await expect(verify(token)).resolves.toMatchObject({ userId: '48213', tenantIds: [] });
  });

  it('names each company once even when tenant_ids repeats it, keeping first-seen order', async () => {
    const token = rememberSecret(
      await signLaunchJwt(ring, { sub: 'u', pluginId: PLUGIN_ID, tenantIds: ['7', '3', '7', '3', '9'], now: NOW }),
    );
    await expect(verify(token)).resolves.toMatchObject({ tenantIds: ['7', '3', '9'] });
  });

  it('signed with the previous key after a rotation still verifies while that key is listed', async () => {
    const rotating = await createKeyRing();
    const token = rememberSecret(
      await signLaunchJwt(rotating, { sub: 'u', pluginId: PLUGIN_ID, tenantIds: [], now: NOW }),
    );
    await rotating.rotate();
    await expect(verify(token, createLocalJWKSet(rotating.jwks()))).resolves.toMatchObject({ userId: 'u' });
  });
});

describe('the algorithm is RS256 whatever the header says', () => {
  it.each(['none', 'None', 'NONE', 'nOnE'])(
    'alg "%s" with an empty signature is rejected without consulting the key set',
    async (alg) => {
      const token = forgeJwt({ alg, typ: 'JWT', kid: brokerKid }, claims(), signers.unsigned());
      expect(token.endsWith('.')).toBe(true);
      const keys = brokerKeys();
      expect((await rejectionOf(token, keys)).reason).toBe('jwt_alg_not_allowed');
      expect(keys).not.toHaveBeenCalled();
    },
  );

  it('alg "none" without a kid is rejected for its algorithm, not for the missing kid', async () => {
    const token = forgeJwt({ alg: 'none' }, claims(), signers.unsigned());
    expect((await rejectionOf(token)).reason).toBe('jwt_alg_not_allowed');
  });

  const publicKeyForms: [string, () => Buffer][] = [
    ['the published JWK as JSON text', () => Buffer.from(JSON.stringify(ring.jwks().keys[0]))],
    [
      'the bare public JWK (kty, n, e) as JSON text',
      () => {
        const { kty, n, e } = ring.signingKey().publicJwk;
        return Buffer.from(JSON.stringify({ kty, n, e }));
      },
    ],
    ['PEM (SPKI)', () => Buffer.from(publicKeyOf(ring.signingKey().publicJwk).export({ type: 'spki', format: 'pem' }))],
    ['DER (SPKI)', () => publicKeyOf(ring.signingKey().publicJwk).export({ type: 'spki', format: 'der' })],
  ];

  it.each(publicKeyForms)(
    'HS256 keyed with the broker public key as %s (key confusion) is rejected without consulting the key set',
    async (_form, secret) => {
      const token = forgeJwt({ alg: 'HS256', typ: 'JWT', kid: brokerKid }, claims(), signers.hmac(secret()));
      const keys = brokerKeys();
      expect((await rejectionOf(token, keys)).reason).toBe('jwt_alg_not_allowed');
      expect(keys).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['RS384', () => signers.rsa(brokerKey, 'sha384')],
    ['RS512', () => signers.rsa(brokerKey, 'sha512')],
    ['PS256', () => signers.pss(brokerKey)],
  ])(
    '%s, correctly signed with the broker key itself, is rejected without consulting the key set',
    async (alg, signer) => {
      const token = forgeJwt({ alg, typ: 'JWT', kid: brokerKid }, claims(), signer());
      const keys = brokerKeys();
      expect((await rejectionOf(token, keys)).reason).toBe('jwt_alg_not_allowed');
      expect(keys).not.toHaveBeenCalled();
    },
  );

  it('ES256 signed with an EC key that the key set does not list is rejected', async () => {
    const token = forgeJwt(
      { alg: 'ES256', typ: 'JWT', kid: randomKid() },
      claims(),
      signers.ecdsa(attackerEcKey().privateKey),
    );
    const keys = brokerKeys();
    expect((await rejectionOf(token, keys)).reason).toBe('jwt_alg_not_allowed');
    expect(keys).not.toHaveBeenCalled();
  });

  it('a header without alg is rejected for its algorithm without consulting the key set', async () => {
    const token = forgeJwt({ typ: 'JWT', kid: brokerKid }, claims(), signers.rsa(brokerKey));
    const keys = brokerKeys();
    expect((await rejectionOf(token, keys)).reason).toBe('jwt_alg_not_allowed');
    expect(keys).not.toHaveBeenCalled();
  });

  it('"rs256" in lower case is not RS256 and is rejected', async () => {
    const token = forgeJwt({ alg: 'rs256', kid: brokerKid }, claims(), signers.rsa(brokerKey));
    expect((await rejectionOf(token)).reason).toBe('jwt_alg_not_allowed');
  });

  it('a header that says RS256 over an RS512 signature by the broker key fails the signature check', async () => {
    const token = forgeJwt({ alg: 'RS256', kid: brokerKid }, claims(), signers.rsa(brokerKey, 'sha512'));
    expect((await rejectionOf(token)).reason).toBe('jwt_signature_invalid');
  });
});

describe('the key is chosen from the broker key set by kid only', () => {
  it('a token signed by a key outside the set, under a kid that the set does list, fails the signature check', async () => {
    const token = forgeJwt({ alg: 'RS256', typ: 'JWT', kid: brokerKid }, claims(), signers.rsa(attacker.privateKey));
    expect((await rejectionOf(token)).reason).toBe('jwt_signature_invalid');
  });

  it('a token whose kid is not in the set is rejected as an unknown key', async () => {
    const token = forgeJwt({ alg: 'RS256', typ: 'JWT', kid: attacker.kid }, claims(), signers.rsa(attacker.privateKey));
    expect((await rejectionOf(token)).reason).toBe('jwt_kid_unknown');
  });

  it('even a good broker signature under an unlisted kid is rejected as an unknown key', async () => {
    const token = brokerToken(claims(), { kid: randomKid() });
    expect((await rejectionOf(token)).reason).toBe('jwt_kid_unknown');
  });

  it.each([
    ['missing', undefined],
    ['an empty string', ''],
    ['a number', 1],
  ])('a kid that is %s is rejected without consulting the key set', async (_case, kid) => {
    const header: Json = { alg: 'RS256', typ: 'JWT' };
    if (kid !== undefined) header.kid = kid;
    const token = forgeJwt(header, claims(), signers.rsa(brokerKey));
    const keys = brokerKeys();
    expect((await rejectionOf(token, keys)).reason).toBe('jwt_kid_missing');
    expect(keys).not.toHaveBeenCalled();
  });

  it('a resolver that cannot reach the key set makes verification fail with KeySetUnavailable, not a rejection', async () => {
    const unavailable = vi.fn<KeyResolver>(async () => {
      throw new KeySetUnavailable('down');
    });
    const outcome = await verify(brokerToken(claims()), unavailable).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(KeySetUnavailable);
    expect(outcome).not.toBeInstanceOf(LaunchJwtRejected);
    expect(unavailable).toHaveBeenCalledTimes(1);
  });
});

describe('a token changed after signing is rejected', () => {
  it.each<[string, (p: Json) => Json]>([
    ['the user (sub)', (p) => ({ ...p, sub: 'admin@example.sk' })],
    ['the companies (tenant_ids)', (p) => ({ ...p, tenant_ids: [...(p.tenant_ids as string[]), '99999'] })],
    ['the expiry (exp)', (p) => ({ ...p, exp: (p.exp as number) + 60 })],
  ])('when %s is altered', async (_what, change) => {
    const token = tamperJwt(brokerToken(claims()), { payload: change });
    expect((await rejectionOf(token)).reason).toBe('jwt_signature_invalid');
  });

  it('when a header parameter is added', async () => {
    const token = tamperJwt(brokerToken(claims()), { header: (h) => ({ ...h, cty: 'JWT' }) });
    expect((await rejectionOf(token)).reason).toBe('jwt_signature_invalid');
  });

  it('when the kid is switched to another key the set lists', async () => {
    const rotating = await createKeyRing();
    const previousKid = rotating.signingKey().kid;
    await rotating.rotate();
    const token = rememberSecret(
      await signLaunchJwt(rotating, { sub: 'u', pluginId: PLUGIN_ID, tenantIds: [], now: NOW }),
    );
    const switched = tamperJwt(token, { header: (h) => ({ ...h, kid: previousKid }) });
    const error = await rejectionOf(switched, createLocalJWKSet(rotating.jwks()));
    expect(error.reason).toBe('jwt_signature_invalid');
  });

  it.each(['', 'not-a-jwt', 'a.b', 'bm90LWpzb24.e30.', '...'])(
    'a malformed token %j is rejected as malformed',
    async (token) => {
      const keys = brokerKeys();
      expect((await rejectionOf(token, keys)).reason).toBe('jwt_malformed');
      expect(keys).not.toHaveBeenCalled();
    },
  );
});

describe('every claim must be present, of its type and of its value', () => {
  // [case, claims of the token, reason]
  type ClaimCase = [string, () => Json, string];

  const cases: Record<string, ClaimCase[]> = {
    'iss must be exactly "plugin-broker"': [
      ['another string', () => claims({ iss: 'plugin-broker-2' }), 'jwt_claim_invalid'],
      ['missing', () => without(claims(), 'iss'), 'jwt_claim_invalid'],
      ['a number', () => claims({ iss: 1 }), 'jwt_claim_invalid'],
    ],
    'aud must be exactly the string "plugin"': [
      ['another string', () => claims({ aud: 'plugins' }), 'jwt_claim_invalid'],
      ['missing', () => without(claims(), 'aud'), 'jwt_claim_invalid'],
      // jose alone would accept an array containing the audience; the claim schema insists on the string.
      ['the array ["plugin"]', () => claims({ aud: ['plugin'] }), 'jwt_claim_aud'],
      ['an array naming "plugin" and another audience', () => claims({ aud: ['plugin', 'other'] }), 'jwt_claim_aud'],
    ],
    'sub must be a non-empty string': [
      ['missing', () => without(claims(), 'sub'), 'jwt_claim_invalid'],
      ['an empty string', () => claims({ sub: '' }), 'jwt_claim_sub'],
      ['a number', () => claims({ sub: 48213 }), 'jwt_claim_sub'],
    ],
    'plugin_id must equal the own plugin id': [
      ['another plugin', () => claims({ plugin_id: 'other-plugin' }), 'jwt_plugin_mismatch'],
      ['missing', () => without(claims(), 'plugin_id'), 'jwt_claim_plugin_id'],
      ['an empty string', () => claims({ plugin_id: '' }), 'jwt_claim_plugin_id'],
      ['a number', () => claims({ plugin_id: 7 }), 'jwt_claim_plugin_id'],
    ],
    'tenant_ids must be an array of at most 100 non-empty strings': [
      ['missing', () => without(claims(), 'tenant_ids'), 'jwt_claim_tenant_ids'],
      ['a string instead of an array', () => claims({ tenant_ids: '10001' }), 'jwt_claim_tenant_ids'],
      ['an array holding an empty string', () => claims({ tenant_ids: ['10001', ''] }), 'jwt_claim_tenant_ids'],
      ['an array holding a number', () => claims({ tenant_ids: ['10001', 10002] }), 'jwt_claim_tenant_ids'],
      ['an array of 101 companies', () => claims({ tenant_ids: companies(101) }), 'jwt_claim_tenant_ids'],
      [
        'replaced by a singular tenant_id',
        () => ({ ...without(claims(), 'tenant_ids'), tenant_id: '10001' }),
        'jwt_claim_tenant_ids',
      ],
    ],
    'jti must be a non-empty string': [
      ['missing', () => without(claims(), 'jti'), 'jwt_claim_invalid'],
      ['an empty string', () => claims({ jti: '' }), 'jwt_claim_jti'],
      ['a number', () => claims({ jti: 42 }), 'jwt_claim_jti'],
    ],
    'iat, nbf and exp must be numeric dates': ['iat', 'nbf', 'exp'].flatMap((claim): ClaimCase[] => [
      [`${claim} missing`, () => without(claims(), claim), 'jwt_claim_invalid'],
      [`${claim} as a string`, () => claims({ [claim]: String(claims()[claim]) }), 'jwt_claim_invalid'],
    ]),
  };

  for (const [rule, ruleCases] of Object.entries(cases)) {
    describe(rule, () => {
      it.each(ruleCases)('rejects a token whose value is %s', async (_case, payload, reason) => {
        expect((await rejectionOf(brokerToken(payload()))).reason).toBe(reason);
      });
    });
  }

  it('accepts exactly 100 companies and returns all of them', async () => {
    const token = brokerToken(claims({ tenant_ids: companies(100) }));
    const { tenantIds } = await verify(token);
    expect(tenantIds).toEqual(companies(100));
  });

  it('a singular tenant_id next to tenant_ids is ignored: only the plural claim authorizes companies', async () => {
    const token = brokerToken(claims({ tenant_ids: ['10001'], tenant_id: '66666' }));
    await expect(verify(token)).resolves.toMatchObject({ tenantIds: ['10001'] });
  });
});

describe('time claims allow 30 s of clock skew and a lifetime of at most 15 minutes', () => {
  /** Claims whose iat, nbf and exp are offsets in seconds from NOW. */
  const timed = (iat: number, nbf: number, exp: number) =>
    claims({ iat: NOW_S + iat, nbf: NOW_S + nbf, exp: NOW_S + exp });

  it('expired 29 s ago is still accepted', async () => {
    await expect(verify(brokerToken(timed(-929, -929, -29)))).resolves.toMatchObject({ userId: expect.any(String) });
  });

  it('expired exactly 30 s ago is rejected as expired', async () => {
    expect((await rejectionOf(brokerToken(timed(-930, -930, -30)))).reason).toBe('jwt_expired');
  });

  it('valid from 30 s in the future (nbf) is accepted', async () => {
    await expect(verify(brokerToken(timed(0, 30, 900)))).resolves.toMatchObject({ userId: expect.any(String) });
  });

  it('valid only from 31 s in the future (nbf) is rejected', async () => {
    expect((await rejectionOf(brokerToken(timed(0, 31, 900)))).reason).toBe('jwt_claim_invalid');
  });

  it('issued 30 s in the future (iat) is accepted', async () => {
    await expect(verify(brokerToken(timed(30, 0, 930)))).resolves.toMatchObject({ userId: expect.any(String) });
  });

  it('issued 31 s in the future (iat) is rejected', async () => {
    expect((await rejectionOf(brokerToken(timed(31, 0, 931)))).reason).toBe('jwt_issued_in_future');
  });

  it('a lifetime (exp − iat) of exactly 900 s is accepted', async () => {
    await expect(verify(brokerToken(timed(0, 0, 900)))).resolves.toMatchObject({
      expiresAt: new Date((NOW_S + 900 + 30) * 1000),
    });
  });

  it('a lifetime (exp − iat) of 901 s is rejected', async () => {
    expect((await rejectionOf(brokerToken(timed(0, 0, 901)))).reason).toBe('jwt_lifetime_too_long');
  });

  it('a token issued long ago with a late exp is rejected for its lifetime even while exp is in the future', async () => {
    expect((await rejectionOf(brokerToken(timed(-3600, -3600, 60)))).reason).toBe('jwt_lifetime_too_long');
  });

  it('a token that ends before it starts is rejected, even inside the skew window', async () => {
    expect((await rejectionOf(brokerToken(timed(20, 20, 5)))).reason).toBe('jwt_times_inconsistent');
    expect((await rejectionOf(brokerToken(timed(0, 25, 10)))).reason).toBe('jwt_times_inconsistent');
  });

  it('the clock is the `now` given to the verifier, not the machine clock', async () => {
    const token = rememberSecret(await signLaunchJwt(ring, { sub: 'u', pluginId: PLUGIN_ID, tenantIds: [], now: NOW }));
    await expect(verify(token, brokerKeys(), new Date(NOW.getTime() + 929_000))).resolves.toMatchObject({
      userId: 'u',
    });
    expect((await rejectionOf(token, brokerKeys(), new Date(NOW.getTime() + 930_000))).reason).toBe('jwt_expired');
  });
});

describe('key material named or carried by the token itself is never used or fetched', () => {
  const JWKS_URL = 'https://broker.example.test/broker/jwks.json';
  let attackerHost: Server;
  let attackerUrl: string;
  const attackerHits: string[] = [];
  const keySetRequests: string[] = [];

  /** The key set as createKeySet sees it, served by a fake fetch that records every address it is asked for. */
  const brokerFetch: FetchImplementation = async (url) => {
    keySetRequests.push(url);
    return new Response(JSON.stringify(ring.jwks()), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  /** A fresh key set at the broker's address, fetching through brokerFetch, with no cooldown between fetches. */
  const brokerKeySet = () =>
    createKeySet(JWKS_URL, { timeout: 1_000, cooldown: 0, maxAge: 60_000, staleGrace: 60_000, fetch: brokerFetch });

  beforeAll(async () => {
    // The attacker's own host serves its key set and certificate, and counts who comes asking.
    attackerHost = createServer((req, res) => {
      attackerHits.push(req.url ?? '');
      if (req.url === '/jwks.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ keys: [attacker.publicJwk] }));
      } else {
        res.writeHead(200, { 'content-type': 'application/pkix-cert' });
        res.end(attacker.certificate);
      }
    });
    attackerUrl = await listenOnLoopback(attackerHost);
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => attackerHost.close(() => resolve()));
  });

  it('(the attacker host answers requests, so zero hits below means zero requests)', async () => {
    const response = await fetch(`${attackerUrl}/jwks.json`);
    expect(((await response.json()) as { keys: JWK[] }).keys[0]?.kid).toBe(attacker.kid);
    expect(attackerHits).toEqual(['/jwks.json']);
    attackerHits.length = 0;
  });

  it('(the embedded certificate really is a self-signed certificate of the attacker key)', () => {
    const certificate = new X509Certificate(attacker.certificate);
    expect(certificate.publicKey.equals(attacker.publicKey)).toBe(true);
    expect(certificate.verify(attacker.publicKey)).toBe(true);
  });

  const headers: [string, () => Json][] = [
    ['jku pointing to the attacker key set', () => ({ jku: `${attackerUrl}/jwks.json` })],
    ['x5u pointing to the attacker certificate', () => ({ x5u: `${attackerUrl}/cert.der` })],
    ['an embedded jwk of the attacker key', () => ({ jwk: without(attacker.publicJwk, 'alg', 'use') })],
    ['an embedded x5c certificate of the attacker key', () => ({ x5c: [attacker.certificate.toString('base64')] })],
  ];

  describe.each(headers)('a token signed by the attacker key with %s', (_header, extra) => {
    it('is rejected as an unknown key when its kid is the attacker kid, and nothing but the broker key set is fetched', async () => {
      const before = keySetRequests.length;
      const keys = brokerKeySet();
      const token = forgeJwt(
        { alg: 'RS256', typ: 'JWT', kid: attacker.kid, ...extra() },
        claims(),
        signers.rsa(attacker.privateKey),
      );
      expect(decodeProtectedHeader(token)).toMatchObject(extra());

      expect((await rejectionOf(token, keys)).reason).toBe('jwt_kid_unknown');
      expect(keySetRequests.length).toBeGreaterThan(before);
      expect(new Set(keySetRequests)).toEqual(new Set([JWKS_URL]));
      expect(attackerHits).toEqual([]);
    });

    it('fails the signature check when its kid is the broker kid, and the attacker host is never contacted', async () => {
      const keys = brokerKeySet();
      const token = forgeJwt(
        { alg: 'RS256', typ: 'JWT', kid: brokerKid, ...extra() },
        claims(),
        signers.rsa(attacker.privateKey),
      );

      expect((await rejectionOf(token, keys)).reason).toBe('jwt_signature_invalid');
      expect(new Set(keySetRequests)).toEqual(new Set([JWKS_URL]));
      expect(attackerHits).toEqual([]);
    });
  });
});

function companies(count: number): string[] {
  return Array.from({ length: count }, (_, i) => String(10_000 + i));
}
