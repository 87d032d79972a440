import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { mirrorReference } from '@/lib/platform/db/schema';
import { storable } from '@/lib/platform/db/storable';
import type { DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';

import type { MirrorCompany } from './company';
import { inTurn } from './in-turn';
import { REFERENCE_KINDS, type ReferenceKind } from './kinds';
import { writeSyncPage } from './page-guard';

const readers: Record<ReferenceKind, (client: DataApiClient) => Promise<unknown[]>> = {
  numberingSequences: (client) => client.numberingSequences.list(),
  warehouses: (client) => client.warehouses.list(),
  paymentAccounts: (client) => client.paymentAccounts.list(),
};

/**
 * Replaces each reference list whole with what the service lists now (they are short: one call each, in its turn),
 * made storable and written as a sync's page is (./page-guard.ts). A list the connection may not read (403), or that
 * the service does not have for the company (404, which the interface allows on every list), keeps what was
 * mirrored; any other failure ends the sync as a document page's would.
 */
export async function replaceReferenceData(
  db: Db,
  company: MirrorCompany,
  client: DataApiClient,
  signal?: AbortSignal,
): Promise<void> {
  for (const kind of REFERENCE_KINDS) {
    signal?.throwIfAborted();
    const data = await inTurn(() => readers[kind](client), signal).catch((error: unknown) => {
      if (isDataApiError(error, 'forbidden') || isDataApiError(error, 'not-found')) return null;
      throw error;
    });
    if (data === null) continue;
    await writeSyncPage(db, company, async (tx) => {
      await tx
        .insert(mirrorReference)
        .values({ ...company, kind, data: storable(data) })
        .onConflictDoUpdate({
          target: [mirrorReference.pluginId, mirrorReference.tenantId, mirrorReference.kind],
          set: { data: sql`excluded.data`, syncedAt: sql`now()` },
        });
    });
  }
}

/** A reference list as the last sync mirrored it, or null when it was never mirrored (or the kind was forbidden). */
export async function mirroredReference(
  db: Db,
  company: MirrorCompany,
  kind: ReferenceKind,
): Promise<unknown[] | null> {
  const [row] = await db
    .select({ data: mirrorReference.data })
    .from(mirrorReference)
    .where(
      and(
        eq(mirrorReference.pluginId, company.pluginId),
        eq(mirrorReference.tenantId, company.tenantId),
        eq(mirrorReference.kind, kind),
      ),
    );
  return Array.isArray(row?.data) ? row.data : null;
}
