import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
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
export function matchesAnySecret(presented: string, accepted: readonly string[]): boolean {
  const digest = createHash('sha256').update(presented, 'utf8').digest();
  let matched = false;
  for (const candidate of accepted) {
    const expected = createHash('sha256').update(candidate, 'utf8').digest();
    matched = timingSafeEqual(digest, expected) || matched;
  }
  return matched;
}

/** 48 random bytes in base64url: exactly 64 characters of [A-Za-z0-9_-]. */
export function randomToken64(): string {
  return randomBytes(48).toString('base64url');
}
