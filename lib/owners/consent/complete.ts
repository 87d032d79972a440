import 'server-only';

import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

import { hasUsableToken, storedCompanyName } from '@/lib/owners/connections/missing-token';
import { noteReplacedConnections } from '@/lib/owners/connections/notice';
import { workingConnections } from '@/lib/owners/connections/states';
import { storeAccessTokens } from '@/lib/owners/connections/store';
import { sessionIsLive } from '@/lib/owners/sessions/live';
import { sha256Hex } from '@/lib/platform/crypto/digest';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { type ConsentRequestRow, consentRequests } from '@/lib/platform/db/schema';
import { storable } from '@/lib/platform/db/storable';
import { getEnv } from '@/lib/platform/env';
import type { ConsentCompany } from '@/lib/service/schemas/consent';

const namedCompany = z.object({ tenantId: z.string(), name: z.string().nullable() });

/** What a completed consent did, by company id and name only: kept on the row for the result notice. */
export const consentOutcomeSchema = z.object({
  stored: z.array(namedCompany),
  leftOut: z.array(namedCompany),
  /** Companies other than the asked-for one whose working connection this consent replaced (each one's page says so). */
  replaced: z.array(z.string()).default([]),
});

export type ConsentOutcome = z.infer<typeof consentOutcomeSchema>;

/**
 * The company the consent was started for (its page): its name (the answer's, else ours), and whether it has a working
 * connection now, the consent's or an older one.
 */
export type AskedCompany = z.infer<typeof namedCompany> & { connected: boolean };

type Done = { consentId: string; startedFor: string; asked: AskedCompany; sessionId: string; outcome: ConsentOutcome };

export type Completion =
  /** Tokens stored now. */
  | ({ kind: 'connected' } & Done)
  /** The same answer again (the consent page may post twice): nothing stored, the same page. */
  | ({ kind: 'repeated' } & Done)
  /** A state we issued, but its window passed, its session ended, or the attempt already ended otherwise. */
  | { kind: 'expired'; consentId: string; startedFor: string }
  | { kind: 'unknown' };

// The asked-for company's connection, named by the outer row's columns in full (see lib/owners/connections/missing-token.ts).
const startedFor = {
  userId: sql`consent_requests.user_id`,
  pluginId: sql`consent_requests.plugin_id`,
  tenantId: sql`consent_requests.started_for`,
};

/** The attempt's row as completion reads it; a function because the idle limit is configuration, read when used. */
const lockedConsent = () => ({
  id: consentRequests.id,
  sessionId: consentRequests.sessionId,
  userId: consentRequests.userId,
  pluginId: consentRequests.pluginId,
  tenantIds: consentRequests.tenantIds,
  startedFor: consentRequests.startedFor,
  webhookId: consentRequests.webhookId,
  status: consentRequests.status,
  outcome: consentRequests.outcome,
  open: sql<boolean>`${consentRequests.expiresAt} > now()`,
  // The answer comes without our cookie: the session that started the consent must still be signed in, and not
  // idle (its frame polls the attempt meanwhile, which keeps it active).
  sessionLive: sessionIsLive(sql`consent_requests.session_id`, getEnv().sessionIdleSeconds),
  // Read before anything is stored: the name the asked-for company had (the answer may bring it a new one), and
  // whether it had a working connection.
  startedForName: storedCompanyName(startedFor),
  startedForWorking: hasUsableToken(startedFor),
});

type LockedConsent = Pick<
  ConsentRequestRow,
  'id' | 'sessionId' | 'userId' | 'pluginId' | 'tenantIds' | 'startedFor' | 'webhookId' | 'status' | 'outcome'
> & {
  open: boolean;
  sessionLive: boolean;
  startedForName: string | null;
  startedForWorking: boolean;
};

/** The attempt `where` names, locked until the transaction ends; null when there is none. */
async function lockAttempt(tx: Db, where: SQL | undefined) {
  const [row] = await tx.select(lockedConsent()).from(consentRequests).where(where).for('update');
  return row ?? null;
}

