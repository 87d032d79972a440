import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { mirrorCompanies, mirrorDocuments, mirrorReference } from '@/lib/db/schema';
import type { MirrorCompany } from './company';
import { companyRow, documentsOf, referenceOf } from './rows';

/**
 * A page of the company was viewed: retention counts from here (a mirror nobody opens is purged after
 * MIRROR_RETENTION_DAYS), and it tells which companies are in use. Creates the company's row the first time.
 */
export async function markOpened(db: Db, company: MirrorCompany): Promise<void> {
  await db
    .insert(mirrorCompanies)
    .values({ ...company, lastOpenedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [mirrorCompanies.pluginId, mirrorCompanies.tenantId],
      set: { lastOpenedAt: sql`now()` },
    });
}

/**
 * Erases the company's mirror (its documents, reference data and sync state) in one transaction, and nothing of any
 * other company. Answers how many documents went, and whether the company had a mirror at all (its state row).
 */
export async function purgeMirror(db: Db, company: MirrorCompany): Promise<{ documents: number; hadMirror: boolean }> {
  return db.transaction(async (tx) => {
    const documents = await tx
      .delete(mirrorDocuments)
      .where(documentsOf(company))
      .returning({ id: mirrorDocuments.id });
    await tx.delete(mirrorReference).where(referenceOf(company));
    const state = await tx
      .delete(mirrorCompanies)
      .where(companyRow(company))
      .returning({ tenantId: mirrorCompanies.tenantId });
    return { documents: documents.length, hadMirror: state.length > 0 };
  });
}
