import { describe, expect, it } from 'vitest';

import { paymentAmounts } from '@/lib/service/records/present';
import { exactAmount, pricesSchema } from '@/lib/service/schemas/common';

/**
 * Paid and left to pay, for the lists and detail pages of invoices and expenses. The service gives invoices both
 * sums; expenses carry only their payment status (0 not paid, 1 paid, 2 overpaid, 3 partly paid).
 */
const prices = (total: number) => pricesSchema.parse({ currency: 'EUR', documentPrices: { totalPriceInclVat: total } });
const sum = (value: number) => exactAmount.parse(value);

describe('what is paid and what is left to pay', () => {
  it('takes the sums the service gives, as they are', () => {
    expect(
      paymentAmounts({ paymentStatus: 3, prices: prices(120), sumOfPayments: sum(20), sumForPayment: sum(100) }),
    ).toEqual({
      paid: '20',
      left: '100',
    });
  });

  it('settles an unpaid document from its status: nothing paid, the whole total left', () => {
    expect(paymentAmounts({ paymentStatus: 0, prices: prices(120) })).toEqual({ paid: '0', left: '120' });
  });

  it('settles a paid document from its status: the whole total paid, nothing left', () => {
    expect(paymentAmounts({ paymentStatus: 1, prices: prices(-30.5) })).toEqual({ paid: '-30.5', left: '0' });
  });

  it('knows of an overpaid document only that nothing is left', () => {
    expect(paymentAmounts({ paymentStatus: 2, prices: prices(50) })).toEqual({ paid: null, left: '0' });
  });

  it('does not guess the sums of a partly paid document, or of one without a status or total', () => {
    expect(paymentAmounts({ paymentStatus: 3, prices: prices(50) })).toEqual({ paid: null, left: null });
    expect(paymentAmounts({ prices: prices(50) })).toEqual({ paid: null, left: null });
    expect(paymentAmounts({ paymentStatus: 0, prices: null })).toEqual({ paid: null, left: null });
  });
});
