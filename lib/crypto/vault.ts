import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Access tokens at rest: AES-256-GCM with a random 96-bit IV and the row identity (user, company, plugin) as
 * additional authenticated data, so a sealed token copied onto another row fails to open. The key id is kept
 * beside the ciphertext; the first configured key seals, every configured key opens.
 */

export type VaultKey = { id: string; key: Buffer };
export type TokenIdentity = { userId: string; tenantId: string; pluginId: string };
export type SealedToken = { keyId: string; sealedToken: string };

const IV_BYTES = 12;
const TAG_BYTES = 16;

// JSON of a fixed-order array: unambiguous even when ids contain separators.
const additionalData = (identity: TokenIdentity) =>
  Buffer.from(JSON.stringify([identity.userId, identity.tenantId, identity.pluginId]), 'utf8');

export function sealToken(plaintext: string, identity: TokenIdentity, keys: readonly VaultKey[]): SealedToken {
  const current = keys[0];
  if (!current) throw new Error('No encryption key configured.');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  cipher.setAAD(additionalData(identity));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    keyId: current.id,
    sealedToken: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url'),
  };
}

export class VaultError extends Error {
  override name = 'VaultError';
}

export function openToken(sealed: SealedToken, identity: TokenIdentity, keys: readonly VaultKey[]): string {
  const entry = keys.find((candidate) => candidate.id === sealed.keyId);
  if (!entry) throw new VaultError(`No configured key opens tokens sealed under key id "${sealed.keyId}".`);
  const raw = Buffer.from(sealed.sealedToken, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new VaultError('Sealed token is truncated.');
  const decipher = createDecipheriv('aes-256-gcm', entry.key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(additionalData(identity));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new VaultError('Sealed token failed authentication.');
  }
}
