import { createHash } from 'node:crypto';

/**
 * The service refuses an identical POST repeated within 120 seconds (409, not processed). "Identical" here means the
 * same connection, path and raw body. The window runs from the accepted request; refused repeats do not extend it.
 */
export const DUPLICATE_WINDOW_MS = 120_000;

export interface DuplicateGuard {
  /** The request ids of the earlier identical request, if it is still inside the window. */
  find(key: string, nowMs: number): string[] | undefined;
  remember(key: string, requestIds: string[], nowMs: number): void;
}

export function duplicateKey(tokenFingerprint: string, path: string, body: string): string {
  return createHash('sha256').update(`${tokenFingerprint}\n${path}\n${body}`).digest('hex');
}

export function createDuplicateGuard(): DuplicateGuard {
  const seen = new Map<string, { at: number; requestIds: string[] }>();
  const prune = (nowMs: number) => {
    for (const [key, entry] of seen) if (nowMs - entry.at >= DUPLICATE_WINDOW_MS) seen.delete(key);
  };
  return {
    find(key, nowMs) {
      prune(nowMs);
      return seen.get(key)?.requestIds;
    },
    remember(key, requestIds, nowMs) {
      prune(nowMs);
      seen.set(key, { at: nowMs, requestIds });
    },
  };
}
