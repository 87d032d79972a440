import { fileDay } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';

import type { Cell } from './columns';

/**
 * How a CSV cell is written in the user's language. CSV has no types, so it follows what a spreadsheet of that
 * language reads back as numbers and days: Slovak `;` between fields, a decimal comma and days as "24. 11. 2026"
 * (Excel set to Slovak reads those as numbers and dates); English `,`, a decimal point and ISO days "2026-11-24"
 * (read as dates whatever the machine's region: "24/11/2026" would be a text or the 11th of December to a US Excel).
 * No thousands separators (they make a number a text to many readers); amounts with at least two decimals, exactly as
 * stored. Texts are guarded against running as formulas. Pure.
 */

export type CsvSeparator = ';' | ',';

export const csvSeparator: Record<Locale, CsvSeparator> = { sk: ';', en: ',' };

/**
 * A text field a spreadsheet would run as a formula (=, +, -, @, tab or carriage return first, also their full-width
 * forms some spreadsheets accept) gets a leading apostrophe, as OWASP recommends against CSV injection: it is shown
 * as text and the apostrophe is not. Numbers are not texts: a negative amount is written as it is.
 */
export function guardedText(value: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
}

/** An exact decimal ("-1234.5") with at least two decimals ("-1234.50"). */
export function decimalText(value: string): string {
  const plain = /^-?\d+(\.\d+)?$/.test(value) ? value : Number(value).toFixed(2);
  const [whole, fraction = ''] = plain.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

export function csvCell(cell: Cell, locale: Locale): string {
  if (cell.value === null) return '';
  switch (cell.type) {
    case 'text':
      // Against CSV injection; amounts, days and counts are ours, never a formula.
      return guardedText(cell.value);
    case 'amount': {
      const decimal = decimalText(cell.value);
      return locale === 'sk' ? decimal.replace('.', ',') : decimal;
    }
    case 'day':
      return fileDay(cell.value, locale);
    case 'count':
      return String(cell.value);
    case 'quantity':
      return locale === 'sk' ? cell.value.replace('.', ',') : cell.value;
    case 'asWritten':
      return cell.value;
  }
}
