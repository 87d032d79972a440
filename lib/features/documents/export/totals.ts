import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { type TotalRole, totalsRow } from '@/lib/features/lists/export-columns';
import type { MirroredTotals } from '@/lib/owners/mirror/query/totals';
import type { Cell } from '@/lib/platform/files/columns';

import type { ExportColumn } from './columns';

/**
 * The rows an export ends with: the totals the list's totals bar shows for the same view (totalsOfMirrored: how
 * many documents, their sums excl. and incl. VAT in EUR, and, when any document is not in EUR, the sum incl. VAT per
 * currency with its count), after one empty row, so a spreadsheet's sort or filter of the rows above leaves them out.
 * Each row says what it sums in the first column, in the user's language ("Spolu: 3 doklady", "Spolu v CZK:
 * 2 doklady"); the sums stand in their own columns, typed as amounts, so a spreadsheet reads them as numbers. The
 * labels are written as text cells like any other (CSV guards them), and start with a letter anyway. Pure.
 */
export function totalsRows(
  columns: readonly ExportColumn[],
  totals: MirroredTotals,
  texts: DocumentTexts,
  locale: Locale,
): Cell[][] {
  const t = texts.export.totals;
  const documents = (count: number) => countOf(count, texts.documents, locale);
  const row = (values: Partial<Record<TotalRole, string | null>>) => totalsRow(columns, values);

  const rows: Cell[][] = [
    row({}),
    row({
      label: fill(t.all, { count: documents(totals.count) }),
      totalExclVatEur: totals.totalExclVatEur,
      totalInclVatEur: totals.totalInclVatEur,
    }),
  ];
  // As the totals bar: per currency only when some document is not in EUR (else it would repeat the EUR sums).
  const foreign = totals.byCurrency.some((each) => each.currency !== null && each.currency !== 'EUR');
  if (foreign) {
    for (const each of totals.byCurrency) {
      const count = documents(each.count);
      rows.push(
        row({
          label:
            each.currency === null
              ? fill(t.noCurrency, { count })
              : fill(t.currency, { currency: each.currency, count }),
          totalInclVat: each.totalInclVat,
          currency: each.currency,
        }),
      );
    }
  }
  return rows;
}
