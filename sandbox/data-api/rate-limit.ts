/**
 * Per-token limit of the data API: the strictest rule of the interface, 3 requests per 1 second. A sliding log
 * (not fixed windows) so that "4 quick requests" is always over the limit, whatever the wall clock.
 */
export interface RateDecision {
  allowed: boolean;
  /** Headers for the response: x-rate-limit-* always, retry-after when refused. */
  headers: Record<string, string>;
}

export interface RateLimiter {
  take(key: string): RateDecision;
}

export function createRateLimiter(limit = 3, windowMs = 1_000, now: () => number = Date.now): RateLimiter {
  const log = new Map<string, number[]>();
  const period = windowMs % 1_000 === 0 ? `${windowMs / 1_000}s` : `${windowMs}ms`;

  return {
    take(key) {
      const t = now();
      const recent = (log.get(key) ?? []).filter((at) => at > t - windowMs);
      const allowed = recent.length < limit;
      if (allowed) recent.push(t);
      log.set(key, recent);
      const oldest = recent[0] ?? t;
      const resetMs = oldest + windowMs;
      const headers: Record<string, string> = {
        'x-rate-limit-limit': period,
        'x-rate-limit-remaining': String(Math.max(0, limit - recent.length)),
        // UTC epoch seconds, as the interface describes the header.
        'x-rate-limit-reset': String(Math.ceil(resetMs / 1_000)),
      };
      if (!allowed) headers['retry-after'] = String(Math.max(1, Math.ceil((resetMs - t) / 1_000)));
      return { allowed, headers };
    },
  };
}
