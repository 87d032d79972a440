import 'server-only';

import { type ErrorCode, errorResponse } from '@/lib/base/errors';
import type { Failure } from '@/lib/platform/http/failure';

/**
 * The service understands three answers to a notification (interface, "Events"): 200, 400 "payload format not
 * understood" (not retried) and 500 "server-side error" (retried twice). So every refusal of the request itself (too
 * large, malformed, unsigned, unknown address) is a 400, and every failure of ours (the database, which elsewhere
 * answers 503, or anything unexpected) a 500: the service retries exactly when a retry can succeed. Headers of other
 * answers (Retry-After) mean nothing to it and are not passed on.
 */
const ourFailures: ReadonlySet<ErrorCode> = new Set(['internal', 'unavailable']);

export function webhookErrorResponse({ code }: Failure): Response {
  return errorResponse(ourFailures.has(code) ? 'internal' : 'bad_request');
}
