import 'server-only';

import { and, count, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { mirrorCompanies, mirrorDocuments } from '@/lib/platform/db/schema';

import type { MirrorCompany } from './company';
import { DOCUMENT_KINDS, type DocumentKind, SYNCED_KINDS, type SyncedKind } from './kinds';
import type { MirrorStatus } from './readiness';
import { companyRow, documentsOf } from './rows';
import { readProgress } from './state';
import { syncAsked } from './sync-asked';

// The state's shape and the rules on it are pure (./readiness.ts), so components may use them; handed on here for
// the server's callers, which read the state and apply the rules in one place.
export {
  type MirrorReadiness,
  mirrorSearchesPartly,
  mirrorServes,
  mirrorServesKind,
  type MirrorStatus,
  readinessOf,
  type ReadinessFacts,
} from './readiness';

const perKind = <K extends SyncedKind, T>(kinds: readonly K[], value: (kind: K) => T) =>
  Object.fromEntries(kinds.map((kind) => [kind, value(kind)])) as Record<K, T>;

/**
 * What a page says of a company's mirror; a company never synced is 'never'. Every company page reads it, so it is
 * the company's one state row and whether a sync of it waits in the queue, nothing more (how many documents are
 * mirrored is `mirroredCounts`).
 */
export async function mirrorStatus(db: Db, company: MirrorCompany): Promise<MirrorStatus> {
  const [[row], asked] = await Promise.all([
    db.select().from(mirrorCompanies).where(companyRow(company)),
    syncAsked(db, company),
  ]);
  const { progress } = readProgress(row ?? { progress: {}, cursors: {} });
  return {
    status: row?.status ?? 'never',
    fullSyncedAt: row?.fullSyncedAt ?? null,
    lastSyncedAt: row?.lastSyncedAt ?? null,
    reconciledAt: row?.reconciledAt ?? null,
    progress: perKind(SYNCED_KINDS, (kind) => {
      const { read = 0, done = false, refused, whole } = progress[kind] ?? {};
      return { read, done, ...(refused ? { refused } : {}), ...(whole ? { whole } : {}) };
    }),
    lastError: row?.lastErrorKind ? { kind: row.lastErrorKind, at: row.lastErrorAt } : null,
    nextTryAt: row?.nextTryAt ?? null,
    lastOpenedAt: row?.lastOpenedAt ?? null,
    syncAsked: asked || row?.status === 'syncing',
  };
}

/**
 * The company's mirrored documents now, per kind. A count over every document of the company (about 15 ms for
 * 30 000 on PostgreSQL): for checks and tools, never on a page view.
 */
export async function mirroredCounts(db: Db, company: MirrorCompany): Promise<Record<DocumentKind, number>> {
  const counted = await db
    .select({ kind: mirrorDocuments.kind, rows: count() })
    .from(mirrorDocuments)
    .where(documentsOf(company))
    .groupBy(mirrorDocuments.kind);
  return perKind(DOCUMENT_KINDS, (kind) => counted.find((entry) => entry.kind === kind)?.rows ?? 0);
}

/** readinessOf's 'ready' in SQL, over the company's `mirror_companies` row (joined by the caller). */
export function mirrorServesSql(kinds: readonly DocumentKind[] = DOCUMENT_KINDS): SQL {
  return and(
    ne(mirrorCompanies.status, 'stopped'),
    ...kinds.map((kind) => sql`(${mirrorCompanies.progress} -> ${kind} ->> 'refused') is null`),
    or(
      isNotNull(mirrorCompanies.fullSyncedAt),
      and(...kinds.map((kind) => sql`(${mirrorCompanies.progress} -> ${kind} ->> 'done') = 'true'`)),
    ),
  )!;
}
