import 'server-only';

import { fetchWatchingDeparture } from './departure';
import { DataApiError, type DataApiErrorKind } from './errors';
import { DEPARTURE_GRACE_MS } from './rate/slots';
import { parseRefusal, readBounded } from './refusal';
import type { Answer, Call } from './transport';
import type { TransportLine } from './transport-line';
import { outOfTime, type Slot } from './transport-slot';

/** A failed attempt that a GET may try again, holding the error to throw if it may not. */
export class RetryableFailure extends Error {
  constructor(readonly error: DataApiError) {
    super(error.message);
  }
}

/** An attempt that did not go: it came to leave too long after its grant, and takes a new slot. */
export const MISSED = Symbol('missed its slot');

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const MAX_PAUSE_MS = 60_000;

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

/** Pauses the token's queue. A failure to record it costs this call nothing more: the answer still stands. */
async function pause({ options }: TransportLine, forMs: number): Promise<void> {
  await options.budget.pause(options.budgetKey, forMs).catch((error: unknown) => options.onBudgetError?.(error));
}

/**
 * The service says its window is spent. When our own log holds the calls that spent it (the third of three in a
 * second answers "0 left"), the log already keeps the next call out of that window, to the millisecond: waiting
 * for the header's reset, in whole seconds, would only cost up to a second per three calls. When the service counts
 * more than our log (calls we do not know of), hold the token's queue until its reset rather than earn a 429.
 */
