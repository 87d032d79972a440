import 'server-only';

import { countOf, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { type StockTexts, stockTexts } from '@/lib/base/i18n/stock';
import { type ExportFile, type ExportFormat, fileOfRows } from '@/lib/features/lists/export-file';
import { listFileName } from '@/lib/features/lists/file-name';
import {
  iterateStock,
  type MirroredWarehouse,
  type StockQuery,
  type StockRow,
  stockTotals,
} from '@/lib/features/stock/queries/stock';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import type { Cell, FileColumn } from '@/lib/platform/files/columns';

/**
 * The stock page's export (`…/stock/export.csv`, `…/export.xlsx`, the page's own query parameters): every item of the
 * view, not a page, in the page's order, written by the add-on's file writers (CSV in the user's language, XLSX
 * with typed cells; lib/platform/files/): code, name, EAN, unit; in all warehouses, the quantity in all,
 * then in each warehouse, the minimum of all warehouses and those of single warehouses; in one warehouse's view, its
 * quantity and its minimum; and whether the item is under its minimum by the page's rule. Quantities and minimums are
 * exact decimals with the decimals they have. At the end, after an empty row, how many items the view has.
 */

export type StockExportRequest = {
  format: ExportFormat;
  /** The page's view: search, warehouse, below, order (never a page). */
  query: Omit<StockQuery, 'top' | 'skip'>;
  /** The company's warehouses (a column each in the view of all of them). */
  warehouses: readonly MirroredWarehouse[];
  locale: Locale;
  company: { name: string | null; tenantId: string };
  today: string;
  batchSize?: number;
  failed: (error: unknown) => void;
};

const text = (header: string, width: number, value: (row: StockRow) => string | null): FileColumn<StockRow> => ({
  header,
  width,
  type: 'text',
  cell: (row) => ({ type: 'text', value: value(row) }),
});

const quantity = (header: string, value: (row: StockRow) => string | null): FileColumn<StockRow> => ({
  header,
  width: 12,
  type: 'quantity',
  cell: (row) => ({ type: 'quantity', value: value(row) }),
});

const minimumIn = (row: StockRow, warehouse: string) =>
  row.minimums.find((each) => each.warehouse === warehouse)?.minimum ?? null;

/** The warehouse's name for a header: "HL (Hlavný sklad)", or its code alone. */
const warehouseLabel = (warehouse: MirroredWarehouse) =>
  warehouse.name ? `${warehouse.code} (${warehouse.name})` : warehouse.code;

/** The export's columns for the view, in the user's language. */
export function stockExportColumns(
  warehouse: string | null,
  warehouses: readonly MirroredWarehouse[],
  texts: StockTexts,
): FileColumn<StockRow>[] {
  const c = texts.export.columns;
  const described = (code: string) => {
    const known = warehouses.find((each) => each.code === code);
    return known ? warehouseLabel(known) : code;
  };
  const leading = [
    text(c.itemCode, 14, (row) => row.itemCode),
    text(c.name, 36, (row) => row.name),
    text(c.ean, 15, (row) => row.ean),
    text(c.unit, 6, (row) => row.unit),
  ];
  const below = text(c.below, 12, (row) => (row.below ? texts.export.yes : null));
  if (warehouse !== null) {
    return [
      ...leading,
      quantity(fill(c.quantityIn, { warehouse: described(warehouse) }), (row) => row.shown),
      quantity(fill(c.minimumIn, { warehouse: described(warehouse) }), (row) => minimumIn(row, warehouse)),
      below,
    ];
  }
  return [
    ...leading,
    quantity(c.quantity, (row) => row.quantity),
    ...warehouses.map((each) =>
      quantity(fill(c.quantityIn, { warehouse: warehouseLabel(each) }), (row) => row.quantities[each.code] ?? null),
    ),
    quantity(c.minimum, (row) => minimumIn(row, '')),
    text(c.otherMinimums, 24, (row) => {
      const others = row.minimums.filter((each) => each.warehouse !== '');
      return others.length === 0 ? null : others.map((each) => `${each.warehouse}: ${each.minimum}`).join('; ');
    }),
    below,
  ];
}

/** The stock's export as a stream that reads the database a batch at a time while it is downloaded. */
export function stockExportFile(db: Db, company: MirrorCompany, request: StockExportRequest): ExportFile {
  const { format, locale, today, failed, query } = request;
  const texts = stockTexts[locale];
  const columns = stockExportColumns(query.warehouse ?? null, request.warehouses, texts);
  const rows = iterateStock(db, company, query, request.batchSize);
  const totals = async (): Promise<Cell[][]> => {
    const { count } = await stockTotals(db, company, query);
    const empty: Cell[] = columns.map(() => ({ type: 'text', value: null }));
    const label = fill(texts.export.total, { count: countOf(count, texts.items, locale) });
    return [empty, columns.map((_, index) => ({ type: 'text', value: index === 0 ? label : null }))];
  };
  return fileOfRows(
    format,
    columns,
    rows,
    { locale, today, totals, failed, sheet: texts.export.sheet },
    listFileName(texts.export.fileName, format, request.company, today),
  );
}
