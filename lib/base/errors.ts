import 'server-only';

/**
 * The one error shape of the add-on's JSON answers: `{ error: { code, message } }`. Messages are generic on
 * purpose: they never say which check failed and never echo what the caller sent. The precise reason goes to
 * the log only.
 */
const catalogue = {
  bad_request: { status: 400, message: 'The request is malformed.' },
  unauthorized: { status: 401, message: 'Authentication failed.' },
  payment_required: { status: 402, message: 'The company lacks the service’s API package.' },
  forbidden: { status: 403, message: 'Access to this resource is not allowed.' },
  connection_inactive: { status: 403, message: 'The connection to the service is not active.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  /** What is asked for is being prepared (the company's copy of its documents before its first full sync). */
  not_ready: { status: 409, message: 'This is not ready yet. Try again later.' },
  /** What is asked for cannot be done in the state the thing is in (an import with lines sent cannot be discarded). */
  conflict: { status: 409, message: 'This cannot be done in the current state.' },
  gone: { status: 410, message: 'The request has expired.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  rate_limited: { status: 429, message: 'Too many requests. Try again later.' },
  internal: { status: 500, message: 'An internal error occurred.' },
  bad_gateway: { status: 502, message: 'The service answered unexpectedly.' },
  unavailable: { status: 503, message: 'The service is temporarily unavailable.' },
} as const;

export type ErrorCode = keyof typeof catalogue;

export const statusOf = (code: ErrorCode): number => catalogue[code].status;

/**
 * What a failure means to whoever asked us: its code in the one error shape, the reason code of the log line (never
 * shown), and when to try again. An error of any layer that knows what it means carries its answer (`Answerable`),
 * so the generic layers (lib/platform/http/failure.ts) read this marker and import no feature's error class.
 */
export type Answer = { code: ErrorCode; reason: string; retryAfterSeconds?: number };

export interface Answerable {
  readonly answer: Answer;
}

export function isAnswerable(error: unknown): error is Answerable {
  return error instanceof Error && typeof (error as Partial<Answerable>).answer?.code === 'string';
}

export class HttpError extends Error implements Answerable {
  override name = 'HttpError';
  constructor(
    readonly code: ErrorCode,
    /** Machine-readable reason for the log line, e.g. `jwt_expired`. Never shown to the caller. */
    readonly reason: string = code,
    /** When the caller may try again (`Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(reason);
  }

  get answer(): Answer {
    return { code: this.code, reason: this.reason, retryAfterSeconds: this.retryAfterSeconds };
  }
}

function errorBody(code: ErrorCode) {
  return { error: { code, message: catalogue[code].message } };
}

export function errorResponse(code: ErrorCode, headers: Record<string, string> = {}) {
  return Response.json(errorBody(code), {
    status: catalogue[code].status,
    headers,
  });
}
