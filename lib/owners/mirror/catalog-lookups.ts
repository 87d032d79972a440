import 'server-only';

import { and, eq } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { mirrorCatalogItems } from '@/lib/platform/db/schema';
import { warehouseSchema } from '@/lib/service/schemas/reference';

import type { MirrorCompany } from './company';
import { mirroredReference } from './reference';
import { catalogItemsOf } from './rows';

/**
 * What the stock minimums' owner (lib/owners/stock/) asks of the copy before it stores a minimum: whether an item is
 * listed and which warehouses are. An owner cannot ask a feature (the floors), so these two reads stay with the
 * mirror's owner; the stock page (lib/features/stock/) reads the warehouses here too.
 */

const items = mirrorCatalogItems;

/** Whether the company's mirror lists an item of this code (as the sync keeps it: trimmed). */
export async function catalogItemListed(db: Db, company: MirrorCompany, itemCode: string): Promise<boolean> {
  const rows = await db
    .select({ itemCode: items.itemCode })
    .from(items)
    .where(and(catalogItemsOf(company), eq(items.itemCode, itemCode)))
    .limit(1);
  return rows.length > 0;
}

export type MirroredWarehouse = { code: string; name: string | null };

/**
 * The company's warehouses as its last sync mirrored them (GET /api/warehouses), in the service's order, each code
 * once; null when the
 * list was never mirrored (the service refused it, or no sync read it yet).
 */
export async function mirroredWarehouses(db: Db, company: MirrorCompany): Promise<MirroredWarehouse[] | null> {
  const data = await mirroredReference(db, company, 'warehouses');
  if (data === null) return null;
  const byCode = new Map<string, MirroredWarehouse>();
  for (const entry of data) {
    const parsed = warehouseSchema.safeParse(entry);
    const code = parsed.success ? parsed.data.code?.trim() : undefined;
    if (!code || byCode.has(code)) continue;
    byCode.set(code, { code, name: parsed.data?.name?.trim() || null });
  }
  return [...byCode.values()];
}
