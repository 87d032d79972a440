import 'server-only';

import { notFound } from 'next/navigation';

import { type Loaded, problemOf } from '@/lib/platform/http/page-problem';
import { isDataApiError } from '@/lib/service/errors';

/**
 * How a company's page waits for the data API: the page's deadline, and what a failure becomes (Next's not-found
 * page, or a Problem the page's panel explains: lib/platform/http/page-problem.ts). The door of the company's pages
 * (lib/doors/company/page.ts) runs a page's data-API work through it.
 */

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
