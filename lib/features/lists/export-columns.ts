import type { Cell, FileColumn } from '@/lib/platform/files/columns';

/** What a column holds in the totals rows at a file's end; nothing when not named. */
export type TotalRole = 'label' | 'totalExclVatEur' | 'totalInclVatEur' | 'totalInclVat' | 'currency';

/**
 * A column of an exported list whose rows are `R` (documents, payments, stock and partners each have theirs): a file
 * column (lib/platform/files/columns.ts) and what it holds in the totals rows.
 */
export type ExportColumn<R> = FileColumn<R> & { total?: TotalRole };

/**
 * One row of a list's totals at its file's end: each column's value of its role (ExportColumn's `total`), the label
 * written as text whatever its column's type (a day column's label is a sentence), every other cell empty.
 */
export function totalsRow<R>(columns: readonly ExportColumn<R>[], values: Partial<Record<TotalRole, string | null>>) {
  return columns.map((column): Cell => {
    if (column.type === 'count') return { type: 'count', value: null };
    const value = (column.total && values[column.total]) ?? null;
    return column.total === 'label' && value !== null ? { type: 'text', value } : { type: column.type, value };
  });
}
