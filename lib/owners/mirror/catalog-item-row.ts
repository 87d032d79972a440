import { type Amount, sumAmounts } from '@/lib/base/money';
import type { mirrorCatalogItems } from '@/lib/platform/db/schema';
import { storable } from '@/lib/platform/db/storable';
import { wireRecordOf } from '@/lib/service/schemas/common';
import { type CatalogItem, catalogItemSchema } from '@/lib/service/schemas/reference';

import { foldForSearch, searchTextOf } from './search-text';

/** A catalog item's row without its company and sync mark. */
export type CatalogItemRow = Omit<typeof mirrorCatalogItems.$inferInsert, 'pluginId' | 'tenantId' | 'syncedAt'>;

/** An item's key: its code as the service wrote it, trimmed; an item without one cannot be kept (null). */
export const itemKeyOf = (item: CatalogItem): string | null => item.itemCode?.trim() || null;

/** Sums quantities exactly (lib/base/money): the schema's amounts, added as decimals. */
const sumQuantities = (values: readonly Amount[]): string => sumAmounts(values) ?? '0';

/**
 * The row of one listed item under its key (itemKeyOf): its quantity per warehouse (a warehouse listed twice counts once, the last) and in
 * all, the texts it is found by (code, name, EAN), and the record whole, made storable.
 */
export function catalogItemRow(received: CatalogItem, itemCode: string): CatalogItemRow {
  const record = storable(received);
  const name = record.name?.trim() || null;
  const ean = record.eanCode?.trim() || (typeof record.ean === 'string' ? record.ean.trim() : '') || null;
  const quantities: Record<string, Amount> = {};
  for (const warehouse of record.warehouses ?? []) {
    const code = warehouse.code?.trim();
    if (!code) continue;
    quantities[code] = warehouse.quantityOnHand ?? ('0' as Amount);
  }
  return {
    itemCode,
    name,
    itemCodeFolded: foldForSearch(itemCode),
    nameFolded: name === null ? null : foldForSearch(name),
    ean,
    unit: record.unit?.trim() || null,
    quantity: sumQuantities(Object.values(quantities)),
    quantities,
    lastModified: record.lastModifiedTimestamp ?? null,
    record: wireRecordOf(catalogItemSchema, record),
    searchText: searchTextOf([itemCode, name, ean]),
  };
}
