import 'server-only';

import { and, eq } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { type ConsentRequestRow, consentRequests } from '@/lib/platform/db/schema';

import { type ConsentOutcome, consentOutcomeSchema } from './complete';
import { isConsentId } from './secrets';

export type ConsentResult = {
  status: ConsentRequestRow['status'];
  /** The company whose page the consent was started from: the one the user asked for. */
  startedFor: string;
  outcome: ConsentOutcome | null;
};

/** What became of a consent the user started (for the notice on the company page); null for anyone else's. */
export async function findConsentResult(
  db: Db,
  consentId: string,
  scope: { userId: string; pluginId: string },
): Promise<ConsentResult | null> {
  if (!isConsentId(consentId)) return null;
  const [row] = await db
    .select({
      status: consentRequests.status,
      startedFor: consentRequests.startedFor,
      outcome: consentRequests.outcome,
    })
    .from(consentRequests)
    .where(
      and(
        eq(consentRequests.id, consentId),
        eq(consentRequests.userId, scope.userId),
        eq(consentRequests.pluginId, scope.pluginId),
      ),
    )
    .limit(1);
  if (!row) return null;
  const outcome = consentOutcomeSchema.safeParse(row.outcome);
  return { status: row.status, startedFor: row.startedFor, outcome: outcome.success ? outcome.data : null };
}
