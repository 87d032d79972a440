/**
 * Fixed buckets for the time a data-API call waits for its token's budget, shared by the Prometheus histogram
 * (lib/platform/metrics/registry.ts, in seconds) and the durable hourly records (ops_data_api_usage.wait_buckets). Fixed
 * bounds let any number of hours and instances be added bucket by bucket, and percentiles be read from the sums.
 * A page call that waits at all waits ~0.4–1.2 s (three calls per 1.15 s); the sync's calls up to the queue bound (10 s).
 * Pure: no imports.
 */
export const OPS_WAIT_BUCKETS_MS = [0, 10, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000] as const;

/** One count per bound, and one more for waits beyond the last bound. */
export const OPS_WAIT_BUCKET_COUNT = OPS_WAIT_BUCKETS_MS.length + 1;

export function waitBucketOf(waitMs: number): number {
  const index = OPS_WAIT_BUCKETS_MS.findIndex((bound) => waitMs <= bound);
  return index === -1 ? OPS_WAIT_BUCKETS_MS.length : index;
}

export const emptyWaitBuckets = (): number[] => new Array<number>(OPS_WAIT_BUCKET_COUNT).fill(0);

/** Adds `more` into `into`, bucket by bucket (arrays of OPS_WAIT_BUCKET_COUNT; a shorter one counts as zeros). */
export function addWaitBuckets(into: number[], more: readonly number[]): number[] {
  for (let i = 0; i < OPS_WAIT_BUCKET_COUNT; i += 1) into[i] = (into[i] ?? 0) + (more[i] ?? 0);
  return into;
}

/**
 * The q-quantile (0 < q ≤ 1) of the waits counted in `buckets`, in ms, interpolated linearly inside its bucket as
 * Prometheus' histogram_quantile does; a quantile in the open last bucket answers the last bound (the wait was at
 * least that). Null when nothing was counted.
 */
export function waitQuantileMs(buckets: readonly number[], q: number): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < OPS_WAIT_BUCKET_COUNT; i += 1) {
    const count = buckets[i] ?? 0;
    if (count > 0 && below + count >= rank) {
      if (i >= OPS_WAIT_BUCKETS_MS.length) return OPS_WAIT_BUCKETS_MS[OPS_WAIT_BUCKETS_MS.length - 1]!;
      const upper = OPS_WAIT_BUCKETS_MS[i]!;
      const lower = i === 0 ? 0 : OPS_WAIT_BUCKETS_MS[i - 1]!;
      return Math.round(lower + (upper - lower) * ((rank - below) / count));
    }
    below += count;
  }
  return OPS_WAIT_BUCKETS_MS[OPS_WAIT_BUCKETS_MS.length - 1]!;
}
