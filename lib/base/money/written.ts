import { type Amount, amountOf } from './amount';

/**
 * Amounts as files write them (bank statements, invoice sheets): read by moving digits, never through a float.
 * A statement's line keeps the statements' canonical text: no leading zeros, at least two fraction digits and no
 * trailing zeros past them ('0120.5' → '120.50', '1234567.890' → '1234567.89', '0.125' → '0.125'). Pure.
 */
export function canonicalDecimal(integer: string, fraction: string): string {
  const whole = integer.replace(/^0+(?=\d)/, '') || '0';
  const cents = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${cents}`;
}

/** An amount read from a file: its sign apart, its magnitude in the statements' canonical text. */
export type SignedDecimal = { negative: boolean; value: string };

/** A plain decimal as XML schemas write it ('120.50', '120', '.5' not allowed): null when it is anything else. */
export function readPlainDecimal(raw: string): SignedDecimal | null {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(raw.trim());
  if (!match) return null;
  return { negative: match[1] === '-', value: canonicalDecimal(match[2]!, match[3] ?? '') };
}

/**
 * A decimal as people and spreadsheets write it: a decimal comma or point (as the file's separator says), thousands
 * grouped by spaces (also no-break) or apostrophes, or by the other separator in groups of three ('1.234.567,89'),
 * a sign in front ('-', '+', '−') or a trailing minus. Null when it is not such a number: '120.50' read with a
 * decimal comma is refused, never taken for 12050.
 */
export function readWrittenDecimal(raw: string, decimalSeparator: ',' | '.'): SignedDecimal | null {
  let text = raw.trim().replace(/[\s\u00a0\u202f']/g, '');
  const negative = /^[-−]/.test(text) || /\d-$/.test(text);
  text = text.replace(/^[-+−]|-$/g, '');
  const match = (decimalSeparator === ',' ? commaDecimal : pointDecimal).exec(text);
  if (!match) return null;
  return { negative, value: canonicalDecimal(match[1]!.replace(/[.,]/g, ''), match[2] ?? '') };
}

const commaDecimal = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d*))?$/;
const pointDecimal = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/;

/**
 * Which separator a column of written amounts uses: the first value that tells (two fraction digits, or grouping
 * beside a separator) decides; three digits after one separator alone ('1,234') tell nothing. A comma by default.
 */
export function guessDecimalSeparator(values: string[]): ',' | '.' {
  for (const value of values) {
    const text = value.replace(/[\s\u00a0\u202f']/g, '');
    if (/\d,\d{1,2}$/.test(text) || /\d,\d{4,}$/.test(text) || /\.\d{3},/.test(text)) return ',';
    if (/\d\.\d{1,2}$/.test(text) || /\d\.\d{4,}$/.test(text) || /,\d{3}\./.test(text)) return '.';
  }
  return ',';
}

/** Whether a statements' canonical text is zero ('0.00'). */
export const isZeroDecimal = (value: string) => /^0\.0+$/.test(value);

/**
 * A decimal as an invoice sheet writes it: `1234.5`, `1234,5`, `1 234,50`, `1.234,50`, `1,234.50`, with a sign in
 * front (or a trailing minus) and a trailing `%` or `€` left out. The separator written last is the decimal one (a
 * lone comma is a decimal comma); readWrittenDecimal does the rest. The amount (`1234.5`), or null when it is not a
 * number.
 */
export function readDecimal(text: string): Amount | null {
  const value = text.trim().replace(/\s*(%|€|EUR)$/i, '');
  const separator = value.lastIndexOf(',') > value.lastIndexOf('.') ? ',' : '.';
  const read = readWrittenDecimal(value, separator);
  return read && amountOf(`${read.negative ? '-' : ''}${read.value}`);
}
