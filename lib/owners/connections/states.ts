import 'server-only';

import { and, isNull, sql } from 'drizzle-orm';

import type { CompaniesScope } from '@/lib/base/company-scope';
import type { Db } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';

import { connectionRows, type TokenSource, workingConnectionsOf } from './store';
import { connectionsForWork } from './work';

/** Whether the add-on can reach a company's data: a token stored, none delivered, or one the service rejected. */
export type ConnectionState = 'connected' | 'missing' | 'invalid';

export type CompanyConnection = {
  tenantId: string;
  name: string | null;
  state: ConnectionState;
  /** How the stored token came (null when none is stored). */
  source: TokenSource | null;
  /** Our receiver address's public id for the company's notifications, and whether their secret is stored. */
  webhookId: string | null;
  hasWebhookSecret: boolean;
};

/** The connection state of each of the scope's companies, in the scope's order (a company without a row: missing). */
export async function listConnections(db: Db, scope: CompaniesScope): Promise<CompanyConnection[]> {
  if (scope.tenantIds.length === 0) return [];
  const rows = await db
    .select({
      tenantId: accessTokens.tenantId,
      name: accessTokens.companyName,
      invalidatedAt: accessTokens.invalidatedAt,
      source: accessTokens.source,
      webhookId: accessTokens.webhookId,
      hasWebhookSecret: sql<boolean>`${accessTokens.sealedWebhookSecret} is not null`,
    })
    .from(accessTokens)
    .where(connectionRows(scope));
  const byTenant = new Map(rows.map((row) => [row.tenantId, row]));
  return scope.tenantIds.map((tenantId) => {
    const row = byTenant.get(tenantId);
    if (!row) return { tenantId, name: null, state: 'missing', source: null, webhookId: null, hasWebhookSecret: false };
    return {
      tenantId,
      name: row.name,
      state: row.invalidatedAt ? 'invalid' : 'connected',
      source: row.source,
      webhookId: row.webhookId,
      hasWebhookSecret: row.hasWebhookSecret,
    };
  });
}

/** Those of the scope's companies whose connection works (a token the service has not refused), sorted. */
export async function workingConnections(db: Db, scope: CompaniesScope): Promise<string[]> {
  if (scope.tenantIds.length === 0) return [];
  const rows = await db
    .select({ tenantId: accessTokens.tenantId })
    .from(accessTokens)
    .where(and(connectionRows(scope), isNull(accessTokens.invalidatedAt)));
  return rows.map((row) => row.tenantId).sort();
}

/** Whether any user of the add-on still has a working connection to the company. */
export async function hasWorkingConnection(db: Db, company: { pluginId: string; tenantId: string }): Promise<boolean> {
  const [row] = await db
    .select({ tenantId: accessTokens.tenantId })
    .from(accessTokens)
    .where(workingConnectionsOf(company))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the company still has a working connection that may drive its work (./work.ts: not a pasted token still
 * unproven), for a write that must not outlive it (a sync's page): the
 * row found stays locked (`for share`) until the caller's transaction ends, so a disconnect, which deletes the rows
 * (lib/owners/connections/overview.ts), waits for that transaction and then erases what it wrote; or it went first, and the
 * transaction finds no connection. Call it inside the transaction, before the write.
 */
export async function holdWorkingConnection(tx: Db, company: { pluginId: string; tenantId: string }): Promise<boolean> {
  const [row] = await tx
    .select({ tenantId: accessTokens.tenantId })
    .from(accessTokens)
    .where(connectionsForWork(company))
    .limit(1)
    .for('share');
  return row !== undefined;
}
