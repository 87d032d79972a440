import 'server-only';
import { count } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { mirrorCompanies, mirrorDocuments } from '@/lib/db/schema';
import type { MirrorCompany } from './company';
import { DOCUMENT_KINDS, type DocumentKind } from './kinds';
import { companyRow, documentsOf } from './rows';
import { readProgress, type MirrorStatusName } from './state';

export type MirrorStatus = {
  status: MirrorStatusName;
  /** Set once the first full sync has ended: from then on pages may read the mirror. */
  fullSyncedAt: Date | null;
  /** The last sync that ended well ("updated 2 min ago"). */
  lastSyncedAt: Date | null;
  reconciledAt: Date | null;
  /** Rows mirrored now, per kind. */
  counts: Record<DocumentKind, number>;
  /** How far the full sync has read each kind (records read; done after the kind's last page). */
  progress: Record<DocumentKind, { read: number; done: boolean }>;
  lastError: { kind: string; at: Date | null } | null;
  nextTryAt: Date | null;
  lastOpenedAt: Date | null;
};

const perKind = <T>(value: (kind: DocumentKind) => T) =>
  Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, value(kind)])) as Record<DocumentKind, T>;

/** What a page says of a company's mirror; a company never synced is 'never' with nothing mirrored. */
export async function mirrorStatus(db: Db, company: MirrorCompany): Promise<MirrorStatus> {
  const [[row], counted] = await Promise.all([
    db.select().from(mirrorCompanies).where(companyRow(company)),
    db
      .select({ kind: mirrorDocuments.kind, rows: count() })
      .from(mirrorDocuments)
      .where(documentsOf(company))
      .groupBy(mirrorDocuments.kind),
  ]);
  const counts = perKind((kind) => counted.find((entry) => entry.kind === kind)?.rows ?? 0);
  const { progress } = readProgress(row ?? { progress: {}, cursors: {} });
  return {
    status: row?.status ?? 'never',
    fullSyncedAt: row?.fullSyncedAt ?? null,
    lastSyncedAt: row?.lastSyncedAt ?? null,
    reconciledAt: row?.reconciledAt ?? null,
    counts,
    progress: perKind((kind) => ({ read: progress[kind]?.read ?? 0, done: progress[kind]?.done ?? false })),
    lastError: row?.lastErrorKind ? { kind: row.lastErrorKind, at: row.lastErrorAt } : null,
    nextTryAt: row?.nextTryAt ?? null,
    lastOpenedAt: row?.lastOpenedAt ?? null,
  };
}

/** Whether the company's mirror may be served, in one small read (no counts): before a reader such as an export. */
export async function mirrorReadiness(
  db: Db,
  company: MirrorCompany,
): Promise<Pick<MirrorStatus, 'status' | 'fullSyncedAt'>> {
  const [row] = await db
    .select({ status: mirrorCompanies.status, fullSyncedAt: mirrorCompanies.fullSyncedAt })
    .from(mirrorCompanies)
    .where(companyRow(company));
  return { status: row?.status ?? 'never', fullSyncedAt: row?.fullSyncedAt ?? null };
}
