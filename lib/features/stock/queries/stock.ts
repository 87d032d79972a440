import 'server-only';

import { and, type SQL, sql } from 'drizzle-orm';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { after, type Place } from '@/lib/owners/mirror/query/iterate';
import { likeAnywhere } from '@/lib/owners/mirror/query/search';
import { orderBy, type OrderTerm } from '@/lib/owners/mirror/query/sort';
import { catalogItemsOf } from '@/lib/owners/mirror/rows';
import { searchWordsOf } from '@/lib/owners/mirror/search-text';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { mirrorCatalogItems } from '@/lib/platform/db/schema';

import { DEFAULT_STOCK_SORT, type StockSort, type StockSortKey } from './sort';

export * from './sort';
// The warehouses the page filters by: the mirror's owner reads them, since the stock minimums' owner needs them too.
export { type MirroredWarehouse, mirroredWarehouses } from '@/lib/owners/mirror/catalog-lookups';

/**
 * The stock page's reads of the company's mirrored catalog items (`mirror_catalog_items`): every item with its
 * quantity on hand in each warehouse (`quantities`) and in all (`quantity`), found by item code, name or EAN (the
 * search text), in one warehouse or all, sorted, paged, counted, and measured against the minimums the company's
 * users set. Those minimums are not the mirror's (lib/owners/stock/ keeps them in its own table): its owner hands
 * them over as a list, which goes to the database as one jsonb parameter, so no query here names its table. Pure SQL
 * with every comparison of quantities in numeric: PGlite and PostgreSQL answer alike, and no quantity goes through
 * a float.
 */

/** One minimum as the stock owner keeps it: an item's, in one warehouse (its code) or in all together (''). */
export type ItemMinimum = { itemCode: string; warehouse: string; minimum: string };

/** What the stock page asks for. */
export type StockQuery = {
  /** The search box: every word must be in the item's code, name or EAN (letter case and diacritics ignored). */
  q?: string;
  /**
   * One warehouse's code: only the items kept there (it has a quantity for them, or a minimum was set there), with
   * that warehouse's quantity shown, sorted by and measured against its minimum. Absent: every warehouse together.
   */
  warehouse?: string | null;
  sort?: StockSort;
  /** Only the items under their minimum (`below=1`). */
  below?: boolean;
  top?: number;
  skip?: number;
  /** The company's minimums (lib/owners/stock/). */
  minimums: readonly ItemMinimum[];
};

/** One of an item's minimums and whether its quantity is under it. */
export type MinimumMark = { warehouse: string; minimum: string; below: boolean };

export type StockRow = {
  itemCode: string;
  name: string | null;
  ean: string | null;
  unit: string | null;
  /** In all warehouses together (exact decimal text). */
  quantity: string;
  /** Per warehouse code (exact decimal text). */
  quantities: Record<string, string>;
  /** What the view shows and sorts by: the chosen warehouse's quantity (0 where it has none), else `quantity`. */
  shown: string;
  /** Every minimum of the item, by warehouse code ('' first: all warehouses), each marked when under it. */
  minimums: MinimumMark[];
  /**
   * Under a minimum, by the view's rule: in a warehouse's view, under that warehouse's minimum; else under any of
   * its minimums (the one of all warehouses against `quantity`, a warehouse's against that warehouse's quantity).
   */
  below: boolean;
};

export type StockPage = { rows: StockRow[]; sort: StockSort };

export type StockTotals = {
  /** Items in the view (its search and warehouse; with `below`, those under their minimum). */
  count: number;
  /** Of the view's items without `below`, how many are under their minimum. */
  below: number;
};

const MAX_TOP = 100;
const DEFAULT_TOP = 25;
const pageSize = (top: number | undefined) =>
  top === undefined || !Number.isInteger(top) || top < 0 ? DEFAULT_TOP : Math.min(top, MAX_TOP);
const offset = (skip: number | undefined) => (skip !== undefined && Number.isInteger(skip) && skip > 0 ? skip : 0);

const items = mirrorCatalogItems;

/**
 * The company's minimums as one table of the statement: one row per item, its minimums as a jsonb object by
 * warehouse code (exact decimal texts). One parameter however many there are, joined by item code.
 */
function minimumsTable(minimums: readonly ItemMinimum[]): SQL {
  const given = JSON.stringify(
    minimums.map((each) => ({ item_code: each.itemCode, warehouse: each.warehouse, minimum: each.minimum })),
  );
  return sql`minimums as (
    select given.item_code, jsonb_object_agg(given.warehouse, given.minimum) as by_warehouse
    from jsonb_to_recordset(${given}::jsonb) as given(item_code text, warehouse text, minimum text)
    group by given.item_code
  )`;
}

