import { invoiceSheetTexts } from '@/lib/base/i18n/invoice-sheet';
import { readDecimal } from '@/lib/base/money';
import type { LineProblem } from '@/lib/owners/imports/lines';
import { type Cell, type FileColumn } from '@/lib/platform/files/columns';
import { csvText } from '@/lib/platform/files/csv';

import { fieldOfHeader, INVOICE_FIELDS } from './fields';

/**
 * `failed.csv`: the rows of every invoice that is `invalid` or that the service refused (`problem`), as they were
 * read (display.source), with a last column saying why: the problems naming the row, else all of its invoice's (a
 * refused invoice's are the service's). Written by the add-on's one CSV writer (lib/platform/files/csv.ts: UTF-8
 * with its mark, every field quoted) as Slovak Excel's CSV with `;` between columns, like the template: fixed, it
 * imports again as it is. The columns in the template's order (the stored display does not keep the file's). A text
 * a spreadsheet would run as a formula gets a leading apostrophe (the writer's guard against CSV injection; a number
 * such as `-12,30` is written as it was, a cell of its own type); reading takes the apostrophe off again. Pure.
 */

type Source = { row: number; cells: Record<string, string> };

function sourceOf(display: unknown): Source[] {
  const source = (display as { source?: unknown } | null)?.source;
  if (!Array.isArray(source)) return [];
  return source.filter(
    (entry): entry is Source =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as Source).row === 'number' &&
      typeof (entry as Source).cells === 'object',
  );
}

/** A cell as read: a number as it was written, anything else a text (which the writer guards). */
const asRead = (value: string): Cell =>
  readDecimal(value) === null ? { type: 'text', value } : { type: 'asWritten', value };

type FailedRow = { source: Source; why: string };

const order = (header: string) => {
  const field = fieldOfHeader(header);
  return field === null ? INVOICE_FIELDS.length : INVOICE_FIELDS.indexOf(field);
};

export function failedRowsCsv(
  lines: readonly { state: string; problems: LineProblem[]; display: unknown }[],
  describe: (problem: LineProblem) => string,
  whyColumn: string = invoiceSheetTexts.sk.failedRows.why,
): string {
  const failed = lines.filter((line) => line.state === 'invalid' || line.state === 'problem');
  const rows: FailedRow[] = [];
  for (const line of failed) {
    for (const source of sourceOf(line.display)) {
      const own = line.problems.filter((problem) => problem.params?.row === String(source.row));
      rows.push({ source, why: (own.length > 0 ? own : line.problems).map(describe).join(' ') });
    }
  }
  rows.sort((a, b) => a.source.row - b.source.row);
  const headers = [...new Set(rows.flatMap(({ source }) => Object.keys(source.cells)))].sort(
    (a, b) => order(a) - order(b),
  );
  const columns: FileColumn<FailedRow>[] = [
    ...headers.map((header) => ({
      header,
      type: 'text' as const,
      cell: (row: FailedRow) => asRead(row.source.cells[header] ?? ''),
    })),
    { header: whyColumn, type: 'text', cell: (row) => asRead(row.why) },
  ];
  return csvText(columns, rows, { locale: 'sk' });
}
