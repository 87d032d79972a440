import { fill } from '@/lib/base/i18n/documents';
import { formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { StockTexts } from '@/lib/base/i18n/stock';
import { type MinimumOutcome, refusalOf } from '@/lib/features/stock/minimum-outcome';
import type { MirroredWarehouse, StockRow } from '@/lib/owners/mirror/query/stock';
import { MINIMUM_MAX_LENGTH } from '@/lib/owners/stock/minimum-value';

/** A quantity or a minimum (exact decimal text) as people read it: "2,5", "1 000", up to four decimals. */
export const quantityText = (value: string, locale: Locale) => formatNumber(Number(value), locale, 4);

/** A minimum's warehouse in words: its code (its name as the title), or "All warehouses". */
export function warehouseWords(code: string, texts: StockTexts): string {
  return code === '' ? texts.minimum.allWarehouses : code;
}

export type MinimumForms = {
  /** POST /companies/{tenantId}/stock/minimums */
  action: string;
  /** This view's address: where the form's answer comes back to. */
  back: string;
  warehouses: readonly MirroredWarehouse[];
  /** The view's warehouse, which a new minimum is set for unless another is chosen. */
  warehouse: string | null;
  outcome: MinimumOutcome | null;
};

/**
 * An item's minimums on the stock page: each with its warehouse ("All warehouses", or a code), marked when the
 * quantity is under it, and a button that removes it; under them, "Set a minimum": a warehouse (all together, or one)
 * and the number (empty removes it), posted to the minimums' route, which answers back to this view. What the form
 * did is said here, beside the item's field: saved or removed (a status), or why nothing was stored (the field marked,
 * as it was typed, the form open).
 */
export function MinimumCell({
  row,
  index,
  forms,
  texts,
  locale,
}: {
  row: StockRow;
  /** The row's place on the page: its fields' ids. */
  index: number;
  forms: MinimumForms;
  texts: StockTexts;
  locale: Locale;
}) {
  const m = texts.minimum;
  const mine = forms.outcome?.itemCode === row.itemCode ? forms.outcome : null;
  const refusal = refusalOf(mine);
  const refused = refusal ? mine : null;
  const ids = {
    warehouse: `minimum-${index}-warehouse`,
    value: `minimum-${index}-value`,
    note: `minimum-${index}-note`,
  };
  const named = (code: string) => forms.warehouses.find((each) => each.code === code)?.name ?? undefined;
  const chosen = refused ? refused.warehouse : (forms.warehouse ?? '');
  const hidden = (
    <>
      <input type="hidden" name="itemCode" value={row.itemCode} />
      <input type="hidden" name="back" value={forms.back} />
    </>
  );
  return (
    <div className="flex min-w-0 flex-col items-start gap-1 text-left sm:min-w-48" data-minimums={row.minimums.length}>
      {row.minimums.length === 0 ? (
        <span className="text-slate-500">{m.none}</span>
      ) : (
        <ul className="space-y-0.5">
          {row.minimums.map((each) => {
            const where = warehouseWords(each.warehouse, texts);
            const values = { warehouse: where, minimum: quantityText(each.minimum, locale) };
            return (
              <li
                key={each.warehouse}
                className="flex items-center gap-2"
                data-minimum-warehouse={each.warehouse}
                data-minimum-below={each.below}
              >
                <span
                  title={named(each.warehouse)}
                  className={each.below ? 'font-medium text-rose-700' : 'text-slate-800'}
                >
                  {fill(each.below ? m.entryBelow : m.entry, values)}
                </span>
                <form method="post" action={forms.action}>
                  {hidden}
                  <input type="hidden" name="warehouse" value={each.warehouse} />
                  <input type="hidden" name="minimum" value="" />
                  <button
                    type="submit"
                    aria-label={fill(m.removeLabel, { item: row.itemCode, warehouse: where })}
                    className="rounded px-1 text-xs text-slate-600 underline hover:text-rose-700 focus-ring"
                  >
                    {m.remove}
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
      {mine && !refused && (
        <p role="status" className="text-xs font-medium text-emerald-800" data-minimum-outcome={mine.result}>
          {fill(mine.result === 'saved' ? m.saved : m.removed, {
            item: row.itemCode,
            warehouse: warehouseWords(mine.warehouse, texts),
          })}
        </p>
      )}
      <details open={refused !== null} className="group">
        <summary
          className="cursor-pointer select-none text-xs font-medium text-brand-700 underline hover:text-brand-600 focus-ring"
          aria-label={fill(m.setLabel, { item: row.itemCode })}
        >
          {m.set}
        </summary>
        <form method="post" action={forms.action} className="mt-1 flex flex-wrap items-end gap-2">
          {hidden}
          <div>
            <label htmlFor={ids.warehouse} className="block text-xs text-slate-700">
              {m.warehouse}
            </label>
            <select
              id={ids.warehouse}
              name="warehouse"
              defaultValue={chosen}
              aria-invalid={refused?.result === 'warehouse-unknown' || undefined}
              className="field"
            >
              <option value="">{m.allWarehouses}</option>
              {forms.warehouses.map((each) => (
                <option key={each.code} value={each.code}>
                  {each.name ? `${each.code} – ${each.name}` : each.code}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.value} className="block text-xs text-slate-700">
              {m.value}
              {row.unit ? ` (${row.unit})` : ''}
            </label>
            <input
              id={ids.value}
              name="minimum"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={MINIMUM_MAX_LENGTH}
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
            {m.save}
          </button>
          {refused && refusal ? (
            <p
              id={ids.note}
              role="alert"
              className="w-full max-w-xs text-xs text-rose-800"
              data-minimum-error={refusal}
            >
              {fill(m.errors[refusal], {
                item: refused.itemCode,
                warehouse: refused.warehouse,
              })}
            </p>
          ) : (
            <p id={ids.note} className="w-full max-w-xs text-xs text-slate-600">
              {m.hint}
            </p>
          )}
        </form>
      </details>
    </div>
  );
}
