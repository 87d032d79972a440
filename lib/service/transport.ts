import 'server-only';

import pRetry, { type Options } from 'p-retry';

import { DataApiError, type DataApiErrorKind } from './errors';
import type { RateBudget } from './rate/budget';
import type { Priority } from './rate/slots';
import { attempt, MISSED, RetryableFailure } from './transport-attempt';
import { type TransportLine, transportLine } from './transport-line';
import { takeSlot } from './transport-slot';

/**
 * One data-API request with everything the service's limits ask for: a slot from the token's shared budget before
 * every attempt, a timeout per attempt, GET retries (network errors and 502/503/504 with jittered backoff; 429 after
 * the whole token's queue has paused for `retry-after`), never a retried POST (the service's 120-second duplicate
 * window would answer 409), and each failure mapped to one DataApiError kind. The steps live beside it: the slot
 * (transport-slot.ts), one attempt and its failures (transport-attempt.ts), the options' defaults (transport-line.ts).
 */

export type TransportOptions = {
  /** Base address of the data API, without `/api`. */
  baseUrl: string;
  token: string;
  /** Key of the token's budget: a fingerprint, never the token. */
  budgetKey: string;
  budget: RateBudget;
  /** Longest wait for a slot before the call fails as busy. */
  maxQueueWaitMs?: number;
  /** Time allowed for an attempt's answer (JSON bodies included). */
  attemptTimeoutMs?: number;
  /** Time allowed for the whole call (queueing, attempts, retries), unless the call brings an earlier deadline. */
  callTimeoutMs?: number;
  /** Time allowed for streaming a binary body once its headers have arrived. */
  downloadTimeoutMs?: number;
  /** Retries of a GET after the first attempt. */
  retries?: number;
  /** First backoff of a retried GET; it doubles, with jitter, up to 8 times this. */
  backoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Called once when the service answers 401, before the error is thrown. */
  onUnauthorized?: () => Promise<void>;
  /** Called when recording a pause or a refused token failed (the call's own answer is not affected). */
  onBudgetError?: (error: unknown) => void;
  /** Called once per request with non-secret facts for the log. */
  onOutcome?: (outcome: CallOutcome) => void;
};

export type Call = {
  method: 'GET' | 'POST';
  /** Path under the base address, e.g. `/api/invoices/12`; its parameters already validated and encoded. */
  path: string;
  query?: URLSearchParams;
  /** JSON body of a POST. */
  body?: unknown;
  /** Path template for logs, e.g. `GET /api/invoices/{id}`: no ids, no query values. */
  endpoint: string;
  /** A binary answer is streamed through; its headers are checked against the attempt timeout only. */
  binary?: boolean;
  signal?: AbortSignal;
  /**
   * When the caller stops waiting (the transport's clock, ms since the epoch): the queue wait, every attempt and
   * every retry end by then, and a call cut by it fails with `deadlineExceeded`. A page's calls share one
   * (lib/features/documents/load.ts); without one a call has `callTimeoutMs`.
   */
  deadline?: number;
  /** 'page' (the default) goes before every 'background' call of the token that is still waiting (the sync's). */
  priority?: Priority;
};

export type CallOutcome = {
  endpoint: string;
  status: number | null;
  kind: DataApiErrorKind | null;
  attempts: number;
  /** 429 answers among the attempts (a retried GET may have had several). */
  rateLimited: number;
  queuedMs: number;
  durationMs: number;
  priority: Priority;
};

/** A successful answer: a JSON body already read as text, or a binary one still to stream. */
export type Answer = { response: Response; text: string | null };

export type Transport = { send(call: Call): Promise<Answer> };

export function createTransport(options: TransportOptions): Transport {
  const line = transportLine(options);
  return { send: (call) => send(line, call) };
}

/** What a call's outcome counts across its attempts. */
type Tally = { attempts: number; rateLimited: number; queuedMs: number };

/**
 * One call: each attempt takes its slot first (again when it missed it), a GET retries what may be retried within
 * the call's deadline, and the outcome is reported once, answered or failed.
 */
async function send(line: TransportLine, call: Call): Promise<Answer> {
  const url = `${line.base}${call.path}${call.query && [...call.query].length > 0 ? `?${call.query}` : ''}`;
  const started = performance.now();
  const { now } = line;
  const deadline = Math.min(now() + line.callTimeoutMs, call.deadline ?? Number.POSITIVE_INFINITY);
  const tally: Tally = { attempts: 0, rateLimited: 0, queuedMs: 0 };
  const priority = call.priority ?? 'page';
  const report = (status: number | null, kind: DataApiErrorKind | null) =>
    line.options.onOutcome?.({
      endpoint: call.endpoint,
      status,
      kind,
      attempts: tally.attempts,
      rateLimited: tally.rateLimited,
      queuedMs: tally.queuedMs,
      durationMs: performance.now() - started,
      priority,
    });
  try {
    const answer = await pRetry(
      async () => {
        tally.attempts += 1;
        for (;;) {
          const slot = await takeSlot(line, deadline, priority);
          tally.queuedMs += slot.queuedMs;
          const answer = await attempt(line, call, url, deadline, slot);
          if (answer !== MISSED) return answer;
        }
      },
      retryOptions(line, call, deadline, tally),
    );
    report(answer.response.status, null);
    return answer;
  } catch (thrown) {
    const error = thrown instanceof RetryableFailure ? thrown.error : thrown;
    const failure = error instanceof DataApiError ? error : new DataApiError('unavailable');
    report(failure.status ?? null, failure.kind);
    throw failure;
  }
}

/** GETs only are retried (a retried POST would meet the service's duplicate window), with jittered backoff. */
function retryOptions(line: TransportLine, call: Call, deadline: number, tally: Tally): Options {
  const { now } = line;
  return {
    retries: call.method === 'GET' ? line.retries : 0,
    minTimeout: line.backoffMs,
    maxTimeout: line.backoffMs * 8,
    factor: 2,
    randomize: true,
    // A backoff never runs past the deadline: the retry after it would find no time left and not be sent.
    maxRetryTime: Math.max(0, deadline - now()),
    shouldRetry: ({ error }) => error instanceof RetryableFailure,
    onFailedAttempt: ({ error }) => {
      if (error instanceof RetryableFailure && error.error.status === 429) tally.rateLimited += 1;
    },
  };
}
