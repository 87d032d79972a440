import 'server-only';

import pRetry from 'p-retry';

import { fetchWatchingDeparture } from './departure';
import { DataApiError, type DataApiErrorKind } from './errors';
import type { RateBudget } from './rate/budget';
import { type ClockOffset, createClockOffset } from './rate/clock-offset';
import { DEPARTURE_GRACE_MS, type Priority, type Reservation } from './rate/slots';
import { parseRefusal, readBounded } from './refusal';

/**
 * One data-API request with everything the service's limits ask for: a slot from the token's shared budget before
 * every attempt, a timeout per attempt, GET retries (network errors and 502/503/504 with jittered backoff; 429 after
 * the whole token's queue has paused for `retry-after`), never a retried POST (the service's 120-second duplicate
 * window would answer 409), and each failure mapped to one DataApiError kind.
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

/** A failed attempt that a GET may try again, holding the error to throw if it may not. */
class RetryableFailure extends Error {
  constructor(readonly error: DataApiError) {
    super(error.message);
  }
}

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const MAX_PAUSE_MS = 60_000;
/** An attempt is not started with less time than this before the deadline: its answer could hardly arrive. */
export const MIN_ATTEMPT_MS = 250;

/**
 * The call's time ran out before the service answered: while waiting for a slot (`notSent`: nothing left), or with
 * the request under way (it may have arrived).
 */
const outOfTime = (notSent: boolean) => new DataApiError('unavailable', { deadlineExceeded: true, notSent });

/**
 * Failures of fetch that happen before a byte of the request is written: the address did not resolve, or nothing
 * listens there. A reset, a timeout or a closed socket may come after the request arrived, and are not among them.
 */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

function refusedBeforeSending(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, errors, cause } = current as { code?: unknown; errors?: unknown; cause?: unknown };
    // Several addresses tried in turn (IPv6, then IPv4): refused only when every one of them refused.
    if (Array.isArray(errors) && errors.length > 0) return errors.every(refusedBeforeSending);
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true;
    current = cause;
  }
  return false;
}

/** retry-after: whole seconds or an HTTP date; at least one second, at most a minute. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (!value) return 1;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - now) / 1_000;
  return Number.isFinite(seconds) ? Math.min(60, Math.max(1, Math.ceil(seconds))) : 1;
}

const statusKinds: Record<number, DataApiErrorKind> = {
  400: 'rejected',
  401: 'unauthorized',
  402: 'payment-required',
  403: 'forbidden',
  404: 'not-found',
  408: 'unavailable',
  409: 'duplicate',
};

function kindOfStatus(status: number): DataApiErrorKind {
  return statusKinds[status] ?? (status >= 500 ? 'unavailable' : 'unexpected-status');
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A slot granted to go now: the budget's send time `at`, and `askedAt`, when it was asked for (the transport's clock). */
type Slot = { queuedMs: number; at: number; askedAt: number };

/** An attempt that did not go: it came to leave too long after its grant, and takes a new slot. */
const MISSED = Symbol('missed its slot');

/** A successful answer: a JSON body already read as text, or a binary one still to stream. */
export type Answer = { response: Response; text: string | null };

export type Transport = { send(call: Call): Promise<Answer> };

/** Per budget (every transport of a process shares the one budget, and so its clock). */
const clockOffsets = new WeakMap<RateBudget, ClockOffset>();

function clockOffsetOf(budget: RateBudget): ClockOffset {
  let offset = clockOffsets.get(budget);
  if (!offset) clockOffsets.set(budget, (offset = createClockOffset()));
  return offset;
}

