import { describe, expect, it } from 'vitest';

import { moneyProblemsOf } from '@/lib/features/imports/line-checks';
import { pairStatement } from '@/lib/features/imports/pairing';
import { importLineOf } from '@/lib/features/imports/statement-import';

import { line, openInvoice } from './pairing-fixture';

/**
 * What a statement's credit must be before it may be `ready` (issue 30): in the currency the chosen account books in
 * (a payment upload names none: the service records the amount in the account's currency), and whole cents (never
 * rounded, never sent finer). Either way the line is `invalid`, says why, and carries nothing to send.
 */
describe('a statement line’s money checks', () => {
  const invoice = openInvoice({ id: '41', variableSymbol: '2026041', amountDue: '1094.54', total: '1094.54' });

  it('1 094.54 CZK on the EUR account does not pay a 1 094.54 EUR invoice: invalid, with the reason', () => {
    const czk = line({ amount: '1094.54', currency: 'CZK', vs: '2026041' });
    const [pairing] = pairStatement([czk], [invoice]);
    const stored = importLineOf(czk, pairing!, '7', 'EUR');
    expect(stored).toMatchObject({ state: 'invalid', payload: null });
    expect(stored.document ?? null).toBeNull();
    expect(stored.problems).toEqual([{ code: 'currency-not-account', params: { currency: 'CZK', account: 'EUR' } }]);

    // The same payment in euros pays it.
    const eur = line({ amount: '1094.54', currency: 'EUR', vs: '2026041' });
    expect(importLineOf(eur, pairStatement([eur], [invoice])[0]!, '7', 'EUR')).toMatchObject({
      state: 'ready',
      payload: { sumOfPayment: 1094.54, variableSymbol: '2026041', accountId: 7 },
    });
  });

  it('an amount with more than two decimals is invalid: neither rounded nor sent as it is', () => {
    const fine = line({ amount: '1094.545', vs: '2026041' });
    const stored = importLineOf(fine, pairStatement([fine], [invoice])[0]!, '7', 'EUR');
    expect(stored).toMatchObject({ state: 'invalid', payload: null });
    expect(stored.problems).toEqual([{ code: 'amount-too-precise', params: { amount: '1094.545' } }]);
  });

  it('says both when both are wrong; a debit is left out whatever its currency', () => {
    expect(moneyProblemsOf(line({ amount: '0.125', currency: 'USD' }), 'EUR').map((p) => p.code)).toEqual([
      'currency-not-account',
      'amount-too-precise',
    ]);
    const debit = line({ direction: 'debit', currency: 'CZK' });
    expect(importLineOf(debit, pairStatement([debit], [])[0]!, '7', 'EUR')).toMatchObject({ state: 'excluded' });
  });

  it('compares the currency only when the account’s is known', () => {
    expect(moneyProblemsOf(line({ currency: 'CZK' }), null)).toEqual([]);
    expect(moneyProblemsOf(line({ currency: 'EUR' }), 'eur')).toEqual([]);
  });
});
