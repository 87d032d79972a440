import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sha256Hex } from '@/lib/crypto/digest';
import type { VaultKey } from '@/lib/crypto/vault';
import type { Db } from '@/lib/db/client';
import { consentRequests, type ConsentRequestRow } from '@/lib/db/schema';
import { storeAccessTokens } from '@/lib/connections/store';
import type { ConsentCompany } from './form';

/** What a completed consent did, by company id and name only: kept on the row for the result notice. */
export const consentOutcomeSchema = z.object({
  stored: z.array(z.object({ tenantId: z.string(), name: z.string().nullable() })),
  leftOut: z.array(z.object({ tenantId: z.string(), name: z.string().nullable() })),
});

export type ConsentOutcome = z.infer<typeof consentOutcomeSchema>;

export type Completion =
  /** Tokens stored now. */
  | { kind: 'connected'; consentId: string; startedFor: string; outcome: ConsentOutcome }
  /** The same answer again (the consent page may post twice): nothing stored, the same page. */
  | { kind: 'repeated'; consentId: string; startedFor: string; outcome: ConsentOutcome }
  /** A state we issued, but its window passed, its session ended, or the attempt already ended otherwise. */
  | { kind: 'expired'; consentId: string; startedFor: string }
  | { kind: 'unknown' };

const lockedConsent = {
  id: consentRequests.id,
  userId: consentRequests.userId,
  pluginId: consentRequests.pluginId,
  tenantIds: consentRequests.tenantIds,
  startedFor: consentRequests.startedFor,
  webhookId: consentRequests.webhookId,
  status: consentRequests.status,
  outcome: consentRequests.outcome,
  open: sql<boolean>`${consentRequests.expiresAt} > now()`,
  // The answer comes without our cookie: the session that started the consent must still be signed in.
  sessionLive: sql<boolean>`exists (select 1 from sessions s where s.id = ${consentRequests.sessionId}
    and s.revoked_at is null and s.expires_at > now())`,
};

type LockedConsent = Pick<ConsentRequestRow, 'id' | 'userId' | 'pluginId' | 'tenantIds' | 'startedFor' | 'webhookId' | 'status' | 'outcome'> & {
  open: boolean;
  sessionLive: boolean;
};

/**
 * Completes the post-mode consent whose `state` came back with the form. The row is locked for the transaction, so
 * two copies of the same POST arriving together store once: the second sees the first's result and is "repeated".
 */
export async function completePostConsent(db: Db, state: string, companies: readonly ConsentCompany[], keys: readonly VaultKey[]): Promise<Completion> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(lockedConsent)
      .from(consentRequests)
      .where(and(eq(consentRequests.stateHash, sha256Hex(state)), eq(consentRequests.responseMode, 'post')))
      .for('update');
    if (!row) return { kind: 'unknown' };
    return settle(tx, row, companies, keys);
  });
}

/** Completes a poll-mode consent with the companies the poll returned (Approved), once. */
export async function completePolledConsent(db: Db, consentId: string, companies: readonly ConsentCompany[], keys: readonly VaultKey[]): Promise<Completion> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(lockedConsent)
      .from(consentRequests)
      .where(and(eq(consentRequests.id, consentId), eq(consentRequests.responseMode, 'poll')))
      .for('update');
    if (!row) return { kind: 'unknown' };
    // An approval fetched in time is honoured even if it arrives after our own window: the service still had it.
    return settle(tx, { ...row, open: true }, companies, keys);
  });
}

async function settle(tx: Db, row: LockedConsent, companies: readonly ConsentCompany[], keys: readonly VaultKey[]): Promise<Completion> {
  const where = { consentId: row.id, startedFor: row.startedFor };
  if (row.status === 'connected') {
    return { kind: 'repeated', ...where, outcome: consentOutcomeSchema.parse(row.outcome) };
  }
  if (row.status !== 'pending') return { kind: 'expired', ...where };
  if (!row.open || !row.sessionLive) {
    await tx.update(consentRequests).set({ status: 'expired', completedAt: sql`now()`, sealedState: null }).where(eq(consentRequests.id, row.id));
    return { kind: 'expired', ...where };
  }

  // Only the session's companies may be stored: the user may approve others at the service, which we leave out.
  const allowed = new Set(row.tenantIds);
  const stored = companies.filter((company) => allowed.has(company.tenantId));
  const outcome: ConsentOutcome = {
    stored: stored.map(({ tenantId, companyName }) => ({ tenantId, name: companyName })),
    leftOut: companies.filter((company) => !allowed.has(company.tenantId)).map(({ tenantId, companyName }) => ({ tenantId, name: companyName })),
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
  await tx
    .update(consentRequests)
    .set({ status: 'connected', completedAt: sql`now()`, outcome, sealedState: null })
    .where(eq(consentRequests.id, row.id));
  return { kind: 'connected', ...where, outcome };
}
