import { performance } from 'node:perf_hooks';

/** Nearest-rank percentile: a value that was actually observed, no interpolation. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export type Latency = { count: number; p50: number; p95: number; p99: number; max: number };

export function summarize(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

/** How many items fall under each key. */
export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

export const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** The share of attempts that failed; a run that attempted nothing counts as failed throughout (1). */
export const errorRate = (failed: number, attempted: number) => (attempted === 0 ? 1 : failed / attempted);

/** A total (CPU ms, say) per attempt, to two decimals; no attempts divide by one, so the figure stays finite. */
export const perAttempt = (total: number, attempts: number) => Math.round((total / Math.max(1, attempts)) * 100) / 100;

/** The middle value (the upper of the two middle ones for an even count), as the in-process benchmarks judge runs. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Times `run` `runs` times after `warmups` untimed ones, each to the end of its promise: the latency of the runs, and
 * the note the last one answered (what it read, say).
 */
export async function timedRuns(
  warmups: number,
  runs: number,
  run: () => Promise<string> | string,
): Promise<{ latency: Latency; note: string }> {
  for (let warm = 0; warm < warmups; warm += 1) await run();
  const samples: number[] = [];
  let note = '';
  for (let n = 0; n < runs; n += 1) {
    const started = performance.now();
    note = await run();
    samples.push(performance.now() - started);
  }
  return { latency: summarize(samples), note };
}
