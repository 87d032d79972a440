import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { CompanyScope } from '@/lib/company/scope';
import { openToken } from '@/lib/crypto/vault';
import { getDb, type Db } from '@/lib/db/client';
import { DatabaseError } from '@/lib/db/errors';
import { accessTokens } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import type { ClientOptions, DataApiClient } from '@/lib/service/client';
import { DataApiError } from '@/lib/service/errors';
import { clientForToken } from '@/lib/service/token-client';
import { connectionRow } from './store';

/**
 * The data-API client of one company for one signed-in user: the token delivered for the scope, opened from the
 * vault only here and only for the life of the client. The caller has already checked that the company belongs to
 * the session. A database failure while reading the token is stripped of its query (it names the user).
 */
export async function openCompanyClient(scope: CompanyScope, options: ClientOptions = {}): Promise<DataApiClient> {
  const db = await getDb().catch((error: unknown) => Promise.reject(new DatabaseError(error)));
  const [row] = await db
    .select({ keyId: accessTokens.keyId, sealedToken: accessTokens.sealedToken })
    .from(accessTokens)
    .where(and(connectionRow(scope), isNull(accessTokens.invalidatedAt)))
    .catch((error: unknown) => Promise.reject(new DatabaseError(error)));
  if (!row) throw new DataApiError('not-connected');

  const token = openToken(row, scope, getEnv().encryptionKeys);
  return clientForToken(token, scope.tenantId, {
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
