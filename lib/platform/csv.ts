import { type Options, type Stringifier, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * The one way the add-on writes a CSV file: the exports (lib/features/documents/export/csv.ts), failed.csv and the
 * invoice template (lib/features/imports/invoices/). UTF-8 with a BOM (without it Excel reads the file in the
 * machine's legacy code page and mangles "Hruška"), CRLF line ends (RFC 4180), and every field that is not empty in
 * quotes. Quoting only where the file's own separator needs it is not enough: a spreadsheet set to the other
 * language's separator (`,` for a Slovak `;` file, or the reverse) would split an unquoted `Firma a.s.,=1+1` in two
 * and could read the second part as a formula (the guard's apostrophe only stands at the start of the whole field),
 * or split a Slovak amount "120,50" and shift every column after it. Quotes are CSV's syntax, not the value's:
 * spreadsheets still read a quoted "120,50" as a number, and our own reader takes them off.
 * What a field holds is its writer's business, but a text must go through `guardedText` first.
 */

export type CsvSeparator = ';' | ',';

const options = (separator: CsvSeparator): Options => ({
  bom: true,
  delimiter: separator,
  record_delimiter: 'windows',
  quoted: true,
});

/** A stream writer: records (arrays of fields) in, the file's bytes out. */
export function csvStringifier(separator: CsvSeparator): Stringifier {
  return stringify(options(separator));
}

/** A small file written at once: its records as the file's text (the BOM first). */
export function csvText(records: readonly (readonly string[])[], separator: CsvSeparator): string {
  return stringifySync(records as string[][], options(separator));
}

/**
 * A text field a spreadsheet would run as a formula (=, +, -, @, tab or carriage return first, also their full-width
 * forms some spreadsheets accept) gets a leading apostrophe, as OWASP recommends against CSV injection: it is shown
 * as text and the apostrophe is not. Numbers are not texts: a negative amount is written as it is.
 */
export function guardedText(value: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
}
