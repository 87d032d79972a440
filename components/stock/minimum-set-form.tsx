'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * "Set a minimum" under an item on the stock page: a warehouse (all together, or one) and the number, posted to the
 * minimums' route, which answers back to the view. A plain form: it works before (and without) any script.
 *
 * A client component for the page's weight: a server component's form travels twice, as HTML and again as React's
 * payload, about 5 KB a row (100 rows: half a megabyte) of which nothing differs but the item. Here the payload
 * carries each row's few values and `shared` (the same object for every row of a page) once, and the form's fields
 * are drawn when the row's "Set a minimum" is opened. A refused try comes back with its row's form open and drawn by
 * the server, as it was typed.
 */

export type MinimumSetShared = {
  /** POST /companies/{tenantId}/stock/minimums */
  action: string;
  /** This view's address: where the form's answer comes back to. */
  back: string;
  /** The company's warehouses: code, and `code – name` as shown. */
  warehouses: readonly { code: string; label: string }[];
  /** The longest minimum the route reads (lib/owners/stock/minimum-value.ts). */
  maxLength: number;
  words: { set: string; warehouse: string; allWarehouses: string; value: string; save: string; hint: string };
};

export type MinimumSetRow = {
  itemCode: string;
  /** The row's place on the page: its fields' ids. */
  index: number;
  unit: string | null;
  /** "Set a minimum of item {item}", filled. */
  label: string;
  /** The warehouse chosen at first: the refused one, else the view's ("" for all). */
  chosen: string;
  /** Set when the last try for this item was refused: what was typed and why it was refused, in words. */
  refused: { typed: string; reason: string; code: string; warehouseUnknown: boolean } | null;
};

export function MinimumSetForm({ shared, row }: { shared: MinimumSetShared; row: MinimumSetRow }) {
  const [open, setOpen] = useState(row.refused !== null);
  const details = useRef<HTMLDetailsElement>(null);
  // Opened before the page's script ran: the toggle was not heard, so the state is read once from the element.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  return (
    <details
      ref={details}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group"
      data-minimum-form={open ? 'open' : 'closed'}
    >
      <summary
        className="cursor-pointer select-none text-xs font-medium text-brand-700 underline hover:text-brand-600 focus-ring"
        aria-label={row.label}
      >
        {shared.words.set}
      </summary>
      {open && <MinimumFields shared={shared} row={row} />}
    </details>
  );
}

/** The form's fields, drawn once the row's "Set a minimum" is open: the warehouse, the number, why a try was refused. */
function MinimumFields({ shared, row }: { shared: MinimumSetShared; row: MinimumSetRow }) {
  const { words } = shared;
  const ids = {
    warehouse: `minimum-${row.index}-warehouse`,
    value: `minimum-${row.index}-value`,
    note: `minimum-${row.index}-note`,
  };
  const refused = row.refused;
  return (
    <form method="post" action={shared.action} className="mt-1 flex flex-wrap items-end gap-2">
      <input type="hidden" name="itemCode" value={row.itemCode} />
      <input type="hidden" name="back" value={shared.back} />
      <div>
        <label htmlFor={ids.warehouse} className="block text-xs text-slate-700">
          {words.warehouse}
        </label>
        <select
          id={ids.warehouse}
          name="warehouse"
          defaultValue={row.chosen}
          aria-invalid={refused?.warehouseUnknown || undefined}
          className="field"
        >
          <option value="">{words.allWarehouses}</option>
          {shared.warehouses.map((each) => (
            <option key={each.code} value={each.code}>
              {each.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.value} className="block text-xs text-slate-700">
          {words.value}
          {row.unit ? ` (${row.unit})` : ''}
        </label>
        <input
          id={ids.value}
          name="minimum"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={shared.maxLength}
          size={8}
          defaultValue={refused ? refused.typed : ''}
          aria-invalid={refused !== null || undefined}
          aria-describedby={ids.note}
          className="field w-24"
        />
      </div>
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-3 py-1 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
      >
        {words.save}
      </button>
      {refused ? (
        <p
          id={ids.note}
          role="alert"
          className="w-full max-w-xs text-xs text-rose-800"
          data-minimum-error={refused.code}
        >
          {refused.reason}
        </p>
      ) : (
        <p id={ids.note} className="w-full max-w-xs text-xs text-slate-600">
          {words.hint}
        </p>
      )}
    </form>
  );
}
