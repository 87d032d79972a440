import 'server-only';

import { and, inArray } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { mirrorCatalogItems } from '@/lib/platform/db/schema';

import type { CatalogItemRow } from './catalog-item-row';
import type { MirrorCompany } from './company';
import { catalogItemsOf } from './rows';
import { notListed, replacedColumns, upsertKeyed } from './write-rows';

const replaced = replacedColumns(mirrorCatalogItems, [
  'name',
  'itemCodeFolded',
  'nameFolded',
  'ean',
  'unit',
  'quantity',
  'quantities',
  'lastModified',
  'record',
  'searchText',
]);

/**
 * Upserts one page of catalog items, keyed by item code. A page read with an overlap names an item twice at most
 * once per statement: the caller de-duplicates (./kind-stores.ts), since one INSERT … ON CONFLICT may not touch a
 * row twice.
 */
export async function upsertCatalogItems(
  db: Db,
  company: MirrorCompany,
  rows: readonly CatalogItemRow[],
): Promise<void> {
  await upsertKeyed(db, company, 'catalogItems', rows, (row) => row.itemCode, {
    table: mirrorCatalogItems,
    key: mirrorCatalogItems.itemCode,
    replaced,
  });
}

/** The company's mirrored item codes the service's listing left out: candidates for removal, to be confirmed. */
export async function itemsUnlisted(db: Db, company: MirrorCompany, listed: ReadonlySet<string>): Promise<string[]> {
  const rows = await db
    .select({ itemCode: mirrorCatalogItems.itemCode })
    .from(mirrorCatalogItems)
    .where(and(catalogItemsOf(company), notListed(mirrorCatalogItems.itemCode, listed)))
    .orderBy(mirrorCatalogItems.itemCode);
  return rows.map((row) => row.itemCode);
}

export async function deleteItems(db: Db, company: MirrorCompany, itemCodes: readonly string[]): Promise<number> {
  if (itemCodes.length === 0) return 0;
  const deleted = await db
    .delete(mirrorCatalogItems)
    .where(and(catalogItemsOf(company), inArray(mirrorCatalogItems.itemCode, [...itemCodes])))
    .returning({ itemCode: mirrorCatalogItems.itemCode });
  return deleted.length;
}
