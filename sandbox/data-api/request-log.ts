import { createHash } from 'node:crypto';

/**
 * Every request the data API receives, so tests can prove a client never exceeded the limits. Tokens are never
 * kept: only a fingerprint (first 8 hex digits of their SHA-256), enough to tell connections apart.
 */
export interface LoggedRequest {
  /** Arrival, epoch milliseconds from the sandbox's clock. */
  at: number;
  tenantId: string | null;
  tokenFingerprint: string | null;
  method: string;
  path: string;
  /** The query string including `?`, or empty. */
  query: string;
  /** Null until the answer is sent (or when the client went away first). */
  status: number | null;
  /** Real milliseconds from arrival until the answer was sent; null until then. */
  durationMs: number | null;
}

export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 8);
}

/** Enough for any test and for hours of `npm run dev`, while a forgotten sandbox cannot grow without bound. */
const MAX_ENTRIES = 20_000;

export interface RequestLog {
  /** Records an arrival; the returned entry is filled in with the status when the answer goes out. */
  record(entry: Omit<LoggedRequest, 'status' | 'durationMs'>): LoggedRequest;
  list(): LoggedRequest[];
  reset(): void;
}

export function createRequestLog(): RequestLog {
  let entries: LoggedRequest[] = [];
  return {
    record(entry) {
      const logged: LoggedRequest = { ...entry, status: null, durationMs: null };
      entries.push(logged);
      if (entries.length > MAX_ENTRIES) entries = entries.slice(-MAX_ENTRIES);
      return logged;
    },
    list: () => entries.map((entry) => ({ ...entry })),
    reset: () => {
      entries = [];
    },
  };
}

/**
 * The most requests one token sent within any window of `windowMs` (a window starting at a request's arrival and
 * ending just before `windowMs` later, as the sandbox's limiter counts). Requests without a token belong to no
 * connection and are left out.
 */
export function maxRequestsInAnyWindow(
  requests: readonly Pick<LoggedRequest, 'at' | 'tokenFingerprint'>[],
  windowMs: number,
): number {
  const byToken = new Map<string, number[]>();
  for (const request of requests) {
    if (request.tokenFingerprint === null) continue;
    const list = byToken.get(request.tokenFingerprint) ?? [];
    list.push(request.at);
    byToken.set(request.tokenFingerprint, list);
  }
  let max = 0;
  for (const times of byToken.values()) {
    times.sort((a, b) => a - b);
    let start = 0;
    for (let end = 0; end < times.length; end += 1) {
      while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start += 1;
      max = Math.max(max, end - start + 1);
    }
  }
  return max;
}
