import 'server-only';

import { and, type SQL, sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';
import { mirrorCompanies, mirrorDocuments } from '@/lib/platform/db/schema';

import type { MirrorCompany } from './company';
import { besideDocuments, companyRow, documentsOf } from './rows';

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
 * Erases the company's copy but its state row (documents, reference lists, payments, catalog items), each table only
 * where `onlyIf` holds too when given; answers how many documents went.
 */
async function eraseCopy(tx: Db, company: MirrorCompany, onlyIf?: SQL): Promise<number> {
  const documents = await tx
    .delete(mirrorDocuments)
    .where(and(documentsOf(company), onlyIf))
    .returning({ id: mirrorDocuments.id });
  for (const { table, rows } of besideDocuments(company)) await tx.delete(table).where(and(rows, onlyIf));
  return documents.length;
}

/**
 * Erases the company's mirror (its documents, payments, catalog items, reference data and sync state) in one transaction, and nothing of any
 * other company. Answers how many documents went, and whether the company had a mirror at all (its state row). The
 * state row goes first: a sync's page holds it locked while it writes (./page-guard.ts), so the purge waits for that
 * page and then erases it too, or the page finds the row gone and writes nothing.
 */
export async function purgeMirror(db: Db, company: MirrorCompany): Promise<{ documents: number; hadMirror: boolean }> {
  return db.transaction(async (tx) => {
    const state = await tx
      .delete(mirrorCompanies)
      .where(companyRow(company))
      .returning({ tenantId: mirrorCompanies.tenantId });
    const documents = await eraseCopy(tx, company);
    return { documents, hadMirror: state.length > 0 };
  });
}

/**
 * The companies with mirrored documents, payments, items or reference lists but no state row: left by a sync that outlived its
 * company's purge (before every page checked it: ./page-guard.ts). Nothing serves them and no rule of retention
 * names them, so they are purged like any expired copy. The documents' companies are found by walking their primary
 * key (one index probe per company, a "loose index scan"), not by reading every row.
 */
export async function companiesWithoutState(db: Db): Promise<MirrorCompany[]> {
  const result = await db.execute(sql`
    with recursive companies as (
      (select plugin_id, tenant_id from mirror_documents order by plugin_id, tenant_id limit 1)
      union all
      select next.plugin_id, next.tenant_id
      from companies previous
      cross join lateral (
        select plugin_id, tenant_id from mirror_documents
        where (plugin_id, tenant_id) > (previous.plugin_id, previous.tenant_id)
        order by plugin_id, tenant_id limit 1
      ) next
    )
    select plugin_id as "pluginId", tenant_id as "tenantId" from companies
    union
    select plugin_id, tenant_id from mirror_reference
    union
    select distinct plugin_id, tenant_id from mirror_catalog_items
    union
    select distinct plugin_id, tenant_id from mirror_payments
    except
    select plugin_id, tenant_id from mirror_companies`);
  return rowsOf<MirrorCompany>(result);
}

/**
 * Purges a company's documents and reference lists only while it still has no state row (a sync beginning for it
 * meanwhile creates the row first, and keeps what it writes).
 */
export async function purgeStateless(db: Db, company: MirrorCompany): Promise<number> {
  const stateless = sql`not exists (select 1 from ${mirrorCompanies} where ${companyRow(company)})`;
  return db.transaction((tx) => eraseCopy(tx, company, stateless));
}
