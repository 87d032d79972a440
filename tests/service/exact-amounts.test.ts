import { describe, expect, it } from 'vitest';

import { amountOf } from '@/lib/base/money';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { parseList } from '@/lib/service/parse';
import { amountDueOf } from '@/lib/service/records/left-to-pay';
import { amount, exactAmount, wireRecordOf } from '@/lib/service/schemas/common';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

/**
 * The service's money fields come out of the schemas as exact decimals (docs/money.md): JSON.parse gives a double,
 * and the double's shortest text (ECMAScript's Number-to-String) is the decimal the service wrote for every amount
 * of up to 15 significant digits. No arithmetic touches it on the way.
 */
const read = (json: string) => amount.parse(JSON.parse(json));

describe('an amount from the service’s JSON', () => {
  it('is the decimal the JSON wrote, not the double’s binary value', () => {
    expect(read('0.1')).toBe('0.1');
    expect(read('0.3')).toBe('0.3');
    expect(read('1.005')).toBe('1.005');
    expect(read('2.675')).toBe('2.675');
    expect(read('123456789012.35')).toBe('123456789012.35');
    expect(read('-48.81')).toBe('-48.81');
  });

  it('is written in its canonical text: no trailing zeros, no exponent, no negative zero', () => {
    expect(read('120.50')).toBe('120.5');
    expect(read('100')).toBe('100');
    expect(read('-0')).toBe('0');
    expect(read('-0.00')).toBe('0');
    expect(read('1e21')).toBe('1000000000000000000000');
    expect(read('1.5E-7')).toBe('0.00000015');
  });

  it('keeps a double’s own shortest text where the JSON had more digits than a double holds (no amount has)', () => {
    // The sandbox's catalog writes such a float product; what the service wrote is the same double's text.
    expect(read('13.530000000000001')).toBe('13.530000000000001');
    expect(read('0.30000000000000004')).toBe('0.30000000000000004');
  });

  it('refuses what is no number, as before: a text, a boolean; null and absence stay as they are', () => {
    expect(amount.safeParse('12.50').success).toBe(false);
    expect(amount.safeParse(true).success).toBe(false);
    expect(amount.parse(null)).toBeNull();
    expect(amount.parse(undefined)).toBeUndefined();
  });
});

describe('a record back as the service wrote it (the copy’s record column)', () => {
  it('gives each amount its JSON number again, exactly the double the answer held, and every other field as it is', () => {
    const wire = {
      id: 4711,
      documentNumber: 'FA2026000206',
      prices: {
        currency: 'EUR',
        legislativePrices: { totalPrice: 0.1, vatTotalPrice: 0.02, totalPriceInclVat: 13.530000000000001 },
      },
      items: [{ name: 'Croissant', quantity: 2, unitPrice: 1.005 }],
      sumForPayment: -0,
      somethingNew: { nested: 1.5 },
    };
    const parsed = invoiceSchema.parse(wire);
    expect(parsed.prices?.legislativePrices?.totalPrice).toBe('0.1');
    expect(parsed.items?.[0]?.unitPrice).toBe('1.005');
    const back = wireRecordOf(invoiceSchema, parsed);
    expect(back).toEqual({ ...wire, sumForPayment: 0 });
  });

  it('hands back the answer’s own JSON for a record read from an answer, untouched since', () => {
    const answer = [{ id: '4711', prices: { legislativePrices: { totalPrice: 0.1 } }, somethingNew: 'kept' }];
    const [parsed] = parseList(invoiceSchema, JSON.stringify({ data: answer }), 'GET invoices');
    expect(parsed!.id).toBe(4711);
    // The id as the service wrote it (a text), where encoding the parsed record would give a number.
    expect(wireRecordOf(invoiceSchema, parsed!)).toEqual(answer[0]);
    // A record changed after parsing is a new object: it is encoded again, with its change.
    const changed = { ...parsed!, documentNumber: 'FA1' };
    expect(wireRecordOf(invoiceSchema, changed)).toEqual({ ...answer[0], id: 4711, documentNumber: 'FA1' });
  });

  it('gives back a number JSON writes with an exponent, as the answer held it (a leftover quantity, a huge total)', () => {
    for (const number of [1e21, 1.5e-7, 2.220446049250313e-16, -3.5e-9]) {
      expect(exactAmount.encode(exactAmount.parse(number))).toBe(number);
    }
  });

  it('stores a record that had to be cleaned of unstorable text, exponent amounts and all', () => {
    const answer = [
      { id: 7, documentNumber: 'FA\u0000 1', items: [{ name: 'Rest', quantity: 2.220446049250313e-16 }] },
    ];
    const [parsed] = parseList(invoiceSchema, JSON.stringify({ data: answer }), 'GET invoices');
    const row = documentRow('invoices', parsed!);
    expect(row.record).toMatchObject({ documentNumber: 'FA\uFFFD 1', items: [{ quantity: 2.220446049250313e-16 }] });
  });

  it('gives an exact amount’s number only where a double carries it back to the same decimal', () => {
    expect(exactAmount.encode(exactAmount.parse(2.675))).toBe(2.675);
  });
});

describe('what is left to pay, read from a record', () => {
  it('counts a JSON number in a field the kind’s schema does not name, as it counts the schemas’ amounts', () => {
    expect(amountDueOf({ sumForPayment: 12.5 }, null, null)).toBe('12.5');
    expect(amountDueOf({ sumOfPayments: 33.33 }, 3, amountOf('100'))).toBe('66.67');
    expect(amountDueOf({ sumForPayment: 'twelve' }, 1, amountOf('100'))).toBe('0');
  });
});
