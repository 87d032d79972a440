import 'server-only';

import { and, desc, eq, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';

import type { TokenSource } from './store';

/**
 * Every stored connection as the operators' console shows it (lib/features/console/): ids, name, source, times and the key id
 * it is sealed under. The sealed token and webhook secret are never selected, only whether a secret is stored.
 */
export type ConnectionOverview = {
  pluginId: string;
  tenantId: string;
  userId: string;
  companyName: string | null;
  keyId: string;
  source: TokenSource;
  deliveredAt: Date;
  /** When the data API refused the token (401); null while it works. */
  invalidatedAt: Date | null;
  hasWebhookSecret: boolean;
};

/** All connections, the latest stored first. */
export function allConnections(db: Db): Promise<ConnectionOverview[]> {
  return db
    .select({
      pluginId: accessTokens.pluginId,
      tenantId: accessTokens.tenantId,
      userId: accessTokens.userId,
      companyName: accessTokens.companyName,
      keyId: accessTokens.keyId,
      source: accessTokens.source,
      deliveredAt: accessTokens.deliveredAt,
      invalidatedAt: accessTokens.invalidatedAt,
      hasWebhookSecret: sql<boolean>`${accessTokens.sealedWebhookSecret} is not null`,
    })
    .from(accessTokens)
    .orderBy(desc(accessTokens.deliveredAt), accessTokens.userId);
}

/**
 * Forgets every user's connection to a company (its tokens and webhook secrets), as an operator's disconnect does.
 * The company then has no token until the gateway delivers one at its next launch. Answers whose connections went.
 */
export async function forgetCompanyConnections(
  db: Db,
  company: { pluginId: string; tenantId: string },
): Promise<string[]> {
  const forgotten = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.pluginId, company.pluginId), eq(accessTokens.tenantId, company.tenantId)))
    .returning({ userId: accessTokens.userId });
  return forgotten.map((row) => row.userId);
}
