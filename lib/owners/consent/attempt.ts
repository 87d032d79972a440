import 'server-only';

import { and, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';

import type { CompanyScope } from '@/lib/base/company-scope';
import { openSecret, type VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { consentRequests } from '@/lib/platform/db/schema';

import { consentStateContext } from './secrets';
import type { CompanyMode, ResponseMode } from './url';

/** Whose attempt: the session's user and plugin, and the company page it was started from (the address's). */

/** The attempt's row of this user, plugin and company, in either response mode. */
export const ownAttempt = (consentId: string, scope: CompanyScope) =>
  and(
    eq(consentRequests.id, consentId),
    eq(consentRequests.userId, scope.userId),
    eq(consentRequests.pluginId, scope.pluginId),
    eq(consentRequests.startedFor, scope.tenantId),
  );

/** Whether the attempt's window is still open, by the database's clock. */
export const attemptOpen = sql<boolean>`${consentRequests.expiresAt} > now()`;

/**
 * The given columns of this user's attempt (ownAttempt), with whether its window is still open (`open`); undefined
 * when there is no such attempt.
 */
export async function readOwnAttempt<F extends SelectedFields>(
  db: Db,
  consentId: string,
  scope: CompanyScope,
  fields: F,
) {
  const [row] = await db
    .select({ ...fields, open: attemptOpen })
    .from(consentRequests)
    .where(ownAttempt(consentId, scope))
    .limit(1);
  return row;
}

export type PendingAttempt =
  | { kind: 'unknown' }
  /** Ended, or past its window (its progress page ends it): nothing to open. */
  | { kind: 'ended' }
  | { kind: 'pending'; state: string; responseMode: ResponseMode; companyMode: CompanyMode; webhookId: string };

/**
 * What the consent page's address is made of for this user's pending attempt, the state opened from its seal. For
 * the routes that send the browser to the consent page; the state goes nowhere else.
 */
export async function findPendingAttempt(
  db: Db,
  consentId: string,
  scope: CompanyScope,
  keys: readonly VaultKey[],
): Promise<PendingAttempt> {
  const row = await readOwnAttempt(db, consentId, scope, {
    status: consentRequests.status,
    responseMode: consentRequests.responseMode,
    companyMode: consentRequests.companyMode,
    webhookId: consentRequests.webhookId,
    keyId: consentRequests.keyId,
    sealedState: consentRequests.sealedState,
  });
  if (!row) return { kind: 'unknown' };
  if (row.status !== 'pending' || !row.open || !row.sealedState) return { kind: 'ended' };
  let state: string;
  try {
    state = openSecret({ keyId: row.keyId, sealed: row.sealedState }, consentStateContext(consentId), keys);
  } catch {
    // No configured key opens it: the attempt cannot be opened again (poll mode's progress page ends it).
    return { kind: 'ended' };
  }
  return {
    kind: 'pending',
    state,
    responseMode: row.responseMode,
    companyMode: row.companyMode,
    webhookId: row.webhookId,
  };
}