/** A warehouse's quantity of the item: 0 where the item has none there. */
const quantityIn = (warehouse: SQL | string) =>
  sql`coalesce((${items.quantities} ->> (${warehouse})::text)::numeric, 0::numeric)`;

/** The item's quantity a minimum of `warehouse` ('' = all together) is measured against. */
const measuredFor = (warehouse: SQL) =>
  sql`(case when ${warehouse} = '' then ${items.quantity} else ${quantityIn(warehouse)} end)`;

/** Under some minimum of the item (any warehouse, or all together). */
const underAny = sql`exists (
  select 1 from jsonb_each_text(minimums.by_warehouse) as each_minimum
  where ${measuredFor(sql`each_minimum.key`)} < each_minimum.value::numeric
)`;

/** The view's rule of "under its minimum" (StockRow.below). */
function belowOf(warehouse: string | null): SQL {
  if (warehouse === null) return sql`coalesce(${underAny}, false)`;
  return sql`coalesce(${quantityIn(warehouse)} < (minimums.by_warehouse ->> ${warehouse}::text)::numeric, false)`;
}

/** The item's minimums with their marks, '' (all warehouses) first, then by code. */
const minimumMarks = sql`coalesce((
  select jsonb_agg(
    jsonb_build_object(
      'warehouse', each_minimum.key,
      'minimum', each_minimum.value,
      'below', ${measuredFor(sql`each_minimum.key`)} < each_minimum.value::numeric
    ) order by each_minimum.key collate "C"
  )
  from jsonb_each_text(minimums.by_warehouse) as each_minimum
), '[]'::jsonb)`;

/** The quantity the view shows and sorts by. */
const shownOf = (warehouse: string | null): SQL =>
  warehouse === null ? sql`${items.quantity}` : quantityIn(warehouse);

type Shape = { warehouse: string | null; words: string[]; below: boolean };

function shapeOf(query: StockQuery): Shape {
  const warehouse = query.warehouse?.trim() ? query.warehouse.trim() : null;
  return { warehouse, words: searchWordsOf(query.q), below: query.below === true };
}

/** Which items the view covers: the company's, the search's, the warehouse's; with `below`, under the minimum. */
function viewCondition(company: MirrorCompany, shape: Shape, withBelow: boolean): SQL {
  const { warehouse, words } = shape;
  return and(
    catalogItemsOf(company),
    ...words.map((word) => sql`${items.searchText} like ${likeAnywhere(word)}`),
    warehouse === null
      ? undefined
      : sql`((${items.quantities} -> ${warehouse}::text) is not null or (minimums.by_warehouse -> ${warehouse}::text) is not null)`,
    withBelow && shape.below ? belowOf(warehouse) : undefined,
  )!;
}

/**
 * The order: with a search and no order chosen, the item whose code is the search first, then codes that start with
 * it; then the sort (texts as folded in JavaScript, compared byte by byte; quantities as numbers; items without a
 * name last either way); ties broken by the item code, which is unique.
 */
function orderTerms(shape: Shape, sort: StockSort, explicit: boolean): OrderTerm[] {
  const terms: OrderTerm[] = [];
  const phrase = shape.words.join(' ');
  if (phrase !== '' && !explicit) {
    const code = sql`(${items.itemCodeFolded} collate "C")`;
    terms.push({
      value: sql`(case when ${code} = ${phrase} then 0 when starts_with(${code}, ${phrase}) then 1 else 2 end)`,
      descending: false,
      type: 'integer',
    });
  }
  const sorted: Record<StockSortKey, Omit<OrderTerm, 'descending'>> = {
    itemCode: { value: sql`(${items.itemCodeFolded} collate "C")`, type: 'text' },
    name: { value: sql`(${items.nameFolded} collate "C")`, type: 'text' },
    quantity: { value: shownOf(shape.warehouse), type: 'numeric' },
  };
  terms.push({ ...sorted[sort.key], descending: sort.descending });
  if (sort.key !== 'itemCode') terms.push({ ...sorted.itemCode, descending: false });
  terms.push({ value: sql`(${items.itemCode} collate "C")`, descending: false, type: 'text' });
  return terms;
}

type RawRow = {
  item_code: string;
  name: string | null;
  ean: string | null;
  unit: string | null;
  quantity: string;
  quantities: Record<string, unknown> | null;
  shown: string;
  minimums: { warehouse: string; minimum: string; below: boolean }[] | null;
  below: boolean;
  keys: (string | null)[];
};

