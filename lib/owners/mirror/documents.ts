import 'server-only';

import { and, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';

import type { MirrorCompany } from './company';
import type { DocumentRow } from './document-row';
import type { DocumentKind } from './kinds';
import { documentsOf } from './rows';
import { notListed, replacedColumns, writeRows } from './write-rows';

/** Every column but the key is taken from the service's latest answer. */
const replaced = replacedColumns(mirrorDocuments, [
  'documentNumber',
  'issueDate',
  'dueDate',
  'partnerName',
  'partnerIds',
  'currency',
  'totalExclVat',
  'totalInclVat',
  'totalInclVatCurrency',
  'paymentStatus',
  'amountDue',
  'partnerKey',
  'lastModified',
  'documentNumberFolded',
  'partnerNameFolded',
]);

/**
 * A row holding the single record (an expense with its journal, lib/owners/mirror/journals.ts) listed again unchanged: the
 * same lastModifiedTimestamp, so the list's record is the same document minus the journal, and the single record
 * stays. A record listed with another timestamp (or none) replaces it and is read again.
 */
const keepsDetail = sql`(${mirrorDocuments.detailReadAt} is not null
  and excluded.${sql.identifier(mirrorDocuments.lastModified.name)} = ${mirrorDocuments.lastModified})`;
const listedUnlessKept = (column: 'record' | 'searchText') => {
  const name = sql.identifier(mirrorDocuments[column].name);
  return sql`case when ${keepsDetail} then ${mirrorDocuments[column]} else excluded.${name} end`;
};

/**
 * Upserts one page of rows, keyed by the service's id: a record read again replaces what was mirrored, except an
 * expense's journal, kept while the record is unchanged. A row the database refuses is skipped (./write-rows.ts).
 */
export async function upsertDocuments(db: Db, company: MirrorCompany, rows: readonly DocumentRow[]): Promise<void> {
  const kind = rows[0]?.kind;
  if (kind === undefined) return;
  await writeRows(
    db,
    company,
    kind,
    rows,
    (row) => row.id,
    (savepoint, page) => upsertRows(savepoint, company, page),
  );
}

async function upsertRows(db: Db, company: MirrorCompany, rows: readonly DocumentRow[]): Promise<void> {
  await db
    .insert(mirrorDocuments)
    .values(rows.map((row) => ({ ...row, ...company })))
    .onConflictDoUpdate({
      target: [mirrorDocuments.pluginId, mirrorDocuments.tenantId, mirrorDocuments.kind, mirrorDocuments.id],
      set: {
        ...replaced,
        record: listedUnlessKept('record'),
        searchText: listedUnlessKept('searchText'),
        detailReadAt: sql`case when ${keepsDetail} then ${mirrorDocuments.detailReadAt} else null end`,
        syncedAt: sql`now()`,
      },
    });
}

/**
 * Deletes the company's rows of a kind whose id the service no longer lists. The ids travel as one JSON parameter,
 * so a company of any size is one statement with two parameters, the same on PGlite and PostgreSQL.
 */
export async function deleteUnlisted(
  db: Db,
  company: MirrorCompany,
  kind: DocumentKind,
  listed: ReadonlySet<string>,
): Promise<number> {
  const deleted = await db
    .delete(mirrorDocuments)
    .where(and(documentsOf(company, kind), notListed(mirrorDocuments.id, listed)))
    .returning({ id: mirrorDocuments.id });
  return deleted.length;
}
