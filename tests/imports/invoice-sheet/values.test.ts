import { describe, expect, it } from 'vitest';

import { readDecimal } from '@/lib/base/money';

describe('a number as a sheet writes it', () => {
  it('takes a decimal comma or point, thousands grouped by spaces or by the other separator, a sign or a unit', () => {
    expect(readDecimal('1234.5')).toBe('1234.5');
    expect(readDecimal('1234,5')).toBe('1234.5');
    expect(readDecimal('1 234,50')).toBe('1234.5');
    expect(readDecimal('1\u00a0234,50')).toBe('1234.5');
    expect(readDecimal('1.234,50')).toBe('1234.5');
    expect(readDecimal('1,234.50')).toBe('1234.5');
    expect(readDecimal('1.234.567,89')).toBe('1234567.89');
    expect(readDecimal('-12,5')).toBe('-12.5');
    expect(readDecimal('+7')).toBe('7');
    expect(readDecimal('23 %')).toBe('23');
    expect(readDecimal('99,90 €')).toBe('99.9');
    expect(readDecimal('0,00')).toBe('0');
  });

  it('is no number when its separators do not add up, or it holds anything else', () => {
    for (const text of ['', 'abc', '1,2,3', '12,34.5,6', '1.2.3,4', '12a', '1 2x', '--5']) {
      expect(readDecimal(text), text).toBeNull();
    }
  });
});
