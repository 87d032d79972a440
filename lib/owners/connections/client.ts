import 'server-only';

import { and, eq, isNull } from 'drizzle-orm';

import type { CompanyScope } from '@/lib/base/company-scope';
import { countDataApiCall } from '@/lib/owners/ops/counters';
import { openToken, type SealedToken } from '@/lib/platform/crypto/vault';
import { type Db, getDb } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';
import { DatabaseError } from '@/lib/platform/db-errors';
import { getEnv } from '@/lib/platform/env';
import type { ClientOptions, DataApiClient } from '@/lib/service/client';
import { DataApiError } from '@/lib/service/errors';
import { clientForToken } from '@/lib/service/token-client';

import { connectionRow } from './store';
import { connectionsForWork, type WorkFor, workOrder } from './work';

/** A database failure while reading a token is stripped of its query (it names the user). */
const withoutQuery = (error: unknown) => Promise.reject(new DatabaseError(error));

/**
 * The data-API client of one company for one signed-in user: the token delivered for the scope, opened from the
 * vault only here and only for the life of the client. The caller has already checked that the company belongs to
 * the session.
 */
export async function openCompanyClient(scope: CompanyScope, options: ClientOptions = {}): Promise<DataApiClient> {
  const db = await getDb().catch(withoutQuery);
  const [row] = await db
    .select({ keyId: accessTokens.keyId, sealedToken: accessTokens.sealedToken })
    .from(accessTokens)
    .where(and(connectionRow(scope), isNull(accessTokens.invalidatedAt)))
    .catch(withoutQuery);
  if (!row) throw new DataApiError('not-connected');
  return clientOfRow(db, scope, row, options);
}

/**
 * The data-API client of a COMPANY for work no session decides (its copy's sync; with `work.userId`, that user's
 * imports): the connection ./work.ts ranks first: a delivered or consented token before a pasted one, and a pasted
 * token not yet shown to belong to the company only for its own user's work. The mirror is served only to sessions
 * whose launch covered the company. A 401 marks that token as any other client does.
 */
export async function openCompanyClientForWork(
  db: Db,
  company: Pick<CompanyScope, 'pluginId' | 'tenantId'>,
  options: ClientOptions = {},
  work: WorkFor = {},
): Promise<DataApiClient> {
  const [row] = await db
    .select({ userId: accessTokens.userId, keyId: accessTokens.keyId, sealedToken: accessTokens.sealedToken })
    .from(accessTokens)
    .where(connectionsForWork(company, work))
    .orderBy(...workOrder)
    .limit(1)
    .catch(withoutQuery);
  if (!row) throw new DataApiError('not-connected');
  return clientOfRow(db, { ...company, userId: row.userId }, row, options);
}

function clientOfRow(db: Db, scope: CompanyScope, row: SealedToken, options: ClientOptions): Promise<DataApiClient> {
  const token = openToken(row, scope, getEnv().encryptionKeys);
  return countedClientForToken(token, scope.tenantId, {
    ...options,
    onUnauthorized: () => markRejected(db, scope, row.sealedToken),
  });
}

/** Marks the token the service rejected, unless a newer delivery has replaced it in the meantime. */
async function markRejected(db: Db, scope: CompanyScope, sealedToken: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ invalidatedAt: new Date() })
    .where(and(connectionRow(scope), eq(accessTokens.sealedToken, sealedToken), isNull(accessTokens.invalidatedAt)));
}

/** A client for a token in hand whose calls are counted for the company (metrics and the operators' hourly records). */
export function countedClientForToken(
  token: string,
  tenantId: string,
  options: Parameters<typeof clientForToken>[2] = {},
): Promise<DataApiClient> {
  return clientForToken(token, tenantId, { ...options, onCall: (outcome) => countDataApiCall(tenantId, outcome) });
}
