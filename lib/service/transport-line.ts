import 'server-only';

import type { RateBudget } from './rate/budget';
import { type ClockOffset, createClockOffset } from './rate/clock-offset';
import type { TransportOptions } from './transport';

/**
 * A transport's options with their defaults filled in, and what its steps share: the fetch, the base address and
 * the budget's clock offset. Each step of a call (its slot, its attempts, its retries) reads this one value, so the
 * steps can live as plain functions beside each other instead of closures inside createTransport.
 */
export type TransportLine = {
  options: TransportOptions;
  maxQueueWaitMs: number;
  attemptTimeoutMs: number;
  callTimeoutMs: number;
  downloadTimeoutMs: number;
  retries: number;
  backoffMs: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  doFetch: typeof fetch;
  clockOffset: ClockOffset;
  /** The base address without its trailing slashes. */
  base: string;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Per budget (every transport of a process shares the one budget, and so its clock). */
const clockOffsets = new WeakMap<RateBudget, ClockOffset>();

function clockOffsetOf(budget: RateBudget): ClockOffset {
  let offset = clockOffsets.get(budget);
  if (!offset) clockOffsets.set(budget, (offset = createClockOffset()));
  return offset;
}

export function transportLine(options: TransportOptions): TransportLine {
  const {
    maxQueueWaitMs = 10_000,
    attemptTimeoutMs = 10_000,
    callTimeoutMs = 30_000,
    downloadTimeoutMs = 120_000,
    retries = 3,
    backoffMs = 250,
    sleep = defaultSleep,
    now = Date.now,
  } = options;
  return {
    options,
    maxQueueWaitMs,
    attemptTimeoutMs,
    callTimeoutMs,
    downloadTimeoutMs,
    retries,
    backoffMs,
    sleep,
    now,
    doFetch: options.fetch ?? fetch,
    clockOffset: clockOffsetOf(options.budget),
    base: options.baseUrl.replace(/\/+$/, ''),
  };
}
