import { describe, expect, it } from 'vitest';

import { canonicalDecimal, guessDecimalSeparator, readPlainDecimal, readWrittenDecimal } from '@/lib/base/money';
import { readStatement } from '@/lib/features/imports/statements/read-statement';

import { bytesOf, camt053, entry } from './statement-files';

/** Sums decimal strings in cents with BigInt: what exact arithmetic on the lines' amounts gives. */
const sumCents = (amounts: string[]) =>
  amounts.reduce((total, amount) => total + BigInt(amount.replace('.', '').replace(/^0+(?=\d)/, '')), 0n);

/**
 * Amounts are exact decimal strings from the file to the line (lib/base/money/written.ts): digits
 * are moved, never computed with floats.
 */
describe('amounts', () => {
  it('have one canonical form: no leading zeros, at least two fraction digits, no trailing zeros past them', () => {
    expect(canonicalDecimal('0120', '5')).toBe('120.50');
    expect(canonicalDecimal('0', '')).toBe('0.00');
    expect(canonicalDecimal('1234567', '890')).toBe('1234567.89');
    expect(canonicalDecimal('0', '125')).toBe('0.125');
  });

  it('are read from camt.053 as written, where a float would not keep them', () => {
    const amounts = ['0.1', '0.2', '0.30', '1234567.89', '12345678901234567.89', '9007199254740993'];
    const lines = readStatement(
      bytesOf(camt053(amounts.map((amount, at) => entry({ amount, reference: `R${at}` })).join(''))),
    ).lines;
    expect(lines.map((line) => line.amount)).toEqual([
      '0.10',
      '0.20',
      '0.30',
      '1234567.89',
      '12345678901234567.89',
      '9007199254740993.00',
    ]);
    // 0.1 + 0.2 is 0.3 exactly (a float makes it 0.30000000000000004).
    expect(sumCents([lines[0]!.amount, lines[1]!.amount])).toBe(sumCents([lines[2]!.amount]));
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it('refuse what is not a plain decimal in XML', () => {
    expect(readPlainDecimal('120.50')).toEqual({ negative: false, value: '120.50' });
    expect(readPlainDecimal('-5')).toEqual({ negative: true, value: '5.00' });
    for (const raw of ['1e3', '12,50', '.5', '', 'NaN', '0x10']) expect(readPlainDecimal(raw), raw).toBeNull();
  });

  it('are read as people write them, by the file’s decimal separator', () => {
    expect(readWrittenDecimal('1 234 567,89', ',')).toEqual({ negative: false, value: '1234567.89' });
    expect(readWrittenDecimal('1\u00a0234,5', ',')).toEqual({ negative: false, value: '1234.50' });
    expect(readWrittenDecimal('1.234.567,89', ',')).toEqual({ negative: false, value: '1234567.89' });
    expect(readWrittenDecimal('-45,00', ',')).toEqual({ negative: true, value: '45.00' });
    expect(readWrittenDecimal('45,00-', ',')).toEqual({ negative: true, value: '45.00' });
    expect(readWrittenDecimal('−7', ',')).toEqual({ negative: true, value: '7.00' });
    expect(readWrittenDecimal('+0,1', ',')).toEqual({ negative: false, value: '0.10' });
    expect(readWrittenDecimal("1'234.50", '.')).toEqual({ negative: false, value: '1234.50' });
    expect(readWrittenDecimal('1,234.50', '.')).toEqual({ negative: false, value: '1234.50' });
    // The wrong separator is refused, never read as another number.
    expect(readWrittenDecimal('120.50', ',')).toBeNull();
    expect(readWrittenDecimal('120,50', '.')).toBeNull();
    expect(readWrittenDecimal('12,5,0', ',')).toBeNull();
    expect(readWrittenDecimal('EUR 5', ',')).toBeNull();
  });

  it('tell their separator by the first value that shows it; a comma when none does', () => {
    expect(guessDecimalSeparator(['1,234', '10.50'])).toBe('.');
    expect(guessDecimalSeparator(['1.234', '10,5'])).toBe(',');
    expect(guessDecimalSeparator(['1.234,56'])).toBe(',');
    expect(guessDecimalSeparator(['1,234.56'])).toBe('.');
    expect(guessDecimalSeparator(['100', '1,234'])).toBe(',');
  });
});
