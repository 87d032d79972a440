import 'server-only';

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest();

/** SHA-256 in hex of a text (as UTF-8) or of bytes. */
export function sha256Hex(value: string | Buffer): string {
  return sha256(value).toString('hex');
}

/** A short, non-reversible fingerprint for logs: enough to correlate lines, useless to replay anything. */
export function fingerprint(value: string): string {
  return sha256Hex(value).slice(0, 16);
}

/**
 * Constant-time comparison of a presented secret against the accepted ones. Both sides are hashed first so the
 * buffers have equal length (timingSafeEqual cannot throw) and the length of a key leaks nothing. Every
 * candidate is compared, so the time does not tell which one matched either.
 */
// The accepted keys come from the configuration, which is parsed once: their digests are computed once too.
const acceptedDigests = new WeakMap<readonly string[], Buffer[]>();

export function matchesAnySecret(presented: string, accepted: readonly string[]): boolean {
  let expected = acceptedDigests.get(accepted);
  if (!expected) acceptedDigests.set(accepted, (expected = accepted.map(sha256)));
  const digest = sha256(presented);
  let matched = false;
  for (const candidate of expected) matched = timingSafeEqual(digest, candidate) || matched;
  return matched;
}

/** 48 random bytes in base64url: exactly 64 characters of [A-Za-z0-9_-]. */
export function randomToken64(): string {
  return randomBytes(48).toString('base64url');
}