export function createTransport(options: TransportOptions): Transport {
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
  const doFetch = options.fetch ?? fetch;
  const clockOffset = clockOffsetOf(options.budget);
  const base = options.baseUrl.replace(/\/+$/, '');

  /**
   * Waits for the token's next slot; fails as busy when it is further away than the queue may wait. A page call that
   * had to wait confirms its slot when it wakes: it goes when every window holds against the calls already due, else
   * it waits again. So a late wake-up (a busy event loop, a slow database) never sends into the windows of the calls
   * before it, and a pause set meanwhile (a 429 to a call ahead of it, in any instance) holds it too. A background
   * call holds no slot while it waits: it asks again when it wakes, and yields to any page call waiting by then.
   * Answers the time queued, the send time granted (the budget's clock) and when the granting request was made (this
   * transport's clock): the grant came after it, so the time since is at least how late the call leaves.
   */
  async function takeSlot(deadline: number, priority: Priority): Promise<Slot> {
    let queuedMs = 0;
    // The slot this page call waited for, confirmed when it wakes.
    let planned: number | null = null;
    for (;;) {
      // The wait may use the call's time up to the last moment an attempt is still worth sending.
      const usable = deadline - now() - MIN_ATTEMPT_MS;
      if (usable < 0) throw outOfTime(true);
      const queueLeft = maxQueueWaitMs - queuedMs;
      const maxWaitMs = Math.min(queueLeft, usable);
      const askedAt = now();
      const reservation: Reservation =
        planned === null
          ? await options.budget.reserve(options.budgetKey, maxWaitMs, priority)
          : await options.budget.confirm(options.budgetKey, planned, maxWaitMs);
      if (!reservation.granted) {
        // Busy either way (the wait is the token's queue); marked when the deadline, not the queue bound, refused it.
        // Counted from now: the time already spent in the queue is behind the user, not ahead of them.
        const retryAfterSeconds = Math.max(1, Math.ceil(reservation.waitMs / 1_000));
        throw new DataApiError('busy', { retryAfterSeconds, deadlineExceeded: usable < queueLeft, notSent: true });
      }
      if (reservation.waitMs === 0) {
        clockOffset.note(askedAt, reservation.at, now());
        return { queuedMs, at: reservation.at, askedAt };
      }
      await sleep(reservation.waitMs);
      queuedMs += reservation.waitMs;
      if (priority === 'page') planned = reservation.at;
    }
  }

  /** Pauses the token's queue. A failure to record it costs this call nothing more: the answer still stands. */
  async function pause(forMs: number): Promise<void> {
    await options.budget.pause(options.budgetKey, forMs).catch((error: unknown) => options.onBudgetError?.(error));
  }

  /**
   * The service says its window is spent. When our own log holds the calls that spent it (the third of three in a
   * second answers "0 left"), the log already keeps the next call out of that window, to the millisecond: waiting
   * for the header's reset, in whole seconds, would only cost up to a second per three calls. When the service counts
   * more than our log (calls we do not know of), hold the token's queue until its reset rather than earn a 429.
   */
  async function respectRemaining(response: Response, sentAt: number): Promise<void> {
    if (response.headers.get('x-rate-limit-remaining')?.trim() !== '0') return;
    const header = response.headers.get('x-rate-limit-reset')?.trim() ?? '';
    const reset = Number(header);
    // Epoch seconds by the interface; a value this large can only be milliseconds; rate-limit middleware of the
    // service's platform is also known to send a date-time instead.
    const resetMs =
      Number.isFinite(reset) && header !== '' ? (reset > 1e11 ? reset : reset * 1_000) : Date.parse(header);
    if (!Number.isFinite(resetMs) || resetMs <= 0) return;
    // The reset is the service's wall-clock time, so it is compared with ours, not with an injected clock.
    const forMs = Math.min(MAX_PAUSE_MS, resetMs - Date.now());
    if (forMs <= 0) return;
    await options.budget
      .windowSpent(options.budgetKey, sentAt, forMs)
      .catch((error: unknown) => options.onBudgetError?.(error));
  }

  /**
   * Tells the budget when the call granted `slot` left (`leftAt`, when its request was written, by this transport's
   * clock; see departure.ts) or that it did not go (`null`). Until then the slot counts as leaving at every moment,
   * so the token's next calls are spaced from the real departure, whatever delayed it after the grant. The budget's
   * clock is reached through the tightest recent bound of its offset (rate/clock-offset.ts), never earlier than the
   * call left. Answers the send time the budget recorded, or the grant's when the bookkeeping failed (the call goes on).
   */
  function reportDeparture(slot: Slot, leftAt: number | null): Promise<number> {
    const lateByMs = leftAt === null ? null : leftAt + clockOffset.bound(leftAt, slot.at - slot.askedAt) - slot.at;
    return options.budget
      .departed(options.budgetKey, slot.at, lateByMs)
      .then((departedAt) => departedAt ?? slot.at)
      .catch((error: unknown) => {
        options.onBudgetError?.(error);
        return slot.at;
      });
  }

  /**
   * One attempt. A JSON answer is read whole inside the attempt, so the timeout covers its body and a body cut short
   * is retried like any network failure; a binary answer must only start within the timeout, then it streams.
   * A call that comes to leave more than DEPARTURE_GRACE_MS after asking for its slot does not go (`MISSED`): the
   * budget counts a departure never reported as that late at most. Leaving is the request's write, which may come
   * well after fetch is called (a connection to open, a busy process): a request not written by then is aborted
   * before it is (undici checks the signal before it writes), and counts as not sent.
   */
  async function attempt(call: Call, url: string, deadline: number, slot: Slot): Promise<Answer | typeof MISSED> {
    const left = deadline - now();
    const timeoutMs = Math.max(1, Math.min(attemptTimeoutMs, left));
    const headersDue = new AbortController();
    const timer = setTimeout(() => headersDue.abort(), timeoutMs);
    const due = call.binary ? headersDue.signal : AbortSignal.timeout(timeoutMs);
    const tooLate = new AbortController();
    const signals = [due, tooLate.signal];
    if (call.binary) signals.push(AbortSignal.timeout(downloadTimeoutMs));
    if (call.signal) signals.push(call.signal);

    const init: RequestInit = {
      method: call.method,
      headers: {
        Authorization: `Bearer ${options.token}`,
        Accept: call.binary ? '*/*' : 'application/json',
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      // A redirect is not part of the interface; following one could carry the token elsewhere.
      redirect: 'manual',
      signal: AbortSignal.any(signals),
    };
    if (now() - slot.askedAt > DEPARTURE_GRACE_MS) {
      clearTimeout(timer);
      await reportDeparture(slot, null);
      return MISSED;
    }
    const graceTimer = setTimeout(() => tooLate.abort(), slot.askedAt + DEPARTURE_GRACE_MS - now());
    const { answering, left: leaving } = fetchWatchingDeparture(doFetch, url, init, now, () =>
      clearTimeout(graceTimer),
    );
    const departure = leaving.then(({ at, sent }) =>
      reportDeparture(slot, tooLate.signal.aborted && !sent ? null : at),
    );
    try {
      const response = await answering;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      await respectRemaining(response, await departure);
      if (!response.ok) return failed(response, call);
      if (call.binary) return { response, text: null };
      return { response, text: await response.text() };
    } catch (error) {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      if (error instanceof DataApiError || error instanceof RetryableFailure) throw error;
      // Given up before it was written: it did not go, and takes a new slot.
      if (tooLate.signal.aborted && !(await leaving).sent && !call.signal?.aborted) {
        await departure;
        return MISSED;
      }
      if (call.signal?.aborted) throw new DataApiError('unavailable');
      // Nothing listens there, or the name did not resolve: the request never left.
      if (refusedBeforeSending(error)) throw new RetryableFailure(new DataApiError('unavailable', { notSent: true }));
      // Cut by the call's deadline rather than by the attempt's own timeout: no time is left for a retry.
      if (due.aborted && left < attemptTimeoutMs) throw outOfTime(false);
      // Network failure or timeout: the request may or may not have reached the service.
      throw new RetryableFailure(new DataApiError('unavailable'));
    }
  }

  async function failed(response: Response, call: Call): Promise<never> {
    const status = response.status;
    if (call.method === 'POST' && (status === 400 || status === 409)) {
      // An upload's refusal names what the service found wrong with its documents (400), or the request it repeats
      // (409): the import keeps that for the user (lib/owners/imports/). It is never logged: outcomes carry no body.
      const refusal = parseRefusal(await readBounded(response.body));
      throw new DataApiError(kindOfStatus(status), { status, refusal });
    }
    // The body of any other failure is never read: nothing upstream reaches a page or a log.
    await response.body?.cancel().catch(() => {});
    if (status === 429) {
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      // Every call of this token waits, in every instance, not only this one.
      await pause(retryAfterSeconds * 1_000);
      throw new RetryableFailure(new DataApiError('busy', { status, retryAfterSeconds }));
    }
    const error = new DataApiError(kindOfStatus(status), { status });
    // Marking the token is bookkeeping: if it fails, the caller still learns the token was refused.
    if (status === 401) await options.onUnauthorized?.().catch((error: unknown) => options.onBudgetError?.(error));
    if (RETRYABLE_STATUSES.has(status)) throw new RetryableFailure(error);
    throw error;
  }

  return {
    async send(call) {
      const url = `${base}${call.path}${call.query && [...call.query].length > 0 ? `?${call.query}` : ''}`;
      const started = performance.now();
      const deadline = Math.min(now() + callTimeoutMs, call.deadline ?? Number.POSITIVE_INFINITY);
      let queuedMs = 0;
      let attempts = 0;
      let rateLimited = 0;
      const priority = call.priority ?? 'page';
      try {
        const answer = await pRetry(
          async () => {
            attempts += 1;
            for (;;) {
              const slot = await takeSlot(deadline, priority);
              queuedMs += slot.queuedMs;
              const answer = await attempt(call, url, deadline, slot);
              if (answer !== MISSED) return answer;
            }
          },
          {
            retries: call.method === 'GET' ? retries : 0,
            minTimeout: backoffMs,
            maxTimeout: backoffMs * 8,
            factor: 2,
            randomize: true,
            // A backoff never runs past the deadline: the retry after it would find no time left and not be sent.
            maxRetryTime: Math.max(0, deadline - now()),
            shouldRetry: ({ error }) => error instanceof RetryableFailure,
            onFailedAttempt: ({ error }) => {
              if (error instanceof RetryableFailure && error.error.status === 429) rateLimited += 1;
            },
          },
        );
        options.onOutcome?.({
          endpoint: call.endpoint,
          status: answer.response.status,
          kind: null,
          attempts,
          rateLimited,
          queuedMs,
          durationMs: performance.now() - started,
          priority,
        });
        return answer;
      } catch (thrown) {
        const error = thrown instanceof RetryableFailure ? thrown.error : thrown;
        const failure = error instanceof DataApiError ? error : new DataApiError('unavailable');
        options.onOutcome?.({
          endpoint: call.endpoint,
          status: failure.status ?? null,
          kind: failure.kind,
          attempts,
          rateLimited,
          queuedMs,
          durationMs: performance.now() - started,
          priority,
        });
        throw failure;
      }
    },
  };
}
