import 'server-only';

import { notFound } from 'next/navigation';

import { failureOf } from '@/lib/platform/http/failure';
import { isDataApiError } from '@/lib/service/errors';

/**
 * How a company's page waits for the data API and what it shows when the data API fails: the page's deadline, and
 * the failure (lib/platform/http/failure.ts) as one of the problems the page's panel can explain (components/service-problem).
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

/**
 * How long a page waits for the data API. Every call a page makes shares one deadline, this long after the page
 * began asking: the queue wait, attempts and retries all end by then, and the page shows the retry panel instead of
 * a loading placeholder that never ends. File downloads and work outside pages keep the client's own limits.
 */
export const PAGE_DEADLINE_MS = 10_000;

/** The deadline of a page that starts asking now (ms since the epoch). */
export function pageDeadline(deadlineMs = PAGE_DEADLINE_MS): number {
  return Date.now() + deadlineMs;
}

/**
 * Runs a page's data-API work under one deadline, which `work` hands to the clients it opens. The service's 404
 * becomes Next's not-found page; another data-API failure becomes a Problem for the page to show; anything else
 * propagates to the segment's error page (database errors stripped of their query first).
 */
export async function loadForPage<T>(
  work: (deadline: number) => Promise<T>,
  { deadlineMs = PAGE_DEADLINE_MS }: { deadlineMs?: number } = {},
): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await work(pageDeadline(deadlineMs)) };
  } catch (error) {
    if (isDataApiError(error, 'not-found')) notFound();
    if (isDataApiError(error)) return { ok: false, problem: problemOf(error) };
    throw error;
  }
}
