import {
  constants,
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  KeyObject,
  randomBytes,
  randomUUID,
  sign,
} from 'node:crypto';

import type { JWK } from 'jose';

import { rememberSecret } from '../support/log-capture';

/**
 * Builds compact JWTs byte by byte, so a test can put anything into the header and the claims (wrong types,
 * missing claims, foreign algorithms, attacker key material) and sign them with any key, or not at all.
 * Every token made here is registered with rememberSecret: a JWT body must never reach a log.
 */

export type Json = Record<string, unknown>;

/** Produces the signature bytes over the signing input `base64url(header).base64url(payload)`. */
export type Signer = (signingInput: Buffer) => Buffer;

const encodePart = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const signers = {
  /** RSASSA-PKCS1-v1_5 with the given hash: RS256, RS384, RS512. */
  rsa:
    (key: KeyObject, hash: 'sha256' | 'sha384' | 'sha512' = 'sha256'): Signer =>
    (input) =>
      sign(hash, input, key),
  /** RSASSA-PSS with SHA-256 (PS256). */
  pss:
    (key: KeyObject): Signer =>
    (input) =>
      sign('sha256', input, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }),
  /** ECDSA P-256 with SHA-256 in the JOSE (r || s) encoding (ES256). */
  ecdsa:
    (key: KeyObject): Signer =>
    (input) =>
      sign('sha256', input, { key, dsaEncoding: 'ieee-p1363' }),
  /** HMAC-SHA-256 with arbitrary secret bytes (HS256). */
  hmac:
    (secret: Uint8Array): Signer =>
    (input) =>
      createHmac('sha256', secret).update(input).digest(),
  /** No signature at all (alg "none"). */
  unsigned: (): Signer => () => Buffer.alloc(0),
};

export function forgeJwt(header: Json, payload: Json, signer: Signer): string {
  const signingInput = `${encodePart(header)}.${encodePart(payload)}`;
  const signature = signer(Buffer.from(signingInput)).toString('base64url');
  return rememberSecret(`${signingInput}.${signature}`);
}

export function decodeJwt(token: string): { header: Json; payload: Json; signature: string } {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Json;
  return { header: decode(header), payload: decode(payload), signature };
}

/** Replaces the header and/or the claims of a signed token and keeps its original signature. */
export function tamperJwt(token: string, change: { header?: (h: Json) => Json; payload?: (p: Json) => Json }): string {
  const { header, payload, signature } = decodeJwt(token);
  const h = change.header ? change.header(header) : header;
  const p = change.payload ? change.payload(payload) : payload;
  return rememberSecret(`${encodePart(h)}.${encodePart(p)}.${signature}`);
}

/** A complete, valid claim set of a launch JWT issued at `now` for 15 minutes. */
export function launchClaims(now: Date, pluginId: string, overrides: Json = {}): Json {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    iss: 'plugin-broker',
    aud: 'plugin',
    sub: 'jana.novakova@example.sk',
    plugin_id: pluginId,
    tenant_ids: ['10001', '10002'],
    jti: randomUUID(),
    iat,
    nbf: iat,
    exp: iat + 15 * 60,
    ...overrides,
  };
}

export function without(object: Json, ...keys: string[]): Json {
  const copy = { ...object };
  for (const key of keys) delete copy[key];
  return copy;
}

/** A random kid that no key set holds. */
export const randomKid = () => randomBytes(12).toString('base64url');

export interface AttackerRsaKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public half as a JWK carrying the attacker's kid, as it would be embedded or published by the attacker. */
  publicJwk: JWK;
  /** A self-signed X.509 certificate of the public half, DER. */
  certificate: Buffer;
}

export function attackerRsaKey(): AttackerRsaKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomKid();
  const publicJwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } as JWK;
  return { kid, privateKey, publicKey, publicJwk, certificate: selfSignedCertificate(privateKey, publicKey) };
}

export function attackerEcKey(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

/** The public half of a published JWK as a Node key object (to derive its PEM and DER forms). */
export const publicKeyOf = (jwk: JWK) => createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });

// --- a minimal DER writer, just enough for one self-signed RSA certificate ---

function derElement(tag: number, content: Buffer): Buffer {
  let length: Buffer;
  if (content.length < 0x80) {
    length = Buffer.from([content.length]);
  } else {
    const hex = content.length.toString(16);
    const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
    length = Buffer.concat([Buffer.from([0x80 | bytes.length]), bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

const derSequence = (...parts: Buffer[]) => derElement(0x30, Buffer.concat(parts));
const derSet = (...parts: Buffer[]) => derElement(0x31, Buffer.concat(parts));
const derNull = () => Buffer.from([0x05, 0x00]);
const derUtf8 = (text: string) => derElement(0x0c, Buffer.from(text, 'utf8'));
const derBitString = (bytes: Buffer) => derElement(0x03, Buffer.concat([Buffer.from([0x00]), bytes]));

function derInteger(bytes: Buffer): Buffer {
  // Two's complement: a leading 1 bit would make the number negative.
  return derElement(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0x00]), bytes]) : bytes);
}

function derOid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return derElement(0x06, Buffer.from(bytes));
}

function derUtcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return derElement(0x17, Buffer.from(text, 'ascii'));
}

function selfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject): Buffer {
  const sha256WithRsa = derSequence(derOid('1.2.840.113549.1.1.11'), derNull());
  const name = derSequence(derSet(derSequence(derOid('2.5.4.3'), derUtf8('attacker.example'))));
  const tbs = derSequence(
    derElement(0xa0, derInteger(Buffer.from([2]))), // version 3
    derInteger(randomBytes(8)),
    sha256WithRsa,
    name,
    derSequence(derUtcTime(new Date(Date.UTC(2024, 0, 1))), derUtcTime(new Date(Date.UTC(2034, 0, 1)))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  return derSequence(tbs, sha256WithRsa, derBitString(sign('sha256', tbs, privateKey)));
}
