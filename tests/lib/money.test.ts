import { describe, expect, it } from 'vitest';

import { formatMoney, formatNumber } from '@/lib/base/i18n/format';
import {
  addAmounts,
  amountAtRatio,
  amountOf,
  amountOfNumber,
  amountOfSql,
  centsOf,
  compareAmounts,
  eurCentsAt,
  isNegativeAmount,
  isZeroAmount,
  moneyText,
  plainTextOfNumber,
  readDecimal,
  readPlainDecimal,
  readWrittenDecimal,
  roundToCents,
  subtractAmounts,
  sumAmounts,
  twoPlaces,
  vatInTotal,
  wireNumberOf,
} from '@/lib/base/money';

/** Intl's spaces (no-break, narrow no-break) as plain ones, so the expected texts read as written. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('an amount (lib/base/money): exact decimals, one text per value', () => {
  it('is read from SQL numeric text and written without leading or trailing zeros', () => {
    expect(amountOf('120.50')).toBe('120.5');
    expect(amountOf(' 0120.500 ')).toBe('120.5');
    expect(amountOf('-0.00')).toBe('0');
    expect(amountOf('-3')).toBe('-3');
    expect(amountOfSql(null)).toBeNull();
    expect(amountOfSql('12345678901234567.89')).toBe('12345678901234567.89');
  });

  it('refuses what is no plain decimal', () => {
    for (const text of ['', ' ', '1e3', '12,50', '.5', '5.', '+5', '--5', 'NaN', 'Infinity', '0x10', '1 000']) {
      expect(amountOf(text), text).toBeNull();
    }
  });

  it("is read from the service's JSON numbers through their shortest text, never a float's digits", () => {
    expect(amountOfNumber(0.1)).toBe('0.1');
    expect(amountOfNumber(120.5)).toBe('120.5');
    expect(amountOfNumber(1.005)).toBe('1.005');
    expect(amountOfNumber(-0)).toBe('0');
    expect(amountOfNumber(1e-7)).toBe('0.0000001');
    expect(amountOfNumber(-1.25e-7)).toBe('-0.000000125');
    expect(amountOfNumber(1e21)).toBe('1000000000000000000000');
    expect(plainTextOfNumber(1.5e22)).toBe('15000000000000000000000');
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(amountOfNumber(value)).toBeNull();
    }
  });

  it('adds and subtracts exactly where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(subtractAmounts('0.3', '0.1')).toBe('0.2');
    expect(subtractAmounts('10', '10.01')).toBe('-0.01');
    expect(sumAmounts(Array.from({ length: 1000 }, () => '0.01'))).toBe('10');
    expect(sumAmounts(['12345678901234567.89', '0.01'])).toBe('12345678901234567.9');
    expect(sumAmounts([])).toBe('0');
    expect(sumAmounts(['1', 'abc'])).toBeNull();
    expect(addAmounts('1', '1e3')).toBeNull();
  });

  it('compares exactly, whatever the zeros', () => {
    expect(compareAmounts('120.50', '120.5')).toBe(0);
    expect(compareAmounts('0.1', '0.10000000000000001')).toBe(-1);
    expect(compareAmounts('-2', '-10')).toBe(1);
    expect(compareAmounts('99.99', '100')).toBe(-1);
    expect(compareAmounts('abc', '1')).toBeNull();
    expect(isZeroAmount('0.00')).toBe(true);
    expect(isZeroAmount('-0')).toBe(true);
    expect(isZeroAmount('0.001')).toBe(false);
    expect(isZeroAmount('')).toBe(false);
    expect(isNegativeAmount('-0.01')).toBe(true);
    expect(isNegativeAmount('-0.00')).toBe(false);
  });
});

describe('cents and rounding: half away from zero, as the service and Slovak invoices round', () => {
  it('rounds to the cent where a float rounds 1.005 down', () => {
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the float 1.005 is 1.00499999999999989…
    expect(roundToCents('1.005')).toBe('1.01');
    expect(roundToCents('-1.005')).toBe('-1.01');
    expect(roundToCents('2.675')).toBe('2.68');
    expect(roundToCents('0.004')).toBe('0');
    expect(roundToCents('7.1')).toBe('7.1');
    expect(roundToCents('x')).toBeNull();
  });

  it('counts cents of amounts with at most two places, and writes cents back with two', () => {
    expect(centsOf('12.3')).toBe(1230n);
    expect(centsOf('-0.05')).toBe(-5n);
    expect(centsOf('1.005')).toBeNull();
    expect(centsOf('1e3')).toBeNull();
    expect(moneyText(-1234n)).toBe('-12.34');
    expect(moneyText(5n)).toBe('0.05');
  });

  it('takes the VAT out of a total per rate, and converts to EUR at a rate, to the cent', () => {
    expect(vatInTotal(12300n, '23')).toBe(2300n);
    expect(vatInTotal(1000n, '19')).toBe(160n); // 159.66… → 160
    expect(vatInTotal(105n, '5')).toBe(5n);
    expect(eurCentsAt(2500n, '25.125')).toBe(100n); // 99.50… → 100
    expect(eurCentsAt(-2500n, '25.125')).toBe(-100n);
  });

  it('takes an amount at a ratio (a document’s EUR share) and writes money with two places', () => {
    expect(amountAtRatio('100', '40', '1000')).toBe('4');
    expect(amountAtRatio('10', '1', '3')).toBe('3.33');
    expect(amountAtRatio('0.05', '1', '2')).toBe('0.03'); // 0.025 → 0.03
    expect(amountAtRatio('-0.05', '1', '2')).toBe('-0.03');
    expect(amountAtRatio('10', '-1', '-4')).toBe('2.5');
    expect(amountAtRatio('10', '1', '0.00')).toBeNull();
    expect(twoPlaces('66.7')).toBe('66.70');
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(twoPlaces('1.005')).toBe('1.01');
    expect(twoPlaces('abc')).toBeNull();
  });

  it('gives the wire a number only when the number carries the amount exactly', () => {
    expect(wireNumberOf('0.10')).toBe(0.1);
    expect(() => wireNumberOf('12345678901234567.89')).toThrow(RangeError);
    expect(() => wireNumberOf('abc')).toThrow(RangeError);
  });
});

describe('amounts as files write them', () => {
  it('keeps the statements’ canonical text, by moving digits', () => {
    expect(readPlainDecimal('0120.5')).toEqual({ negative: false, value: '120.50' });
    expect(readWrittenDecimal('1 234 567,89', ',')).toEqual({ negative: false, value: '1234567.89' });
    expect(readWrittenDecimal('120.50', ',')).toBeNull();
  });

  it('reads an invoice sheet’s decimal to an amount', () => {
    expect(readDecimal('1.234,50 €')).toBe('1234.5');
    expect(readDecimal('-12,5')).toBe('-12.5');
    expect(readDecimal('abc')).toBeNull();
  });
});

describe('amounts formatted for people (sk-SK, en)', () => {
  it('writes an amount’s text digit for digit, past what a double holds', () => {
    expect(plain(formatMoney('12345678901234567.89', 'EUR', 'sk'))).toBe('12 345 678 901 234 567,89 €');
    expect(plain(formatMoney('12345678901234567.89', 'EUR', 'en'))).toBe('€12,345,678,901,234,567.89');
    expect(Number('12345678901234567.89')).toBe(12345678901234568);
  });

  it('rounds to the cent half away from zero', () => {
    expect(plain(formatMoney('1.005', 'EUR', 'sk'))).toBe('1,01 €');
    expect(plain(formatMoney('-1.005', 'EUR', 'en'))).toBe('-€1.01');
    expect(plain(formatMoney('0.125', 'CZK', 'sk'))).toBe('0,13 CZK');
  });

  it('writes the same for an amount’s text and the number of the same value', () => {
    expect(formatMoney('1234.5', 'EUR', 'sk')).toBe(formatMoney(1234.5, 'EUR', 'sk'));
    expect(formatMoney('1234.5', 'USD', 'en')).toBe(formatMoney(1234.5, 'USD', 'en'));
    expect(plain(formatMoney('1234.5', 'xx', 'sk'))).toBe('1 234,50 XX');
    expect(plain(formatMoney('1234.5', null, 'en'))).toBe('1,234.50');
  });

  it('shows a dash for no amount and for text that is no decimal', () => {
    for (const value of [null, undefined, '', 'abc', '1e3', Number.NaN])
      expect(formatMoney(value, 'EUR', 'sk')).toBe('—');
  });

  it('writes quantities and rates digit for digit too', () => {
    expect(plain(formatNumber('1234.5678', 'sk', 4))).toBe('1 234,5678');
    expect(formatNumber('25.125', 'en', 6)).toBe('25.125');
    expect(formatNumber('x', 'en')).toBe('—');
  });
});
