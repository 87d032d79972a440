import { randomBytes } from 'node:crypto';

import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** One RSA key of the broker: the private half signs launch JWTs, the public half is published by `kid`. */
export interface RingKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  readonly createdAt: Date;
}

export interface KeyRing {
  /** The key that signs new launch JWTs. */
  signingKey(): RingKey;
  /** Makes a fresh key the signing key; the previous one stays published so JWTs already in flight still verify. */
  rotate(): Promise<RingKey>;
  /** The published key set: public halves only. */
  jwks(): { keys: JWK[] };
}

async function generateRingKey(): Promise<RingKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  // A random kid (not a counter) so that an add-on caching by kid cannot confuse keys across sandbox restarts.
  const kid = randomBytes(12).toString('base64url');
  const exported = await exportJWK(publicKey);
  const publicJwk: JWK = { kty: exported.kty, n: exported.n, e: exported.e, kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk, createdAt: new Date() };
}

export async function createKeyRing(): Promise<KeyRing> {
  // Newest first; at most two entries: the signing key and the one it replaced.
  let keys: [RingKey, ...RingKey[]] = [await generateRingKey()];

  return {
    signingKey: () => keys[0],
    async rotate() {
      const next = await generateRingKey();
      // Keeping exactly one previous key mirrors a real rotation: long enough for 15-minute JWTs to expire,
      // and an add-on must not rely on keys older than that.
      keys = [next, keys[0]];
      return next;
    },
    jwks: () => ({ keys: keys.map((k) => ({ ...k.publicJwk })) }),
  };
}
