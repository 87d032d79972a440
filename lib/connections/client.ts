import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { openToken, type TokenIdentity } from '@/lib/crypto/vault';
import { getDb, type Db } from '@/lib/db/client';
import { accessTokens } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import type { ClientOptions, DataApiClient } from '@/lib/service/client';
import { DataApiError } from '@/lib/service/errors';
import { clientForToken } from '@/lib/service/token-client';
import { connectionRow } from './store';

/**
 * The data-API client of one company for one signed-in user: the token delivered for (user, company, plugin),
 * opened from the vault only here and only for the life of the client. The caller has already checked that the
 * company belongs to the session.
 */
export async function openCompanyClient(identity: TokenIdentity, options: ClientOptions = {}): Promise<DataApiClient> {
  const db = await getDb();
  const [row] = await db
    .select({ keyId: accessTokens.keyId, sealedToken: accessTokens.sealedToken })
    .from(accessTokens)
    .where(and(connectionRow(identity), isNull(accessTokens.invalidatedAt)));
  if (!row) throw new DataApiError('not-connected');

  const token = openToken(row, identity, getEnv().encryptionKeys);
  return clientForToken(token, identity.tenantId, {
    ...options,
    onUnauthorized: () => markRejected(db, identity, row.sealedToken),
  });
}

/** Marks the token the service rejected, unless a newer delivery has replaced it in the meantime. */
async function markRejected(db: Db, identity: TokenIdentity, sealedToken: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ invalidatedAt: new Date() })
    .where(and(connectionRow(identity), eq(accessTokens.sealedToken, sealedToken), isNull(accessTokens.invalidatedAt)));
}
