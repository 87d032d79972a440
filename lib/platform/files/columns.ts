import type { Locale } from '@/lib/base/i18n/messages';

/**
 * The column definition both file writers read (csv.ts, xlsx.ts), so one list's definition feeds both formats: a
 * header, a width, what the column holds and how a row becomes its cell. Each cell is typed, so a writer can make a
 * number a number and a day a day (XLSX) or write them the user's language's way (CSV). Pure.
 */

/**
 * What a cell holds: text, an exact decimal amount (as text, written with two decimals at least), a calendar day
 * (yyyy-MM-dd), a whole count, a quantity (an exact decimal as text, written with exactly the decimals it has), or a
 * number exactly as a person wrote it in an uploaded file ("-12,30", "1 234,50"): given back as it was, and not
 * guarded as a formula in CSV (its minus is a sign; it reads as a number, never as a formula).
 */
export type CellType = 'text' | 'amount' | 'day' | 'count' | 'quantity' | 'asWritten';

/** A cell's value; null is an empty cell. */
export type Cell =
  | { type: 'text'; value: string | null }
  | { type: 'amount'; value: string | null }
  | { type: 'day'; value: string | null }
  | { type: 'count'; value: number | null }
  | { type: 'quantity'; value: string | null }
  | { type: 'asWritten'; value: string | null };

/** The value of a cell of this type. */
export type CellValue<T extends CellType> = Extract<Cell, { type: T }>['value'];

/** A column of a file whose rows are `R`. */
export type FileColumn<R> = {
  header: string;
  /** Width in characters (XLSX); the spreadsheet's default when not given. */
  width?: number;
  type: CellType;
  /** `today`: the company's day, for cells counted from it (days overdue). */
  cell: (row: R, today: string) => Cell;
  /** XLSX: long texts wrapped in their cells, at the top (an explanations' sheet). */
  wrap?: boolean;
};

/** A column of one type, its cells of that type. */
export function column<T extends CellType, R>(
  type: T,
  header: string,
  width: number | undefined,
  value: (row: R, today: string) => CellValue<T> | undefined,
): FileColumn<R> {
  return { header, width, type, cell: (row, today) => ({ type, value: value(row, today) ?? null }) as Cell };
}

/**
 * What a streaming writer is given beside the columns and the rows: the user's language, the company's day (days
 * overdue), the totals rows read once every row is out, and whom to tell of a failure after the first byte.
 */
export type FileOptions = {
  locale: Locale;
  today: string;
  totals: () => Promise<Cell[][]>;
  failed: (error: unknown) => void;
};

/** The rows of each batch as their cells, in the columns' order. */
export async function* cellBatches<R>(
  columns: readonly FileColumn<R>[],
  batches: AsyncIterable<R[]>,
  today: string,
): AsyncIterable<Cell[][]> {
  for await (const batch of batches) yield batch.map((row) => columns.map((each) => each.cell(row, today)));
}

/** A small file's rows as their cells; `today` only for columns that count days from it (a template's do not). */
export function cellRows<R>(columns: readonly FileColumn<R>[], rows: readonly R[], today = ''): Cell[][] {
  return rows.map((row) => columns.map((each) => each.cell(row, today)));
}
