import { describe, expect, it } from 'vitest';

import { amountOf, compareAmounts, subtractAmounts, wireNumberOf } from '@/lib/base/money';
import { paymentBodyOf } from '@/lib/features/imports/payment-body';
import { paymentUpload } from '@/lib/service/uploads';

import { line } from './pairing-fixture';

/** What is sent for a paired credit: the service's payment body, the amount a number only there. */
describe('the payment body of a statement line', () => {
  const credit = line({
    index: 3,
    vs: '0000012345',
    amount: '1234.50',
    bookingDate: '2026-06-15',
    endToEndId: '/VS0000012345/SS/KS0308',
    message: 'Úhrada faktúry OF2026000010',
    payer: 'Obchod Hruška s.r.o.',
    iban: 'SK3112000000198742637541',
    externalId: 'st:SK31…:REF3:1',
  });

  it('carries the paired invoice’s own symbol, the account, the line’s date, amount, texts and our externalId', () => {
    const body = paymentBodyOf(credit, { variableSymbol: '12345' }, 501);
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      dateOfPayment: '2026-06-15',
      sumOfPayment: 1234.5,
      variableSymbol: '12345',
      accountId: 501,
      remittanceInformation: 'Úhrada faktúry OF2026000010',
      paymentReference: '/VS0000012345/SS/KS0308',
      partnerName: 'Obchod Hruška s.r.o.',
      externalId: 'st:SK31…:REF3:1',
      paymentType: 1,
    });
    expect(paymentUpload.safeParse(body).success).toBe(true);
  });

  it('carries the line’s own symbol when no invoice is paired, and none when the invoice has none', () => {
    expect(paymentBodyOf(credit, null, 501).variableSymbol).toBe('0000012345');
    expect(paymentBodyOf(line({ message: 'VS 777' }), null, 501).variableSymbol).toBe('777');
    expect(paymentBodyOf(credit, { variableSymbol: null }, 501)).not.toHaveProperty('variableSymbol');
    expect(paymentBodyOf(line({ vs: 'ABCDEFGHIJKL' }), null, 501)).not.toHaveProperty('variableSymbol');
  });

  it('refuses a debit, and an amount a number would not carry exactly', () => {
    expect(() => paymentBodyOf(line({ direction: 'debit' }), null, 501)).toThrow(TypeError);
    expect(() => paymentBodyOf(line({ amount: '12345678901234567.89' }), null, 501)).toThrow(RangeError);
  });
});

describe('exact amounts', () => {
  it('compares decimals written any way, exactly', () => {
    expect(compareAmounts('120.50', '120.5')).toBe(0);
    expect(compareAmounts('0.1', '0.10000000000000001')).toBe(-1);
    expect(compareAmounts('99.99', '100')).toBe(-1);
    expect(compareAmounts('abc', '1')).toBeNull();
    expect(amountOf('0120.500')).toBe('120.5');
    expect(amountOf('-0.00')).toBe('0');
    expect(subtractAmounts('100', '40.25')).toBe('59.75');
    expect(subtractAmounts('100', '100.00')).toBe('0');
    expect(subtractAmounts('10', '10.01')).toBe('-0.01');
    expect(wireNumberOf('0.10')).toBe(0.1);
  });
});
