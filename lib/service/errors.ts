import 'server-only';

import type { Answer, Answerable, ErrorCode } from '@/lib/base/errors';

/**
 * Every way a data-API call can fail, as one typed error for the pages. The message is generic and fixed per kind:
 * it never carries the upstream body, the URL's query or the token. `fields` names the inputs a violation concerns
 * (names only, never values).
 */
export type DataApiErrorKind =
  /** Our input broke the interface's rules; nothing was sent. */
  | 'invalid-input'
  /** The company has no usable token with us (none delivered, or already rejected). Nothing was sent. */
  | 'not-connected'
  /** 401: the token was revoked, deleted or reset in the service. */
  | 'unauthorized'
  /** 402: the company lacks the service's API package. */
  | 'payment-required'
  /** 403 */
  | 'forbidden'
  /** 404 */
  | 'not-found'
  /** 400 from the service: it refused a request we thought valid. */
  | 'rejected'
  /** 409: an identical upload inside the service's 120-second duplicate window. */
  | 'duplicate'
  /** 429 after the retries, or no budget within the wait bound: try again after `retryAfterSeconds`. */
  | 'busy'
  /** 5xx, a timeout or a network failure, after the retries GET is allowed. */
  | 'unavailable'
  /** A 2xx answer that does not have the expected shape. */
  | 'malformed-response'
  /** Any other status. */
  | 'unexpected-status';

const messages: Record<DataApiErrorKind, string> = {
  'invalid-input': 'The request to the data API is invalid.',
  'not-connected': 'The company has no usable data-API connection.',
  unauthorized: 'The data API rejected the access token.',
  'payment-required': 'The company lacks the data-API package.',
  forbidden: 'The data API does not permit this request.',
  'not-found': 'The data API has no such record.',
  rejected: 'The data API refused the request as malformed.',
  duplicate: 'The data API is already processing an identical request.',
  busy: 'The data API is busy.',
  unavailable: 'The data API is not available.',
  'malformed-response': 'The data API answered in an unexpected shape.',
  'unexpected-status': 'The data API answered with an unexpected status.',
};

/**
 * What each failure means to our own caller. A token the service refused is our connection's problem (403
 * connection_inactive), never the user's sign-in (401); an answer we cannot use is a bad gateway; input the client
 * refused to send names nothing that can exist.
 */
const answerCodes: Record<DataApiErrorKind, ErrorCode> = {
  'invalid-input': 'not_found',
  'not-found': 'not_found',
  'not-connected': 'connection_inactive',
  unauthorized: 'connection_inactive',
  'payment-required': 'payment_required',
  forbidden: 'forbidden',
  busy: 'rate_limited',
  unavailable: 'unavailable',
  rejected: 'bad_gateway',
  duplicate: 'bad_gateway',
  'malformed-response': 'bad_gateway',
  'unexpected-status': 'bad_gateway',
};

export class DataApiError extends Error implements Answerable {
  override name = 'DataApiError';
  constructor(
    readonly kind: DataApiErrorKind,
    readonly details: {
      status?: number;
      retryAfterSeconds?: number;
      fields?: string[];
      endpoint?: string;
      /** The caller's deadline (or the call's own time limit) ended the call, not an answer of the service. */
      deadlineExceeded?: boolean;
      /**
       * The request surely never reached the service: no slot of the budget in time, or the connection was refused
       * before anything was written. Only then (and after a 429) may an upload be sent again (lib/owners/imports/).
       */
      notSent?: boolean;
      /**
       * What the service said when it refused an upload (400: its validation result) or took it for a repeat (409:
       * the earlier request's ids). For the user's eyes and our records of the upload; never logged.
       */
      refusal?: ServiceRefusal;
    } = {},
  ) {
    super(messages[kind]);
  }

  get status(): number | undefined {
    return this.details.status;
  }

  get retryAfterSeconds(): number | undefined {
    return this.details.retryAfterSeconds;
  }

  get deadlineExceeded(): boolean {
    return this.details.deadlineExceeded === true;
  }

  get answer(): Answer {
    const code = answerCodes[this.kind];
    const answer: Answer = { code, reason: `data_api_${this.kind}` };
    return code === 'rate_limited' ? { ...answer, retryAfterSeconds: this.retryAfterSeconds ?? 1 } : answer;
  }
}

/** One field the service's validation result names, with its messages (`data[3].variableSymbol`, `$` for the body). */
export type RefusedField = { field: string; messages: string[] };

export type ServiceRefusal = { fields: RefusedField[]; requestIds: string[] };

/**
 * True when the failed request surely was not processed, so that sending it again cannot make a second copy: it never
 * left (invalid input, no connection, no budget slot, connection refused), or the service refused it with a 429.
 * Everything else that is not an answer (a timeout, a reset, 408, 5xx) leaves its fate unknown.
 */
export function surelyNotSent(error: DataApiError): boolean {
  return (
    error.kind === 'invalid-input' ||
    error.kind === 'not-connected' ||
    error.details.notSent === true ||
    error.status === 429
  );
}

export function isDataApiError(error: unknown, kind?: DataApiErrorKind): error is DataApiError {
  return error instanceof DataApiError && (kind === undefined || error.kind === kind);
}
