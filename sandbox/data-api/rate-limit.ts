/**
 * Per-token limits of the data API: the interface's three rules at once (3 requests per second, 10 per second,
 * 300 per minute), each a sliding log rather than a fixed window, so "4 quick requests" is over the limit whatever
 * the wall clock says. Refused requests are not recorded: a client that waits out `retry-after` gets through. Real
 * services differ here (some count refusals too); the sandbox takes the lenient reading, and the request log still
 * shows everything a client sent.
 *
 * While 3 per second holds, the other two rules cannot bind (3/s is at most 180 a minute); they are kept because the
 * interface states them, and a limiter built with other rules (tests) shows each at work.
 */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export const SERVICE_RATE_RULES: readonly RateRule[] = [
  { limit: 3, windowMs: 1_000 },
  { limit: 10, windowMs: 1_000 },
  { limit: 300, windowMs: 60_000 },
];

export interface RateDecision {
  allowed: boolean;
  /** Headers for the response: x-rate-limit-* always, retry-after when refused. */
  headers: Record<string, string>;
}

export interface RateLimiter {
  take(key: string): RateDecision;
}

export interface RateLimiterOptions {
  rules?: readonly RateRule[];
  /** Injected clock (epoch ms), so tests can step time instead of waiting. */
  now?: () => number;
}

/** The period as the service writes it in x-rate-limit-limit: `1s`, `1m`. */
export function periodLabel(windowMs: number): string {
  if (windowMs % 60_000 === 0) return `${windowMs / 60_000}m`;
  if (windowMs % 1_000 === 0) return `${windowMs / 1_000}s`;
  return `${windowMs}ms`;
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const rules = options.rules ?? SERVICE_RATE_RULES;
  const now = options.now ?? Date.now;
  const longest = Math.max(...rules.map((rule) => rule.windowMs));
  const logs = new Map<string, number[]>();
  let sweptAt = -Infinity;

  // Keys are tokens, and consent states (the poll), which any client may invent: a key whose requests have all left
  // the longest window is dropped now and then, so the map holds only recent callers.
  function sweep(t: number): void {
    if (t - sweptAt < longest) return;
    sweptAt = t;
    for (const [key, log] of logs) if ((log[log.length - 1] ?? -Infinity) <= t - longest) logs.delete(key);
  }

  return {
    take(key): RateDecision {
      const t = now();
      sweep(t);
      const log = (logs.get(key) ?? []).filter((at) => at > t - longest);
      const windows = rules.map((rule) => ({ rule, recent: log.filter((at) => at > t - rule.windowMs) }));
      const exceeded = windows.filter(({ rule, recent }) => recent.length >= rule.limit);

      if (exceeded.length > 0) {
        if (log.length > 0) logs.set(key, log);
        // Free again once enough of the oldest requests have left every exceeded window.
        const waits = exceeded.map(({ rule, recent }) => ({
          rule,
          freeAt: (recent[recent.length - rule.limit] ?? t) + rule.windowMs,
        }));
        const binding = waits.reduce((a, b) => (b.freeAt > a.freeAt ? b : a));
        return {
          allowed: false,
          headers: {
            'x-rate-limit-limit': periodLabel(binding.rule.windowMs),
            'x-rate-limit-remaining': '0',
            // UTC epoch seconds, as the interface describes the header.
            'x-rate-limit-reset': String(Math.ceil(binding.freeAt / 1_000)),
            'retry-after': String(Math.max(1, Math.ceil((binding.freeAt - t) / 1_000))),
          },
        };
      }

      log.push(t);
      logs.set(key, log);
      // The headers describe the rule closest to refusing (the first such rule on a tie).
      const states = windows.map(({ rule, recent }) => ({
        rule,
        remaining: rule.limit - recent.length - 1,
        resetAt: (recent[0] ?? t) + rule.windowMs,
      }));
      const binding = states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
      return {
        allowed: true,
        headers: {
          'x-rate-limit-limit': periodLabel(binding.rule.windowMs),
          'x-rate-limit-remaining': String(binding.remaining),
          'x-rate-limit-reset': String(Math.ceil(binding.resetAt / 1_000)),
        },
      };
    },
  };
}
