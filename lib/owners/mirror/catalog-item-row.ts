import { amountOfNumber, sumAmounts } from '@/lib/base/money';
import type { mirrorCatalogItems } from '@/lib/platform/db/schema';
import { storable } from '@/lib/platform/db/storable';
import type { CatalogItem } from '@/lib/service/schemas/reference';

import { foldForSearch, searchTextOf } from './search-text';

/** A catalog item's row without its company and sync mark. */
export type CatalogItemRow = Omit<typeof mirrorCatalogItems.$inferInsert, 'pluginId' | 'tenantId' | 'syncedAt'>;

/** An item's key: its code as the service wrote it, trimmed; an item without one cannot be kept (null). */
export const itemKeyOf = (item: CatalogItem): string | null => item.itemCode?.trim() || null;

/** Sums quantities exactly (lib/base/money): each the shortest text of the service's number, added as decimals. */
const sumQuantities = (values: readonly number[]): string =>
  sumAmounts(values.map((value) => amountOfNumber(value) ?? '0')) ?? '0';

/**
 * The row of one listed item under its key (itemKeyOf): its quantity per warehouse (a warehouse listed twice counts once, the last) and in
 * all, the texts it is found by (code, name, EAN), and the record whole, made storable.
 */
export function catalogItemRow(received: CatalogItem, itemCode: string): CatalogItemRow {
  const record = storable(received);
  const name = record.name?.trim() || null;
  const ean = record.eanCode?.trim() || (typeof record.ean === 'string' ? record.ean.trim() : '') || null;
  const quantities: Record<string, number> = {};
  for (const warehouse of record.warehouses ?? []) {
    const code = warehouse.code?.trim();
    if (!code) continue;
    const quantity = warehouse.quantityOnHand;
    quantities[code] = typeof quantity === 'number' && Number.isFinite(quantity) ? quantity : 0;
  }
  return {
    itemCode,
    name,
    itemCodeFolded: foldForSearch(itemCode),
    nameFolded: name === null ? null : foldForSearch(name),
    ean,
    unit: record.unit?.trim() || null,
    quantity: sumQuantities(Object.values(quantities)),
    quantities: Object.fromEntries(
      Object.entries(quantities).map(([code, value]) => [code, amountOfNumber(value) ?? '0']),
    ),
    lastModified: record.lastModifiedTimestamp ?? null,
    record,
    searchText: searchTextOf([itemCode, name, ean]),
  };
}
