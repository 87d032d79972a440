'use client';

import { RowHeader, Td } from '../table';
import { MinimumSetForm, type MinimumSetRow, type MinimumSetShared } from './minimum-set-form';

/** A quantity as the table shows it: the exact decimal (`data-quantity`) and the number as people read it. */
export type QuantityView = { value: string; text: string };

/** One minimum of an item: where it holds, in words, and whether the quantity is under it. */
export type MinimumView = {
  /** The warehouse's code, '' for all warehouses together. */
  warehouse: string;
  /** The warehouse's name, as the entry's title. */
  title: string | undefined;
  /** "All warehouses: 5", "under minimum" in its words when below. */
  text: string;
  below: boolean;
  /** The remove button's label for screen readers: the item and the warehouse. */
  removeLabel: string;
};

/** One catalog item as the stock's table shows it: every text already in the reader's language and form. */
export type StockRowView = {
  itemCode: string;
  /** The row's id, the anchor a minimum's answer comes back to. */
  anchor: string;
  below: boolean;
  name: string | null;
  /** "EAN 858…", or null. */
  ean: string | null;
  quantity: QuantityView;
  unit: string | null;
  /** The quantity in each warehouse of the view's columns (`StockRowsShared.warehouses`), null where it has none. */
  byWarehouse: (QuantityView | null)[];
  minimums: MinimumView[];
  /** What the last minimum sent for this item did, when it was stored: a status in words. */
  outcome: { result: 'saved' | 'removed'; text: string } | null;
  set: MinimumSetRow;
};

/** What every row shares: one object for the page, so React's payload carries it once. */
export type StockRowsShared = {
  words: { belowMark: string; belowMarkTitle: string; noName: string; noMinimum: string; remove: string };
  /** The minimums' form: where it posts, the warehouses, its words. */
  minimum: MinimumSetShared;
};

/**
 * The stock's rows (components/stock/stock-table.tsx draws the table around them). A client component for the
 * page's weight and its render: a server component's rows travel twice, as HTML and again as React's payload, where
 * each cell is an element with its classes, and React streams a page of them in pieces (a deferred segment per cell
 * on the largest pages); here the payload carries each item's values once and the rows render in one pass.
 */
export function StockRows({ rows, shared }: { rows: readonly StockRowView[]; shared: StockRowsShared }) {
  const { words } = shared;
  return rows.map((row) => (
    <tr key={row.itemCode} id={row.anchor} data-item-code={row.itemCode} data-below={row.below}>
      <RowHeader>
        <span className="font-mono">{row.itemCode}</span>
        {row.below && (
          <span
            title={words.belowMarkTitle}
            className="ml-1.5 inline-block rounded-full bg-rose-100 px-2 py-0.5 text-xs font-medium text-rose-800"
            data-below-mark=""
          >
            {words.belowMark}
          </span>
        )}
      </RowHeader>
      <Td>
        {row.name ?? <span className="italic text-slate-500">{words.noName}</span>}
        {row.ean && <span className="block text-xs text-slate-500">{row.ean}</span>}
      </Td>
      <Td numeric>
        <Quantity quantity={row.quantity} />
        {row.unit && <span className="ml-1 text-slate-500">{row.unit}</span>}
      </Td>
      {row.byWarehouse.map((quantity, index) => (
        <Td key={index} numeric cardHidden>
          {quantity === null ? <span className="text-slate-400">—</span> : <Quantity quantity={quantity} />}
        </Td>
      ))}
      {/* On a phone's card, the minimums take a row of their own, the card's whole width, left-aligned. */}
      <td className="cell-minimums">
        <Minimums row={row} shared={shared} />
      </td>
    </tr>
  ));
}

/** A quantity, negative ones in red (stock sold before it was received). */
function Quantity({ quantity }: { quantity: QuantityView }) {
  return (
    <span className={quantity.value.startsWith('-') ? 'text-rose-700' : undefined} data-quantity={quantity.value}>
      {quantity.text}
    </span>
  );
}

/**
 * An item's minimums: each with its warehouse ("All warehouses", or a code), marked when the quantity is under it,
 * and a button that removes it (a form posting an empty minimum); what the last form did for this item, said beside
 * it; under them, "Set a minimum".
 */
function Minimums({ row, shared }: { row: StockRowView; shared: StockRowsShared }) {
  const { words, minimum: form } = shared;
  return (
    <div className="flex min-w-0 flex-col items-start gap-1 text-left sm:min-w-48" data-minimums={row.minimums.length}>
      {row.minimums.length === 0 ? (
        <span className="text-slate-500">{words.noMinimum}</span>
      ) : (
        <ul className="space-y-0.5">
          {row.minimums.map((each) => (
            <li
              key={each.warehouse}
              className="flex items-center gap-2"
              data-minimum-warehouse={each.warehouse}
              data-minimum-below={each.below}
            >
              <span title={each.title} className={each.below ? 'font-medium text-rose-700' : 'text-slate-800'}>
                {each.text}
              </span>
              <form method="post" action={form.action}>
                <input type="hidden" name="itemCode" value={row.itemCode} />
                <input type="hidden" name="back" value={form.back} />
                <input type="hidden" name="warehouse" value={each.warehouse} />
                <input type="hidden" name="minimum" value="" />
                <button
                  type="submit"
                  aria-label={each.removeLabel}
                  className="rounded px-1 text-xs text-slate-600 underline hover:text-rose-700 focus-ring"
                >
                  {words.remove}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {row.outcome && (
        <p role="status" className="text-xs font-medium text-emerald-800" data-minimum-outcome={row.outcome.result}>
          {row.outcome.text}
        </p>
      )}
      <MinimumSetForm shared={form} row={row.set} />
    </div>
  );
}
