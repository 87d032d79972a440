import { catalogItemRow } from '@/lib/owners/mirror/catalog-item-row';
import { upsertCatalogItems } from '@/lib/owners/mirror/catalog-items';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import { mirrorReference } from '@/lib/platform/db/schema';
import { type CatalogItem, catalogItemSchema } from '@/lib/service/schemas/reference';

import { PLUGIN_ID } from '../support/broker';

/** The companies of the stock's tests: two, so that one's minimums are seen never to reach the other. */
export const ONE: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: '20001' };
export const OTHER: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: '20002' };

type ItemSpec = {
  code: string;
  name?: string | null;
  ean?: string | null;
  unit?: string;
  /** Quantity on hand per warehouse code. */
  stock?: Record<string, number>;
};

/** A catalog item as the service lists it (the weak fields service-facts.md names), parsed by our schema. */
export function item({ code, name = null, ean = null, unit = 'ks', stock = {} }: ItemSpec): CatalogItem & {
  itemCode: string;
} {
  const record = catalogItemSchema.parse({
    itemCode: code,
    name,
    unit,
    ...(ean === null ? {} : { eanCode: ean }),
    warehouses: Object.entries(stock).map(([warehouse, quantityOnHand]) => ({ code: warehouse, quantityOnHand })),
    lastModifiedTimestamp: '2026-06-01T10:00:00',
  });
  return { ...record, itemCode: code };
}

/** Stores items and the warehouses' list in a company's mirror, as a sync would. */
export async function mirrorStock(
  db: Db,
  company: MirrorCompany,
  items: readonly ReturnType<typeof item>[],
  warehouses: readonly [string, string][] = [],
): Promise<void> {
  await upsertCatalogItems(
    db,
    company,
    items.map((each) => catalogItemRow(each, each.itemCode)),
  );
  await db
    .insert(mirrorReference)
    .values({ ...company, kind: 'warehouses', data: warehouses.map(([code, name], id) => ({ id, code, name })) })
    .onConflictDoUpdate({
      target: [mirrorReference.pluginId, mirrorReference.tenantId, mirrorReference.kind],
      set: { data: warehouses.map(([code, name], id) => ({ id, code, name })) },
    });
}

/** The stock of the company ONE in the tests: three warehouses, items with and without EAN, some run out. */
export const WAREHOUSES: [string, string][] = [
  ['HL', 'Hlavný sklad'],
  ['PRED', 'Predajňa'],
  ['EXP', 'Expedícia'],
];

export const ITEMS = [
  item({ code: 'CHL001', name: 'Chlieb kváskový', ean: '8581234500011', stock: { HL: 40, PRED: 2.5 } }),
  item({ code: 'CHL002', name: 'Chlieb ražný', stock: { HL: 3, PRED: 0 } }),
  item({ code: 'ROZ010', name: 'Rožok grahamový', ean: '8581234500103', stock: { HL: 120, EXP: -2 } }),
  item({ code: 'KOL100', name: 'Koláč makový', unit: 'kg', stock: { PRED: 1.25 } }),
  item({ code: 'MUK500', name: 'Múka hladká 00', ean: '8581234505009', unit: 'kg', stock: { HL: 0.5 } }),
  item({ code: 'OBA001', name: null, stock: { HL: 1000 } }),
];
