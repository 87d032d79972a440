import 'server-only';

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

import type { CompanyScope } from '@/lib/base/company-scope';

/**
 * Secrets at rest (access tokens, webhook secrets, consent states): AES-256-GCM with a random 96-bit IV and what the
 * secret belongs to as additional authenticated data (a token's row identity: user, company, plugin), so a sealed
 * value copied onto another row fails to open. The key id is kept beside the ciphertext; the first configured key
 * seals, every configured key opens.
 */

export type VaultKey = { id: string; key: Buffer };
export type SealedToken = { keyId: string; sealedToken: string };

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * What a sealed value belongs to, as its additional authenticated data: a value sealed for one row, or for one
 * purpose, does not open under another. A token's context is its row identity; other secrets name their purpose
 * first, so no two kinds of secret can share a context.
 */
export type SealContext = readonly string[];

export const tokenContext = (identity: CompanyScope): SealContext => [
  identity.userId,
  identity.tenantId,
  identity.pluginId,
];

// JSON of a fixed-order array: unambiguous even when ids contain separators.
const additionalData = (context: SealContext) => Buffer.from(JSON.stringify(context), 'utf8');

export type Sealed = { keyId: string; sealed: string };

export function sealSecret(plaintext: string, context: SealContext, keys: readonly VaultKey[]): Sealed {
  const current = keys[0];
  if (!current) throw new Error('No encryption key configured.');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  cipher.setAAD(additionalData(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { keyId: current.id, sealed: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url') };
}

export class VaultError extends Error {
  override name = 'VaultError';
}

export function openSecret(sealed: Sealed, context: SealContext, keys: readonly VaultKey[]): string {
  const entry = keys.find((candidate) => candidate.id === sealed.keyId);
  if (!entry) throw new VaultError(`No configured key opens secrets sealed under key id "${sealed.keyId}".`);
  const raw = Buffer.from(sealed.sealed, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new VaultError('Sealed secret is truncated.');
  const decipher = createDecipheriv('aes-256-gcm', entry.key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(additionalData(context));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new VaultError('Sealed secret failed authentication.');
  }
}

/** An access token, sealed for its row (the shape of the access_tokens columns). */
export function sealToken(plaintext: string, identity: CompanyScope, keys: readonly VaultKey[]): SealedToken {
  const { keyId, sealed } = sealSecret(plaintext, tokenContext(identity), keys);
  return { keyId, sealedToken: sealed };
}

export function openToken(sealed: SealedToken, identity: CompanyScope, keys: readonly VaultKey[]): string {
  return openSecret({ keyId: sealed.keyId, sealed: sealed.sealedToken }, tokenContext(identity), keys);
}

/** The context of a connection's webhook secret: beside the token on the same row, but never interchangeable with it. */
export const webhookSecretContext = (identity: CompanyScope): SealContext => [
  'webhook-secret',
  ...tokenContext(identity),
];
