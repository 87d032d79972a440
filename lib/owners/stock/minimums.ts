import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import { catalogItemListed, mirroredWarehouses } from '@/lib/owners/mirror/catalog-lookups';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import { stockMinimums } from '@/lib/platform/db/schema';

import { parseMinimum } from './minimum-value';

/**
 * The minimum quantities a company's users set for its items (`stock_minimums`): ours to keep, since the service
 * has none. One per item and warehouse code, or per item for all its warehouses together (warehouse ''), a decimal of
 * at least zero with at most four places (./minimum-value.ts), with who set it and when. Per company (add-on and
 * tenant): every user of the company sees the same minimums, and no other company's. An item or a warehouse the
 * company's mirror does not list is refused, so a minimum always names something the stock page shows; removing one
 * is always allowed (an item the service no longer lists can still be cleaned up).
 */

export type StockMinimum = {
  itemCode: string;
  /** A warehouse's code, or '' for the item's quantity in all warehouses together. */
  warehouse: string;
  /** Exact decimal text ("12.5"). */
  minimum: string;
  /** The user who set it last. */
  setBy: string;
  updatedAt: Date;
};

/** Why a minimum was not stored: no item named, a minimum that is not a number ≥ 0, or an item/warehouse not listed. */
export type MinimumRefusal = 'item-missing' | 'minimum-invalid' | 'item-unknown' | 'warehouse-unknown';

export type MinimumChange = { itemCode: string; warehouse?: string; minimum: string; setBy: string };

/** The longest item code or warehouse code looked for (the service's are short; anything longer is no code of it). */
const CODE_MAX_LENGTH = 100;

/** A surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A code as the mirror keeps it (trimmed), or null when it can be none: too long, or holding a control character or
 * a broken surrogate, which the database would refuse outright and the mirror never stores.
 */
function codeOf(value: string): string | null {
  const code = value.trim();
  if (code.length > CODE_MAX_LENGTH || /\p{Cc}/u.test(code) || LONE_SURROGATE.test(code)) return null;
  return code;
}

const companyOf = (company: MirrorCompany) =>
  and(eq(stockMinimums.pluginId, company.pluginId), eq(stockMinimums.tenantId, company.tenantId))!;

/** Every minimum of the company, by item code and warehouse ('' first). */
export async function minimumsOf(db: Db, company: MirrorCompany): Promise<StockMinimum[]> {
  const rows = await db
    .select({
      itemCode: stockMinimums.itemCode,
      warehouse: stockMinimums.warehouse,
      minimum: sql<string>`${stockMinimums.minimum}::text`,
      setBy: stockMinimums.setBy,
      updatedAt: stockMinimums.updatedAt,
    })
    .from(stockMinimums)
    .where(companyOf(company))
    .orderBy(sql`${stockMinimums.itemCode} collate "C"`, sql`${stockMinimums.warehouse} collate "C"`);
  return rows;
}

/** Whether the company has set any minimum (the overview shows its card only then). */
export async function hasMinimums(db: Db, company: MirrorCompany): Promise<boolean> {
  const rows = await db
    .select({ itemCode: stockMinimums.itemCode })
    .from(stockMinimums)
    .where(companyOf(company))
    .limit(1);
  return rows.length > 0;
}

/**
 * Sets (or replaces) an item's minimum in a warehouse, or in all ('' or absent), for the company; `minimum` as typed
 * (./minimum-value.ts: "12,5" is 12.5; empty is no minimum to set: refused here, the caller removes instead).
 * Refused, with nothing stored, when the item or the warehouse is not in the company's mirror.
 */
export async function setMinimum(
  db: Db,
  company: MirrorCompany,
  change: MinimumChange,
): Promise<{ ok: true; minimum: StockMinimum } | { ok: false; refused: MinimumRefusal }> {
  const itemCode = codeOf(change.itemCode);
  const warehouse = codeOf(change.warehouse ?? '');
  const minimum = parseMinimum(change.minimum);
  if (itemCode === '') return { ok: false, refused: 'item-missing' };
  if (itemCode === null) return { ok: false, refused: 'item-unknown' };
  if (warehouse === null) return { ok: false, refused: 'warehouse-unknown' };
  if (minimum === null || minimum === false) return { ok: false, refused: 'minimum-invalid' };
  if (!(await catalogItemListed(db, company, itemCode))) return { ok: false, refused: 'item-unknown' };
  if (warehouse !== '') {
    const warehouses = await mirroredWarehouses(db, company);
    if (!warehouses?.some((each) => each.code === warehouse)) return { ok: false, refused: 'warehouse-unknown' };
  }
  const [row] = await db
    .insert(stockMinimums)
    .values({ ...company, itemCode, warehouse, minimum, setBy: change.setBy })
    .onConflictDoUpdate({
      target: [stockMinimums.pluginId, stockMinimums.tenantId, stockMinimums.itemCode, stockMinimums.warehouse],
      set: { minimum: sql`excluded.minimum`, setBy: sql`excluded.set_by`, updatedAt: sql`now()` },
    })
    .returning({
      itemCode: stockMinimums.itemCode,
      warehouse: stockMinimums.warehouse,
      minimum: sql<string>`${stockMinimums.minimum}::text`,
      setBy: stockMinimums.setBy,
      updatedAt: stockMinimums.updatedAt,
    });
  return { ok: true, minimum: row! };
}

/** Removes an item's minimum in a warehouse, or in all ('' or absent); whether there was one. */
export async function removeMinimum(
  db: Db,
  company: MirrorCompany,
  which: { itemCode: string; warehouse?: string },
): Promise<boolean> {
  const itemCode = codeOf(which.itemCode);
  const warehouse = codeOf(which.warehouse ?? '');
  if (!itemCode || warehouse === null) return false;
  const removed = await db
    .delete(stockMinimums)
    .where(and(companyOf(company), eq(stockMinimums.itemCode, itemCode), eq(stockMinimums.warehouse, warehouse)))
    .returning({ itemCode: stockMinimums.itemCode });
  return removed.length > 0;
}
