import Link from 'next/link';
import type { ReactNode } from 'react';

import { fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { StockTexts } from '@/lib/base/i18n/stock';
import { itemAnchor } from '@/lib/features/stock/minimum-outcome';
import type { StockRow, StockSort, StockSortKey } from '@/lib/owners/mirror/query/stock';

import { type Column, figures, RowHeader, Table, Td } from '../table';
import { MinimumCell, type MinimumForms, quantityText } from './minimum-cell';

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
  const sortable = (key: StockSortKey, label: string, numeric = false): Column => {
    const active = sort.key === key;
    const descending = active ? !sort.descending : false;
    return {
      numeric,
      sorted: active ? (sort.descending ? 'descending' : 'ascending') : undefined,
      label: (
        <Link
          href={hrefOf(descending ? `-${key}` : key)}
          className="inline-flex items-center gap-1 hover:text-slate-900 focus-ring"
          data-sort-key={key}
        >
          {label}
          <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
            {active ? (sort.descending ? '↓' : '↑') : '↕'}
          </span>
        </Link>
      ),
    };
  };
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
  return (
    <Table caption={t.caption} captionHidden columns={columns} cards>
      {rows.map((row, index) => (
        <tr key={row.itemCode} id={itemAnchor(row.itemCode)} data-item-code={row.itemCode} data-below={row.below}>
          <RowHeader>
            <span className="font-mono">{row.itemCode}</span>
            {row.below && (
              <span
                title={t.belowMarkTitle}
                className="ml-1.5 inline-block rounded-full bg-rose-100 px-2 py-0.5 text-xs font-medium text-rose-800"
                data-below-mark=""
              >
                {t.belowMark}
              </span>
            )}
          </RowHeader>
          <Td>
            {row.name ?? <span className="italic text-slate-500">{t.noName}</span>}
            {row.ean && <span className="block text-xs text-slate-500">{fill(t.ean, { ean: row.ean })}</span>}
          </Td>
          <Td numeric>
            <Quantity value={row.shown} unit={row.unit} locale={locale} />
          </Td>
          {byWarehouse.map((each) => (
            <Td key={each.code} numeric cardHidden>
              {row.quantities[each.code] === undefined ? (
                <span className="text-slate-400">—</span>
              ) : (
                <Quantity value={row.quantities[each.code]!} locale={locale} />
              )}
            </Td>
          ))}
          {/* On a phone's card, the minimums take a row of their own, the card's whole width, left-aligned. */}
          <td className="cell-minimums">
            <MinimumCell row={row} index={index} forms={forms} texts={texts} locale={locale} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** A quantity, negative ones in red (stock sold before it was received), with its unit when given. */
function Quantity({ value, unit, locale }: { value: string; unit?: string | null; locale: Locale }): ReactNode {
  const negative = value.startsWith('-');
  return (
    <>
      <span className={negative ? 'text-rose-700' : undefined} data-quantity={value}>
        {quantityText(value, locale)}
      </span>
      {unit && <span className="ml-1 text-slate-500">{unit}</span>}
    </>
  );
}
