import { fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { StockTexts } from '@/lib/base/i18n/stock';
import { itemAnchor } from '@/lib/features/stock/minimum-outcome';
import type { StockRow, StockSort, StockSortKey } from '@/lib/features/stock/queries/stock';

import { sortHeader } from '../sort-header';
import { type Column, figures, Table } from '../table';
import { type MinimumForms, minimumsView, quantityText } from './minimum-views';
import { type QuantityView, StockRows, type StockRowsShared, type StockRowView } from './stock-rows';

/**
 * The stock's table: per item its code (marked when under its minimum), name and EAN, the quantity in all warehouses
 * (or in the view's warehouse) with its unit, in the view of all warehouses the quantity in each (left out of a
 * phone's card), and its minimums with the form that sets them (a row of the card of its own on a phone). The code, name and quantity headers sort the list
 * (a link each; aria-sort on the sorted one): texts A to Z first, quantities from the smallest, then the other way.
 * On a narrow screen each item is a card (components/table.tsx).
 */
export function StockTable({
  rows,
  sort,
  hrefOf,
  warehouse,
  forms,
  texts,
  locale,
}: {
  rows: StockRow[];
  sort: StockSort;
  /** The view's address in another order. */
  hrefOf: (sort: string) => string;
  /** The view's warehouse, or null for all together. */
  warehouse: string | null;
  forms: MinimumForms;
  texts: StockTexts;
  locale: Locale;
}) {
  const t = texts.table;
  // Texts A to Z first, quantities from the smallest; a second click the other way.
  const sortable = (key: StockSortKey, label: string, numeric = false): Column => ({
    numeric,
    ...sortHeader(label, key, sort, { firstDescending: false, hrefOf }),
  });
  const byWarehouse = warehouse === null ? forms.warehouses : [];
  const warehouseName = (code: string) => forms.warehouses.find((each) => each.code === code)?.name ?? code;
  const columns: Column[] = [
    sortable('itemCode', t.itemCode),
    sortable('name', t.name),
    sortable(
      'quantity',
      warehouse === null ? t.quantity : fill(t.quantityIn, { warehouse: warehouseName(warehouse) }),
      true,
    ),
    ...figures(
      ...byWarehouse.map((each) => (
        <abbr key={each.code} title={each.name ?? undefined}>
          {each.code}
        </abbr>
      )),
    ),
    t.minimum,
  ];
  const shared: StockRowsShared = {
    words: {
      belowMark: t.belowMark,
      belowMarkTitle: t.belowMarkTitle,
      noName: t.noName,
      noMinimum: texts.minimum.none,
      remove: texts.minimum.remove,
    },
    minimum: forms.shared,
  };
  const quantity = (value: string): QuantityView => ({ value, text: quantityText(value, locale) });
  const views = rows.map((row, index): StockRowView => ({
    itemCode: row.itemCode,
    anchor: itemAnchor(row.itemCode),
    below: row.below,
    name: row.name ?? null,
    ean: row.ean ? fill(t.ean, { ean: row.ean }) : null,
    quantity: quantity(row.shown),
    unit: row.unit ?? null,
    byWarehouse: byWarehouse.map((each) => {
      const value = row.quantities[each.code];
      return value === undefined ? null : quantity(value);
    }),
    ...minimumsView(row, index, forms, texts, locale),
  }));
  return (
    <Table caption={t.caption} captionHidden columns={columns} cards>
      <StockRows rows={views} shared={shared} />
    </Table>
  );
}
