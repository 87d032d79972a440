import { invoiceSheetTexts } from '@/lib/base/i18n/invoice-sheet';
import { readDecimal } from '@/lib/base/money';
import type { LineProblem } from '@/lib/owners/imports/lines';
import { csvText, guardedText } from '@/lib/platform/csv';

import { fieldOfHeader, INVOICE_FIELDS } from './fields';

/**
 * `failed.csv`: the rows of every invoice that is `invalid` or that the service refused (`problem`), as they were
 * read (display.source), with a last column saying why: the problems naming the row, else all of its invoice's (a
 * refused invoice's are the service's). Written by the add-on's one CSV writer (lib/platform/csv.ts: UTF-8 with its
 * mark, every field quoted) with `;` between columns, like the template: fixed, it imports again as it is. The columns in the template's order (the stored display does not keep the file's). A text
 * a spreadsheet would run as a formula gets a leading apostrophe (the export's guard against CSV injection; a number
 * such as `-12,30` is left as it is); reading takes the apostrophe off again. Pure.
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

const guarded = (value: string) => (readDecimal(value) === null ? guardedText(value) : value);

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
  const rows: { source: Source; why: string }[] = [];
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
  const records = [
    [...headers, whyColumn],
    ...rows.map(({ source, why }) => [...headers.map((header) => guarded(source.cells[header] ?? '')), guarded(why)]),
  ];
  return csvText(records, ';');
}
