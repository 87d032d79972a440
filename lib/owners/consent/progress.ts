import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { Db } from '@/lib/platform/db/client';
import { type ConsentRequestRow, consentRequests } from '@/lib/platform/db/schema';

import { ownAttempt, readOwnAttempt } from './attempt';
import { type PollDeps, pollIfDue } from './poll';

/**
 * The progress of an attempt, as the add-on's own page in the service's frame follows it while the user approves in
 * another tab. It reads our own row: in post mode /consent/return (arriving in that tab, without our cookie)
 * completes it; in poll mode each render may poll the service once (lib/owners/consent/poll.ts). Either way the page
 * learns the outcome from the row, by rendering again every few seconds.
 */

/** What the progress page shows. Never the state, a token or a secret. */
export type ProgressView = {
  status: ConsentRequestRow['status'];
  responseMode: ConsentRequestRow['responseMode'];
  /** Anything but pending: the page stops refreshing (a connected attempt moves on to the company page). */
  finished: boolean;
  /** The end of the attempt's window (database clock). */
  expiresAt: Date;
};

/** The attempt as the page shows it; null when it is not this user's attempt for this company. */
async function readConsentProgress(
  db: Db,
  consentId: string,
  scope: CompanyScope,
): Promise<(ProgressView & { open: boolean }) | null> {
  const row = await readOwnAttempt(db, consentId, scope, {
    status: consentRequests.status,
    responseMode: consentRequests.responseMode,
    expiresAt: consentRequests.expiresAt,
  });
  return row ? { ...row, finished: row.status !== 'pending' } : null;
}

/**
 * Moves a pending attempt on by what can be known now, and returns what the page shows; null when the attempt is not
 * this user's. Poll mode: at most one poll of the service. Post mode: nothing to ask (the answer comes to
 * /consent/return); once the window has passed with no answer, the attempt ends as expired, as that route would end it.
 */
export async function advanceConsent(
  db: Db,
  consentId: string,
  scope: CompanyScope,
  deps: PollDeps,
): Promise<ProgressView | null> {
  const view = await readConsentProgress(db, consentId, scope);
  if (!view || view.finished) return view;
  if (view.responseMode === 'poll') {
    await pollIfDue(db, consentId, scope, deps);
    return readConsentProgress(db, consentId, scope);
  }
  if (view.open) return view;
  await db
    .update(consentRequests)
    .set({ status: 'expired', completedAt: sql`now()`, sealedState: null })
    .where(
      and(
        ownAttempt(consentId, scope),
        eq(consentRequests.status, 'pending'),
        sql`${consentRequests.expiresAt} <= now()`,
      ),
    );
  return readConsentProgress(db, consentId, scope);
}