async function respectRemaining({ options }: TransportLine, response: Response, sentAt: number): Promise<void> {
  if (response.headers.get('x-rate-limit-remaining')?.trim() !== '0') return;
  const header = response.headers.get('x-rate-limit-reset')?.trim() ?? '';
  const reset = Number(header);
  // Epoch seconds by the interface; a value this large can only be milliseconds; rate-limit middleware of the
  // service's platform is also known to send a date-time instead.
  const resetMs = Number.isFinite(reset) && header !== '' ? (reset > 1e11 ? reset : reset * 1_000) : Date.parse(header);
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
function reportDeparture(line: TransportLine, slot: Slot, leftAt: number | null): Promise<number> {
  const { options, clockOffset } = line;
  const lateByMs = leftAt === null ? null : leftAt + clockOffset.bound(leftAt, slot.at - slot.askedAt) - slot.at;
  return options.budget
    .departed(options.budgetKey, slot.at, lateByMs)
    .then((departedAt) => departedAt ?? slot.at)
    .catch((error: unknown) => {
      options.onBudgetError?.(error);
      return slot.at;
    });
}

/** The request of one attempt: the token, the answer it accepts, a POST's JSON body. */
function requestOf(token: string, call: Call, signal: AbortSignal): RequestInit {
  return {
    method: call.method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: call.binary ? '*/*' : 'application/json',
      ...(call.body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    // A redirect is not part of the interface; following one could carry the token elsewhere.
    redirect: 'manual',
    signal,
  };
}

/**
 * What may end an attempt: `due`, its answer being late (for a binary answer only its headers: `timer` ends them);
 * `tooLate`, its request not written within the slot's grace; a binary answer's whole download; the caller.
 */
function attemptSignals(line: TransportLine, call: Call, timeoutMs: number) {
  const headersDue = new AbortController();
  const timer = setTimeout(() => headersDue.abort(), timeoutMs);
  const due = call.binary ? headersDue.signal : AbortSignal.timeout(timeoutMs);
  const tooLate = new AbortController();
  const signals = [due, tooLate.signal];
  if (call.binary) signals.push(AbortSignal.timeout(line.downloadTimeoutMs));
  if (call.signal) signals.push(call.signal);
  return { timer, due, tooLate, signal: AbortSignal.any(signals) };
}

/** How an attempt's fetch ended when it threw. */
type Thrown = {
  due: AbortSignal;
  tooLate: AbortSignal;
  leaving: Promise<{ sent: boolean }>;
  departure: Promise<number>;
  /** The call's time left when the attempt started. */
  left: number;
};

/** An attempt whose fetch threw: it did not go (MISSED: it takes a new slot), or the error it ends with. */
async function afterThrown(
  line: TransportLine,
  call: Call,
  error: unknown,
  { due, tooLate, leaving, departure, left }: Thrown,
): Promise<typeof MISSED> {
  if (error instanceof DataApiError || error instanceof RetryableFailure) throw error;
  // Given up before it was written: it did not go, and takes a new slot.
  if (tooLate.aborted && !(await leaving).sent && !call.signal?.aborted) {
    await departure;
    return MISSED;
  }
  if (call.signal?.aborted) throw new DataApiError('unavailable');
  // Nothing listens there, or the name did not resolve: the request never left.
  if (refusedBeforeSending(error)) throw new RetryableFailure(new DataApiError('unavailable', { notSent: true }));
  // Cut by the call's deadline rather than by the attempt's own timeout: no time is left for a retry.
  if (due.aborted && left < line.attemptTimeoutMs) throw outOfTime(false);
  // Network failure or timeout: the request may or may not have reached the service.
  throw new RetryableFailure(new DataApiError('unavailable'));
}

/**
 * One attempt. A JSON answer is read whole inside the attempt, so the timeout covers its body and a body cut short
 * is retried like any network failure; a binary answer must only start within the timeout, then it streams.
 * A call that comes to leave more than DEPARTURE_GRACE_MS after asking for its slot does not go (`MISSED`): the
 * budget counts a departure never reported as that late at most. Leaving is the request's write, which may come
 * well after fetch is called (a connection to open, a busy process): a request not written by then is aborted
 * before it is (undici checks the signal before it writes), and counts as not sent.
 */
export async function attempt(
  line: TransportLine,
  call: Call,
  url: string,
  deadline: number,
  slot: Slot,
): Promise<Answer | typeof MISSED> {
  const { now } = line;
  const left = deadline - now();
  const timeoutMs = Math.max(1, Math.min(line.attemptTimeoutMs, left));
  const { timer, due, tooLate, signal } = attemptSignals(line, call, timeoutMs);
  const init = requestOf(line.options.token, call, signal);
  if (now() - slot.askedAt > DEPARTURE_GRACE_MS) {
    clearTimeout(timer);
    await reportDeparture(line, slot, null);
    return MISSED;
  }
  const graceTimer = setTimeout(() => tooLate.abort(), slot.askedAt + DEPARTURE_GRACE_MS - now());
  const { answering, left: leaving } = fetchWatchingDeparture(line.doFetch, url, init, now, () =>
    clearTimeout(graceTimer),
  );
  const departure = leaving.then(({ at, sent }) =>
    reportDeparture(line, slot, tooLate.signal.aborted && !sent ? null : at),
  );
  try {
    const response = await answering;
    clearTimeout(timer);
    clearTimeout(graceTimer);
    await respectRemaining(line, response, await departure);
    if (!response.ok) return failed(line, response, call);
    if (call.binary) return { response, text: null };
    return { response, text: await response.text() };
  } catch (error) {
    clearTimeout(timer);
    clearTimeout(graceTimer);
    return afterThrown(line, call, error, { due, tooLate: tooLate.signal, leaving, departure, left });
  }
}

/** The service answered with a failure: the error it maps to, retryable for 429 and 502/503/504. */
async function failed(line: TransportLine, response: Response, call: Call): Promise<never> {
  const { options } = line;
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
    await pause(line, retryAfterSeconds * 1_000);
    throw new RetryableFailure(new DataApiError('busy', { status, retryAfterSeconds }));
  }
  const error = new DataApiError(kindOfStatus(status), { status });
  // Marking the token is bookkeeping: if it fails, the caller still learns the token was refused.
  if (status === 401) await options.onUnauthorized?.().catch((error: unknown) => options.onBudgetError?.(error));
  if (RETRYABLE_STATUSES.has(status)) throw new RetryableFailure(error);
  throw error;
}