/**
 * Completes the post-mode consent whose `state` came back with the form. The row is locked for the transaction, so
 * two copies of the same POST arriving together store once: the second sees the first's result and is "repeated".
 */
export async function completePostConsent(
  db: Db,
  state: string,
  companies: readonly ConsentCompany[],
  keys: readonly VaultKey[],
): Promise<Completion> {
  return db.transaction(async (tx) => {
    const row = await lockAttempt(
      tx,
      and(eq(consentRequests.stateHash, sha256Hex(state)), eq(consentRequests.responseMode, 'post')),
    );
    return row ? settle(tx, row, companies, keys) : { kind: 'unknown' };
  });
}

/** Completes a poll-mode consent with the companies the poll returned (Approved), once. */
export async function completePolledConsent(
  db: Db,
  consentId: string,
  companies: readonly ConsentCompany[],
  keys: readonly VaultKey[],
): Promise<Completion> {
  return db.transaction(async (tx) => {
    const row = await lockAttempt(tx, and(eq(consentRequests.id, consentId), eq(consentRequests.responseMode, 'poll')));
    // An approval fetched in time is honoured even if it arrives after our own window: the service still had it.
    return row ? settle(tx, { ...row, open: true }, companies, keys) : { kind: 'unknown' };
  });
}

async function settle(
  tx: Db,
  row: LockedConsent,
  companies: readonly ConsentCompany[],
  keys: readonly VaultKey[],
): Promise<Completion> {
  const where = { consentId: row.id, startedFor: row.startedFor };
  const done = (outcome: ConsentOutcome) => {
    const stored = outcome.stored.find((company) => company.tenantId === row.startedFor);
    const asked = stored
      ? { ...stored, name: stored.name ?? row.startedForName, connected: true }
      : { tenantId: row.startedFor, name: row.startedForName, connected: row.startedForWorking };
    return { ...where, asked, sessionId: row.sessionId, outcome };
  };
  if (row.status === 'connected') {
    return { kind: 'repeated', ...done(consentOutcomeSchema.parse(row.outcome)) };
  }
  if (row.status !== 'pending') return { kind: 'expired', ...where };
  if (!row.open || !row.sessionLive) {
    await tx
      .update(consentRequests)
      .set({ status: 'expired', completedAt: sql`now()`, sealedState: null })
      .where(eq(consentRequests.id, row.id));
    return { kind: 'expired', ...where };
  }

  // Only the session's companies may be stored: the user may approve others at the service, which we leave out.
  const allowed = new Set(row.tenantIds);
  const stored = companies.filter((company) => allowed.has(company.tenantId));
  // Working connections of other companies than the asked-for one, which the new ones replace: never silently.
  const others = stored.map((company) => company.tenantId).filter((tenantId) => tenantId !== row.startedFor);
  const replaced = await workingConnections(tx, { userId: row.userId, pluginId: row.pluginId, tenantIds: others });
  const outcome: ConsentOutcome = {
    stored: stored.map(({ tenantId, companyName }) => ({ tenantId, name: companyName })),
    leftOut: companies
      .filter((company) => !allowed.has(company.tenantId))
      .map(({ tenantId, companyName }) => ({ tenantId, name: companyName })),
    replaced,
  };
  await storeAccessTokens(
    tx,
    stored.map((company) => ({
      userId: row.userId,
      tenantId: company.tenantId,
      pluginId: row.pluginId,
      accessToken: company.token,
      companyName: company.companyName,
      webhookSecret: company.webhookSecret,
    })),
    keys,
    // A new consent is a new connection at the service: its token and its notification address replace ours.
    { source: 'consent', webhookId: row.webhookId },
  );
  await noteReplacedConnections(
    tx,
    { userId: row.userId, pluginId: row.pluginId, tenantIds: replaced },
    { startedFor: row.startedFor, startedForName: row.startedForName },
  );
  await tx
    .update(consentRequests)
    .set({ status: 'connected', completedAt: sql`now()`, outcome: storable(outcome), sealedState: null })
    .where(eq(consentRequests.id, row.id));
  return { kind: 'connected', ...done(outcome) };
}
