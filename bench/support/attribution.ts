import { SERVICE_RATE_RULES } from '../../sandbox/data-api/rate-limit';
import type { LoggedRequest } from '../../sandbox/data-api/request-log';
import type { ViewSample } from './page-load';

/**
 * Which data-API calls the sandbox received for which page view, and how long the service itself took for them.
 * Each company's client is sequential and there is idle time between its views, so a call belongs to the view of
 * its company during which it arrived: exact, not a guess. The service time of a view is the union of its calls'
 * [arrival, arrival + durationMs] intervals: their sum when sequential, less when the page fanned out (reported).
 */
export type AttributedView = ViewSample & {
  calls: number;
  /** Union of the calls' service intervals, and their plain sum (they differ only when calls overlapped). */
  serviceMs: number;
  serviceSumMs: number;
  overlapped: boolean;
  /** View start to the first call's arrival (session, database, rate budget before the call); null without calls. */
  leadMs: number | null;
  /** Latency minus service time: what the add-on (and the network between) added. */
  overServiceMs: number;
  endpoints: string[];
};

export type RateSignals = {
  /** Answers 429 in the sandbox log. */
  tooManyRequests: number;
  /** Answers whose x-rate-limit-remaining was 0: the client then pauses the token until the window resets. */
  noneRemaining: number;
};

/** A path with its ids replaced, for counting calls by endpoint. */
const endpointOf = (r: LoggedRequest) => `${r.method} ${r.path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;

function unionMs(intervals: [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [from, to] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const [start, end] of sorted) {
    if (start > to) {
      if (to > from) total += to - from;
      [from, to] = [start, end];
    } else to = Math.max(to, end);
  }
  if (to > from) total += to - from;
  return total;
}

export function attribute(
  samples: readonly ViewSample[],
  log: readonly LoggedRequest[],
): { views: AttributedView[]; unattributed: number } {
  const byTenant = new Map<string, LoggedRequest[]>();
  for (const request of log) {
    const list = byTenant.get(request.tenantId ?? '') ?? [];
    list.push(request);
    byTenant.set(request.tenantId ?? '', list);
  }
  const used = new Set<LoggedRequest>();
  const views = samples.map((sample): AttributedView => {
    const calls = (byTenant.get(sample.tenantId) ?? []).filter((r) => r.at >= sample.startAt && r.at <= sample.endAt);
    for (const call of calls) used.add(call);
    const intervals = calls.map((r): [number, number] => [r.at, r.at + (r.durationMs ?? 0)]);
    const serviceMs = unionMs(intervals);
    const serviceSumMs = calls.reduce((sum, r) => sum + (r.durationMs ?? 0), 0);
    return {
      ...sample,
      calls: calls.length,
      serviceMs,
      serviceSumMs,
      // Arrival times are whole milliseconds: less than 1 ms of apparent overlap is rounding, not a fan-out.
      overlapped: serviceSumMs - serviceMs > 1,
      leadMs: calls.length > 0 ? Math.min(...calls.map((r) => r.at)) - sample.startAt : null,
      overServiceMs: sample.latencyMs - serviceMs,
      endpoints: calls.map(endpointOf),
    };
  });
  return { views, unattributed: log.filter((r) => !used.has(r)).length };
}

/**
 * The sandbox's limiter replayed over its own log: for every call that reached the limiter, how many earlier calls of
 * the same token each window still held. None remaining after this call means the add-on's client pauses that token.
 */
const KEEP = Math.max(...SERVICE_RATE_RULES.map((rule) => rule.limit));

export function rateSignals(log: readonly LoggedRequest[]): RateSignals {
  const counted = log.filter((r) => r.status !== 429 && r.status !== 401 && r.tokenFingerprint !== null);
  const byToken = new Map<string, number[]>();
  let noneRemaining = 0;
  for (const request of counted) {
    const earlier = byToken.get(request.tokenFingerprint as string) ?? [];
    const remaining = Math.min(
      ...SERVICE_RATE_RULES.map(
        (rule) => rule.limit - earlier.filter((at) => at > request.at - rule.windowMs).length - 1,
      ),
    );
    if (remaining <= 0) noneRemaining++;
    earlier.push(request.at);
    // No window holds more than its limit: the largest limit's worth of arrivals is all any rule can still see.
    if (earlier.length > KEEP) earlier.shift();
    byToken.set(request.tokenFingerprint as string, earlier);
  }
  return { tooManyRequests: log.filter((r) => r.status === 429).length, noneRemaining };
}
