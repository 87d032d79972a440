import 'server-only';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import type { ErrorCode } from '@/lib/http/errors';
import type { DocumentTexts } from '@/lib/i18n/documents';
import { isDataApiError } from '@/lib/service/errors';

/**
 * Which failure a company request ended in, and what that failure is on the wire: its status, its code in the one
 * error shape, and the reason code of the log line. The answers themselves (pages, JSON) are in failure-answers.ts.
 */

export type Failure = keyof DocumentTexts['downloadErrors'] | 'internal';

export const statusOf: Record<Failure, number> = {
  badRequest: 400,
  signedOut: 401,
  payment: 402,
  forbidden: 403,
  disconnected: 403,
  notFound: 404,
  busy: 429,
  internal: 500,
  badGateway: 502,
  unavailable: 503,
};

export const errorCodeOf: Record<Failure, ErrorCode> = {
  badRequest: 'bad_request',
  signedOut: 'unauthorized',
  payment: 'payment_required',
  forbidden: 'forbidden',
  disconnected: 'connection_inactive',
  notFound: 'not_found',
  busy: 'rate_limited',
  internal: 'internal',
  badGateway: 'bad_gateway',
  unavailable: 'unavailable',
};

/** Which failure a thrown error is, for the user and for the log. */
export function failureOf(error: unknown): { failure: Failure; retryAfterSeconds?: number } {
  if (isDataApiError(error)) {
    switch (error.kind) {
      case 'not-found':
      case 'invalid-input':
        return { failure: 'notFound' };
      case 'not-connected':
      case 'unauthorized':
        return { failure: 'disconnected' };
      case 'payment-required':
        return { failure: 'payment' };
      case 'forbidden':
        return { failure: 'forbidden' };
      case 'busy':
        return { failure: 'busy', retryAfterSeconds: error.retryAfterSeconds ?? 1 };
      case 'unavailable':
        return { failure: 'unavailable' };
      default:
        return { failure: 'badGateway' };
    }
  }
  if (isDatabaseUnavailable(error)) return { failure: 'unavailable' };
  return { failure: 'internal' };
}

/** The log line's reason code for a thrown error of the given failure. */
export function reasonOf(error: unknown, failure: Failure): string {
  return isDataApiError(error)
    ? `data_api_${error.kind}`
    : failure === 'internal'
      ? 'unexpected_error'
      : 'database_unavailable';
}