/** A quantity of the stored jsonb: written as a decimal string by the sync (catalog-item-row.ts); a number read as one. */
const decimalText = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '0';

function stockRowOf(raw: RawRow): StockRow {
  return {
    itemCode: raw.item_code,
    name: raw.name,
    ean: raw.ean,
    unit: raw.unit,
    quantity: raw.quantity,
    quantities: Object.fromEntries(
      Object.entries(raw.quantities ?? {}).map(([code, value]) => [code, decimalText(value)]),
    ),
    shown: raw.shown,
    minimums: (raw.minimums ?? []).map(({ warehouse, minimum, below }) => ({ warehouse, minimum, below })),
    below: raw.below,
  };
}

/** One read of the view's rows in its order: a page (`limit`, `offset`) or the rows after a place (`from`). */
async function readRows(
  db: Db,
  company: MirrorCompany,
  query: StockQuery,
  page: { limit: number; offset?: number; from?: Place },
): Promise<{ rows: RawRow[]; sort: StockSort }> {
  const shape = shapeOf(query);
  const { sort, explicit } = query.sort
    ? { sort: query.sort, explicit: true }
    : { sort: DEFAULT_STOCK_SORT, explicit: false };
  const terms = orderTerms(shape, sort, explicit);
  const where = viewCondition(company, shape, true);
  const keys = sql.join(
    terms.map((term) => sql`(${term.value})::text`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with ${minimumsTable(query.minimums)}
    select ${items.itemCode} as item_code, ${items.name} as name, ${items.ean} as ean, ${items.unit} as unit,
      ${items.quantity}::text as quantity, ${items.quantities} as quantities, (${shownOf(shape.warehouse)})::text as shown,
      ${minimumMarks} as minimums, ${belowOf(shape.warehouse)} as below, array[${keys}] as keys
    from ${items} left join minimums on minimums.item_code = ${items.itemCode}
    where ${page.from ? and(where, after(terms, page.from)) : where}
    order by ${sql.join(orderBy(terms), sql`, `)}
    limit ${page.limit} offset ${page.offset ?? 0}
  `);
  return { rows: rowsOf<RawRow>(result), sort };
}

/** One page of the company's stock view. */
export async function listStock(db: Db, company: MirrorCompany, query: StockQuery): Promise<StockPage> {
  const { rows, sort } = await readRows(db, company, query, {
    limit: pageSize(query.top),
    offset: offset(query.skip),
  });
  return { rows: rows.map(stockRowOf), sort };
}

/** How many items the view covers, and how many of them (without `below`) are under their minimum. */
export async function stockTotals(db: Db, company: MirrorCompany, query: StockQuery): Promise<StockTotals> {
  const shape = shapeOf(query);
  const below = belowOf(shape.warehouse);
  const result = await db.execute(sql`
    with ${minimumsTable(query.minimums)}
    select count(*)::int as all_items, (count(*) filter (where ${below}))::int as below_items
    from ${items} left join minimums on minimums.item_code = ${items.itemCode}
    where ${viewCondition(company, shape, false)}
  `);
  const [row] = rowsOf<{ all_items: number; below_items: number }>(result);
  const belowItems = row?.below_items ?? 0;
  return { count: shape.below ? belowItems : (row?.all_items ?? 0), below: belowItems };
}

/**
 * Every row of the view (no page) in its order, a batch at a time, for an export: each read continues after the
 * previous one's last row (a keyset over the order's terms: lib/owners/mirror/query/iterate.ts), so no offset is
 * walked again and nothing is held between batches.
 */
export async function* iterateStock(
  db: Db,
  company: MirrorCompany,
  query: Omit<StockQuery, 'top' | 'skip'>,
  batchSize = 1000,
): AsyncGenerator<StockRow[], void, undefined> {
  let from: Place | undefined;
  for (;;) {
    const { rows } = await readRows(db, company, query, { limit: batchSize, from });
    if (rows.length > 0) yield rows.map(stockRowOf);
    if (rows.length < batchSize) return;
    from = rows[rows.length - 1]!.keys;
  }
}

/**
 * How many of the company's items are under one of their minimums (any warehouse, or all together): the overview's
 * card. The items of minimums whose item is no longer listed are not counted.
 */
export async function itemsUnderMinimum(
  db: Db,
  company: MirrorCompany,
  minimums: readonly ItemMinimum[],
): Promise<number> {
  if (minimums.length === 0) return 0;
  const totals = await stockTotals(db, company, { minimums, below: true });
  return totals.count;
}
