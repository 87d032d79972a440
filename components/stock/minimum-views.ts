import { fill } from '@/lib/base/i18n/documents';
import { formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { StockTexts } from '@/lib/base/i18n/stock';
import { type MinimumOutcome, refusalOf } from '@/lib/features/stock/minimum-outcome';
import type { MirroredWarehouse, StockRow } from '@/lib/features/stock/queries/stock';
import { MINIMUM_MAX_LENGTH } from '@/lib/features/stock/views';

import type { MinimumSetShared } from './minimum-set-form';
import type { StockRowView } from './stock-rows';

/** A quantity or a minimum (exact decimal text) as people read it: "2,5", "1 000", up to four decimals. */
export const quantityText = (value: string, locale: Locale) => formatNumber(value, locale, 4);

/** A minimum's warehouse in words: its code (its name as the title), or "All warehouses". */
export function warehouseWords(code: string, texts: StockTexts): string {
  return code === '' ? texts.minimum.allWarehouses : code;
}

/** What the rows' minimums need of the page. */
export type MinimumForms = {
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
 * An item's minimums as its row shows them (components/stock/stock-rows.tsx): each with its warehouse ("All
 * warehouses", or a code), marked when the quantity is under it, with the remove button's label; what the last form
 * sent for this item did (saved or removed: a status), and its "Set a minimum" (open, as it was typed, with the reason
 * beside the field, when that try was refused).
 */
export function minimumsView(
  row: StockRow,
  index: number,
  forms: MinimumForms,
  texts: StockTexts,
  locale: Locale,
): Pick<StockRowView, 'minimums' | 'outcome' | 'set'> {
  const m = texts.minimum;
  const mine = forms.outcome?.itemCode === row.itemCode ? forms.outcome : null;
  const refusal = refusalOf(mine);
  const refused = refusal ? mine : null;
  const named = (code: string) => forms.warehouses.find((each) => each.code === code)?.name ?? undefined;
  return {
    minimums: row.minimums.map((each) => {
      const where = warehouseWords(each.warehouse, texts);
      const values = { warehouse: where, minimum: quantityText(each.minimum, locale) };
      return {
        warehouse: each.warehouse,
        title: named(each.warehouse),
        text: fill(each.below ? m.entryBelow : m.entry, values),
        below: each.below,
        removeLabel: fill(m.removeLabel, { item: row.itemCode, warehouse: where }),
      };
    }),
    outcome:
      mine && !refused
        ? {
            result: mine.result === 'saved' ? 'saved' : 'removed',
            text: fill(mine.result === 'saved' ? m.saved : m.removed, {
              item: row.itemCode,
              warehouse: warehouseWords(mine.warehouse, texts),
            }),
          }
        : null,
    set: {
      itemCode: row.itemCode,
      index,
      unit: row.unit ?? null,
      label: fill(m.setLabel, { item: row.itemCode }),
      chosen: refused ? refused.warehouse : (forms.warehouse ?? ''),
      refused:
        refused && refusal
          ? {
              typed: refused.typed,
              reason: fill(m.errors[refusal], { item: refused.itemCode, warehouse: refused.warehouse }),
              code: refusal,
              warehouseUnknown: refusal === 'warehouse-unknown',
            }
          : null,
    },
  };
}
