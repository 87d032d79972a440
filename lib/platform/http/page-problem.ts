import 'server-only';

import { failureOf } from '@/lib/platform/http/failure';

/**
 * What a company's page shows when the data API fails: the failure (lib/platform/http/failure.ts) as one of the
 * problems the page's panel can explain (components/service-problem). The page's door waits for the data API under
 * the page's deadline (lib/doors/company/page-load.ts) and hands the page a Loaded value.
 */

/** What a page can say about a failed call; the kinds the user can act on differently. */
export type Problem =
  | { kind: 'disconnected' }
  | { kind: 'payment-required' }
  | { kind: 'forbidden' }
  | { kind: 'busy'; retryAfterSeconds: number }
  | { kind: 'unavailable' };

/**
 * The panel for a failure. 5xx, timeouts, malformed or unexpected answers, and refusals of requests we thought valid:
 * the user can only try again, and nothing upstream is shown.
 */
export function problemOf(error: unknown): Problem {
  const { code, retryAfterSeconds } = failureOf(error);
  switch (code) {
    case 'connection_inactive':
      return { kind: 'disconnected' };
    case 'payment_required':
      return { kind: 'payment-required' };
    case 'forbidden':
      return { kind: 'forbidden' };
    case 'rate_limited':
      return { kind: 'busy', retryAfterSeconds: retryAfterSeconds ?? 1 };
    default:
      return { kind: 'unavailable' };
  }
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; problem: Problem };
