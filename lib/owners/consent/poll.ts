import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { ConnectionsStored } from '@/lib/owners/connections/store';
import { openSecret, type VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { consentRequests } from '@/lib/platform/db/schema';
import { getEnv } from '@/lib/platform/env';
import { getLogger } from '@/lib/platform/log';
import type { PollAnswer } from '@/lib/service/subscription-poll';

import { ownAttempt } from './attempt';
import { completePolledConsent, type Completion } from './complete';
import { decidePoll, type PollStep } from './poll-step';
import { consentStateContext } from './secrets';

/**
 * Poll mode of Integration Consent, driven by the progress page: each render of the page advances the attempt by at
 * most one poll, so there is no background job and nothing lives in process memory. Several instances may render the
 * page at once (two tabs, two replicas): one conditional UPDATE claims the next poll — it moves `next_poll_at` a
 * lease ahead — so only one of them polls; a poller that dies frees the attempt when the lease ends. Every time
 * that decides comes from the database clock.
 */

export type PollDeps = {
  poll: (state: string) => Promise<PollAnswer>;
  keys: readonly VaultKey[];
  /** What follows the companies a consent connected (lib/features/connections/connect.ts: their copy begun). */
  stored: ConnectionsStored;
};

/** Longer than a poll may take (its timeout is 10 s): a claim outlives its poll unless the poller died. */
export const POLL_LEASE_SECONDS = 30;

/** The attempt's row of this user, plugin and company, in poll mode. */
const ownPollRow = (consentId: string, scope: CompanyScope) =>
  and(ownAttempt(consentId, scope), eq(consentRequests.responseMode, 'poll'));

/** Claims the next poll of a pending attempt whose time has come: one statement, so one claimant wins. */
async function claimPoll(db: Db, consentId: string, scope: CompanyScope) {
  const [claim] = await db
    .update(consentRequests)
    .set({
      nextPollAt: sql`now() + make_interval(secs => ${POLL_LEASE_SECONDS})`,
      pollCount: sql`${consentRequests.pollCount} + case when ${consentRequests.expiresAt} > now() then 1 else 0 end`,
    })
    .where(
      and(
        ownPollRow(consentId, scope),
        eq(consentRequests.status, 'pending'),
        sql`${consentRequests.nextPollAt} <= now()`,
      ),
    )
    .returning({
      keyId: consentRequests.keyId,
      sealedState: consentRequests.sealedState,
      pollCount: consentRequests.pollCount,
      pastLimit: sql<boolean>`${consentRequests.expiresAt} <= now()`,
      nowMs: sql<number>`(extract(epoch from now()) * 1000)::float8`,
      startedAtMs: sql<number>`(extract(epoch from ${consentRequests.createdAt}) * 1000)::float8`,
    });
  return claim ?? null;
}

/** Ends a pending attempt (conditional: an attempt already ended stays as it ended). */
async function endAttempt(db: Db, consentId: string, status: 'expired' | 'denied' | 'failed'): Promise<void> {
  await db
    .update(consentRequests)
    .set({ status, completedAt: sql`now()`, sealedState: null })
    .where(and(eq(consentRequests.id, consentId), eq(consentRequests.status, 'pending')));
}

async function applyStep(db: Db, consentId: string, step: PollStep, deps: PollDeps): Promise<void> {
  switch (step.kind) {
    case 'poll-again':
      await db
        .update(consentRequests)
        .set({ nextPollAt: sql`to_timestamp(${step.atMs}::double precision / 1000)` })
        .where(and(eq(consentRequests.id, consentId), eq(consentRequests.status, 'pending')));
      return;
    case 'store':
      // Stores once, in a transaction that locks the row; ends the attempt as connected (or expired when the
      // session that started it has ended).
      await connectedNow(await completePolledConsent(db, consentId, step.companies, deps.keys), deps.stored);
      return;
    case 'stop':
      await endAttempt(db, consentId, step.status);
      return;
  }
}

/** The companies a consent connected just now, once the transaction that stored them has ended. */
async function connectedNow(completion: Completion, stored: ConnectionsStored): Promise<void> {
  if (completion.kind !== 'connected') return;
  await stored(
    getEnv().pluginId,
    completion.outcome.stored.map((company) => company.tenantId),
  );
}

type Claim = NonNullable<Awaited<ReturnType<typeof claimPoll>>>;

/** One poll under a claim, and its step applied to the row. */
async function pollOnce(db: Db, consentId: string, claim: Claim, deps: PollDeps): Promise<void> {
  const log = getLogger();
  if (claim.pastLimit) {
    // Our own limit passed with no poll in flight (the claim holds the lease): the attempt failed.
    await endAttempt(db, consentId, 'failed');
    log.info(
      { consent: 'poll', step: 'stop', status: 'failed', reason: 'time-limit', polls: claim.pollCount },
      'consent poll',
    );
    return;
  }
  let state: string;
  try {
    if (!claim.sealedState) throw new Error('no sealed state');
    state = openSecret({ keyId: claim.keyId, sealed: claim.sealedState }, consentStateContext(consentId), deps.keys);
  } catch {
    // No configured key opens it (the key that sealed it was removed): this attempt can never poll.
    await endAttempt(db, consentId, 'failed');
    log.warn({ consent: 'poll', step: 'stop', status: 'failed', reason: 'state_unreadable' }, 'consent poll');
    return;
  }
  const sent = performance.now();
  const answer = await deps.poll(state).catch((): PollAnswer => ({ kind: 'unreachable', reason: 'network' }));
  // The claim's time plus the poll's own duration: now, on the database clock.
  const step = decidePoll(answer, { nowMs: claim.nowMs + (performance.now() - sent), startedAtMs: claim.startedAtMs });
  await applyStep(db, consentId, step, deps);
  // Facts only: the answer's kind or status and what followed, never a value from the answer.
  const line = {
    consent: 'poll',
    answer: answer.kind === 'status' ? answer.status : answer.kind,
    ...(answer.kind === 'unreachable' ? { why: answer.reason } : {}),
    step: step.kind,
    ...(step.kind === 'stop' ? { status: step.status, reason: step.reason } : {}),
    ...(step.kind === 'store' ? { companies: step.companies.length } : {}),
    polls: claim.pollCount,
  };
  if (step.kind === 'poll-again') log.debug(line, 'consent poll');
  else log.info(line, 'consent poll');
}

/**
 * Polls the service for a pending poll-mode attempt of this user when the next poll's time has come, at most once,
 * and applies the answer to the row. When another render holds the claim, or it is not yet time, it does nothing.
 */
export async function pollIfDue(db: Db, consentId: string, scope: CompanyScope, deps: PollDeps): Promise<void> {
  const claim = await claimPoll(db, consentId, scope);
  if (claim) await pollOnce(db, consentId, claim, deps);
}
