import 'server-only';

/**
 * Reference data (numbering sequences, warehouses, accounts) and other slow-changing answers, kept per process for
 * a few minutes so that a list view costs one data-API call. Entries are keyed by the caller (user and company:
 * two users of one company may have different permissions); concurrent misses share one load; failures are not kept.
 */

type Entry = { expiresAt: number; value: Promise<unknown> };

const MAX_ENTRIES = 5_000;
const entries = new Map<string, Entry>();

export const REFERENCE_TTL_MS = 5 * 60_000;

export function cached<T>(
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const t = now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > t) return hit.value as Promise<T>;

  if (entries.size >= MAX_ENTRIES) {
    for (const [k, entry] of entries) if (entry.expiresAt <= t) entries.delete(k);
    // Still full: drop the oldest insertions (Map keeps insertion order).
    for (const k of entries.keys()) {
      if (entries.size < MAX_ENTRIES) break;
      entries.delete(k);
    }
  }

  const value = load();
  entries.set(key, { expiresAt: t + ttlMs, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}
