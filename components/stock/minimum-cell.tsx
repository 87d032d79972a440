import { fill } from '@/lib/base/i18n/documents';
import { formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { StockTexts } from '@/lib/base/i18n/stock';
import { type MinimumOutcome, refusalOf } from '@/lib/features/stock/minimum-outcome';
import type { MirroredWarehouse, StockRow } from '@/lib/owners/mirror/query/stock';
import { MINIMUM_MAX_LENGTH } from '@/lib/owners/stock/minimum-value';

import { MinimumSetForm, type MinimumSetShared } from './minimum-set-form';

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
  /** What every row's "Set a minimum" shares: one object for the page, so React's payload carries it once. */
  shared: MinimumSetShared;
};

/** The part of every row's "Set a minimum" that is the page's, built once per page. */
export function minimumSetShared(
  action: string,
  back: string,
  warehouses: readonly MirroredWarehouse[],
  texts: StockTexts,
): MinimumSetShared {
  const m = texts.minimum;
  return {
    action,
    back,
    warehouses: warehouses.map((each) => ({
      code: each.code,
      label: each.name ? `${each.code} – ${each.name}` : each.code,
    })),
    maxLength: MINIMUM_MAX_LENGTH,
    words: {
      set: m.set,
      warehouse: m.warehouse,
      allWarehouses: m.allWarehouses,
      value: m.value,
      save: m.save,
      hint: m.hint,
    },
  };
}

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
      <MinimumSetForm
        shared={forms.shared}
        row={{
          itemCode: row.itemCode,
          index,
          unit: row.unit ?? null,
          label: fill(m.setLabel, { item: row.itemCode }),
          chosen,
          refused:
            refused && refusal
              ? {
                  typed: refused.typed,
                  reason: fill(m.errors[refusal], { item: refused.itemCode, warehouse: refused.warehouse }),
                  code: refusal,
                  warehouseUnknown: refusal === 'warehouse-unknown',
                }
              : null,
        }}
      />
    </div>
  );
}
