import 'server-only';

import { companyToday } from '@/lib/base/calendar';
import type { CompanyScope } from '@/lib/base/company-scope';
import type { DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';
import { listOrEmpty } from '@/lib/service/records/list-or-empty';
import { loadOverview, type Overview } from '@/lib/service/records/overview';
import { cached, REFERENCE_TTL_MS } from '@/lib/service/reference-cache';
import type { NumberingSequence } from '@/lib/service/schemas/reference';

/**
 * What pages read more often than the data API should be asked: the numbering sequences and the overview's figures,
 * kept for a while per user and company. `open` is the page's client (lib/doors/company/page.ts), opened only when the
 * cache cannot answer.
 */

type OpenClient = () => Promise<DataApiClient>;

// Keyed by user as well as company: two users of one company may have different permissions in the service.
const keyOf = (kind: string, scope: CompanyScope) =>
  `${kind} ${JSON.stringify([scope.pluginId, scope.userId, scope.tenantId])}`;

/** Numbering sequences for the filter forms, kept for REFERENCE_TTL_MS; null when they cannot be read now. */
export async function numberingSequencesFor(
  scope: CompanyScope,
  open: OpenClient,
): Promise<NumberingSequence[] | null> {
  try {
    return await cached(keyOf('numbering-sequences', scope), REFERENCE_TTL_MS, async () =>
      listOrEmpty((await open()).numberingSequences.list()),
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
export function overviewFor(scope: CompanyScope, open: OpenClient): Promise<Overview> {
  return cached(keyOf('overview', scope), OVERVIEW_TTL_MS, async () => {
    const at = new Date();
    return loadOverview(await open(), at, companyToday(at));
  });
}
