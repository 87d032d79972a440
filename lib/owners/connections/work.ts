import 'server-only';

import { and, eq, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { Db } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';

import { type TokenSource, workingConnectionsOf } from './store';

/**
 * Which connection drives a company's work that no session decides (its copy's sync, its imports' sending): the one
 * rule, written once, that the mirror and the imports' sender both go through (./client.ts openCompanyClientForWork).
 *
 * A token delivered by the gateway or approved through the consent is bound to the company by how it came (the
 * gateway's signed launch, the consent's answer naming the company), so it ranks first. A pasted token is bound only
 * once what it reads matched the company's copy (./fingerprint.ts; `bound_at`); an unproven pasted token could be
 * another company's, so it drives only work done for its own user (that user's imports), never the company's work
 * for anyone else (the copy every user of the company sees, other users' imports). Within a rank the newest wins.
 */

/** The work a connection is chosen for: the company's own (no user), or one user's (their imports). */
export type WorkFor = { userId?: string | undefined };

/** 0: delivered or consented; 1: pasted and shown to belong; 2: pasted, unproven (its own user's work only). */
const rank = sql<number>`case when ${accessTokens.source} <> 'pasted' then 0 when ${accessTokens.boundAt} is not null then 1 else 2 end`;

/** The connections that may drive the work: every bound one, and an unproven one only for its own user. */
export function connectionsForWork(company: Pick<CompanyScope, 'pluginId' | 'tenantId'>, work: WorkFor = {}): SQL {
  const bound = or(ne(accessTokens.source, 'pasted'), isNotNull(accessTokens.boundAt))!;
  return and(
    workingConnectionsOf(company),
    work.userId === undefined ? bound : or(bound, eq(accessTokens.userId, work.userId)),
  )!;
}

/** The order among them: the best rank, then the newest stored, then by user (so instances agree). */
export const workOrder = [rank, sql`${accessTokens.deliveredAt} desc`, accessTokens.userId] as const;

/** The connection that drives the work, as the company's Activity page names it: no token, no secret. */
export type WorkConnection = { userId: string; source: TokenSource; bound: boolean };

export async function connectionForWork(
  db: Db,
  company: Pick<CompanyScope, 'pluginId' | 'tenantId'>,
  work: WorkFor = {},
): Promise<WorkConnection | null> {
  const [row] = await db
    .select({ userId: accessTokens.userId, source: accessTokens.source, boundAt: accessTokens.boundAt })
    .from(accessTokens)
    .where(connectionsForWork(company, work))
    .orderBy(...workOrder)
    .limit(1);
  return row
    ? { userId: row.userId, source: row.source, bound: row.source !== 'pasted' || row.boundAt !== null }
    : null;
}
