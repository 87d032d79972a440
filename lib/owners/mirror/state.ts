import 'server-only';

import { sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';

import type { Db } from '@/lib/platform/db/client';
import { mirrorCompanies, type MirrorCompanyRow } from '@/lib/platform/db/schema';

import type { MirrorCompany } from './company';
import { SYNCED_KINDS, type SyncedKind } from './kinds';
import { companyRow } from './rows';

/** Why the service gives no list of a kind for a company: 404 (the interface allows it on every list) or 403. */
export const REFUSALS = ['not-found', 'forbidden'] as const;
export type Refusal = (typeof REFUSALS)[number];

/**
 * How far the full sync has read one kind: the next page starts at `skip`; `done` after a short page. `refused` while
 * the service refuses the kind's list (a company without the stock module and its delivery notes): the kind is left
 * out, the others are read, and every later sync asks again (lib/owners/mirror/kind-refusal.ts).
 */
const kindProgressSchema = z.object({
  read: z.number().int().min(0),
  skip: z.number().int().min(0),
  done: z.boolean(),
  refused: z.enum(REFUSALS).optional(),
  /** The kind was read whole once: kept when a full sync starts over, so its pages go on being served meanwhile. */
  whole: z.boolean().optional(),
});
export type KindProgress = z.infer<typeof kindProgressSchema>;

const perKind = <T extends z.ZodType>(value: T) =>
  z.object(
    Object.fromEntries(SYNCED_KINDS.map((kind) => [kind, value.optional()])) as Record<SyncedKind, z.ZodOptional<T>>,
  );

export const progressSchema = perKind(kindProgressSchema);
export type SyncProgress = z.infer<typeof progressSchema>;

/** Per kind, the newest lastModifiedTimestamp seen, as the service wrote it. */
export const cursorsSchema = perKind(z.string());
export type SyncCursors = z.infer<typeof cursorsSchema>;

export type MirrorStatusName = MirrorCompanyRow['status'];

/** The row's progress and cursors; a value this code did not write counts as none (a new full sync). */
export function readProgress(row: Pick<MirrorCompanyRow, 'progress' | 'cursors'>): {
  progress: SyncProgress;
  cursors: SyncCursors;
} {
  const progress = progressSchema.safeParse(row.progress);
  const cursors = cursorsSchema.safeParse(row.cursors);
  return { progress: progress.success ? progress.data : {}, cursors: cursors.success ? cursors.data : {} };
}

/** Marks the company's mirror as syncing (creating its row the first time) and answers its state. */
export async function beginSync(db: Db, company: MirrorCompany): Promise<MirrorCompanyRow> {
  const [row] = await db
    .insert(mirrorCompanies)
    .values({ ...company, status: 'syncing' })
    .onConflictDoUpdate({
      target: [mirrorCompanies.pluginId, mirrorCompanies.tenantId],
      set: { status: 'syncing', updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export type StatePatch = Omit<PgUpdateSetSource<typeof mirrorCompanies>, 'pluginId' | 'tenantId' | 'createdAt'>;

/** Writes part of the company's state (through `db`, or the transaction of a page it belongs to). */
export async function updateState(db: Db, company: MirrorCompany, patch: StatePatch): Promise<void> {
  await db
    .update(mirrorCompanies)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(companyRow(company));
}
