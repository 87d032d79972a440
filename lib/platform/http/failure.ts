import 'server-only';

import { type Answer, errorResponse, isAnswerable } from '@/lib/base/errors';
import { isDatabaseUnavailable } from '@/lib/platform/db-errors';

/**
 * The one mapping from a thrown error to what a user or a caller is told. Every answer of ours that reports a
 * failure (the one JSON error shape, a failure page, a page's problem panel) renders a Failure made here. Errors that
 * know what they mean carry their answer (`Answerable`: HttpError, the data API's errors, the key set's); a database
 * that cannot be reached is unavailable; anything else is our own fault, answered as internal and logged in full.
 */

export type Failure = Answer & {
  /** Nothing anticipated this error: it is logged with its description, and the caller learns only "internal". */
  unexpected: boolean;
};

export function failureOf(error: unknown): Failure {
  if (isAnswerable(error)) return { ...error.answer, unexpected: false };
  if (isDatabaseUnavailable(error)) return { code: 'unavailable', reason: 'database_unavailable', unexpected: false };
  return { code: 'internal', reason: 'unexpected_error', unexpected: true };
}

/** The headers every rendering of a failure carries: when to try again, for a refusal that says to. */
export function failureHeaders(failure: Pick<Failure, 'code' | 'retryAfterSeconds'>): Record<string, string> {
  return failure.code === 'rate_limited' ? { 'Retry-After': String(failure.retryAfterSeconds ?? 1) } : {};
}

/** The failure in the one JSON error shape. */
export function failureJson(
  failure: Pick<Failure, 'code' | 'retryAfterSeconds'>,
  headers: Record<string, string> = {},
) {
  return errorResponse(failure.code, { ...headers, ...failureHeaders(failure) });
}
