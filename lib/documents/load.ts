import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { listConnections, type CompanyConnection } from '@/lib/connections/states';
import { getDb } from '@/lib/db/client';
import { DatabaseError, forPage } from '@/lib/db/errors';
import type { Session } from '@/lib/session/sessions';
import { openCompanyClient } from '@/lib/connections/client';
import type { ClientOptions, DataApiClient } from '@/lib/service/client';
import { DataApiError, isDataApiError } from '@/lib/service/errors';
import { cached, REFERENCE_TTL_MS } from '@/lib/service/reference-cache';
import type { NumberingSequence } from '@/lib/service/schemas/reference';
import { companyToday } from '@/lib/company-calendar';
import { listOrEmpty } from './list-or-empty';
import { loadOverview, type Overview } from './overview';

/**
 * How pages get the data API's answers: the company's client, the cached reference data, and one place that turns a
 * failure into what the page shows (a ServiceProblem, or Next's not-found page). The caller has already checked the
 * company against the session (requireCompany).
 */

export type Scope = Pick<Session, 'userId' | 'pluginId'> & { tenantId: string };

/** What a page can say about a failed call; the kinds the user can act on differently. */
export type Problem =
  | { kind: 'disconnected' }
  | { kind: 'payment-required' }
  | { kind: 'forbidden' }
  | { kind: 'busy'; retryAfterSeconds: number }
  | { kind: 'unavailable' };

export function problemOf(error: DataApiError): Problem {
  switch (error.kind) {
    case 'not-connected':
    case 'unauthorized':
      return { kind: 'disconnected' };
    case 'payment-required':
      return { kind: 'payment-required' };
    case 'forbidden':
      return { kind: 'forbidden' };
    case 'busy':
      return { kind: 'busy', retryAfterSeconds: error.retryAfterSeconds ?? 1 };
    default:
      // 5xx, timeouts, malformed or unexpected answers, and refusals of requests we thought valid: the user can only
      // try again, and nothing upstream is shown.
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
 * Runs a page's data-API work under one deadline, which `work` hands to the clients it opens. A 404 becomes Next's
 * not-found page; another DataApiError becomes a Problem for the page to show; anything else propagates to the
 * segment's error page (database errors stripped of their query first).
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

/**
 * The company's data-API client; a page passes its deadline, which then holds for every call of the client. A
 * database failure while opening the token is stripped of its query.
 */
export async function openClient(scope: Scope, options: ClientOptions = {}): Promise<DataApiClient> {
  try {
    return await openCompanyClient(
      { userId: scope.userId, tenantId: scope.tenantId, pluginId: scope.pluginId },
      options,
    );
  } catch (error) {
    if (error instanceof DataApiError) throw error;
    throw new DatabaseError(error);
  }
}

// Keyed by user as well as company: two users of one company may have different permissions in the service.
const keyOf = (kind: string, scope: Scope) =>
  `${kind} ${JSON.stringify([scope.pluginId, scope.userId, scope.tenantId])}`;

/**
 * Numbering sequences for the filter forms, kept for REFERENCE_TTL_MS; null when they cannot be read now. Read with
 * the page's client, or a client opened with the page's deadline.
 */
export async function numberingSequencesFor(
  scope: Scope,
  from: { client: DataApiClient } | ClientOptions,
): Promise<NumberingSequence[] | null> {
  try {
    return await cached(keyOf('numbering-sequences', scope), REFERENCE_TTL_MS, async () =>
      listOrEmpty(('client' in from ? from.client : await openClient(scope, from)).numberingSequences.list()),
    );
  } catch (error) {
    // The filter still works without them (a text field replaces the select), so a failure here is not the page's.
    if (isDataApiError(error)) return null;
    throw error;
  }
}

export const OVERVIEW_TTL_MS = 60_000;

/**
 * The overview's figures, read at most once a minute per user and company (several tabs share one read, under the
 * deadline of the page that started it).
 */
export function overviewFor(scope: Scope, options: ClientOptions = {}): Promise<Overview> {
  return cached(keyOf('overview', scope), OVERVIEW_TTL_MS, async () => {
    const at = new Date();
    return loadOverview(await openClient(scope, options), at, companyToday(at));
  });
}

/** The company's connection as stored with us (name and state), read once per request however many parts ask. */
export const companyConnection = cache(
  async (userId: string, pluginId: string, tenantId: string): Promise<CompanyConnection> => {
    const [connection] = await forPage(async () =>
      listConnections(await getDb(), { userId, pluginId, tenantIds: [tenantId] }),
    );
    return (
      connection ?? { tenantId, name: null, state: 'missing', source: null, webhookId: null, hasWebhookSecret: false }
    );
  },
);
