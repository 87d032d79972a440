import { describe, expect, it } from 'vitest';

import { amountOf } from '@/lib/base/money';
import { daysOverdue } from '@/lib/service/records/overdue';

const exact = (text: string) => amountOf(text)!;

/** The unpaid lists' "days overdue" column, counted on the company's calendar. */
describe('days overdue', () => {
  const today = '2026-03-01';

  it('counts whole calendar days since the due date of a document not fully paid', () => {
    expect(daysOverdue({ dueDate: '2026-02-28T00:00:00', paymentStatus: 0 }, today)).toBe(1);
    expect(daysOverdue({ dueDate: '2025-12-31T00:00:00', paymentStatus: 3 }, today)).toBe(60);
    // Across the spring clock change: calendar days, not 24-hour periods.
    expect(daysOverdue({ dueDate: '2026-03-20', paymentStatus: 0 }, '2026-04-02')).toBe(13);
  });

  it('is empty for a document due today or later, paid, overpaid, without a due date or a status', () => {
    expect(daysOverdue({ dueDate: '2026-03-01T00:00:00', paymentStatus: 0 }, today)).toBeNull();
    expect(daysOverdue({ dueDate: '2026-03-02T00:00:00', paymentStatus: 0 }, today)).toBeNull();
    expect(daysOverdue({ dueDate: '2026-01-01T00:00:00', paymentStatus: 1 }, today)).toBeNull();
    expect(daysOverdue({ dueDate: '2026-01-01T00:00:00', paymentStatus: 2 }, today)).toBeNull();
    expect(daysOverdue({ dueDate: null, paymentStatus: 0 }, today)).toBeNull();
    expect(daysOverdue({ dueDate: 'soon', paymentStatus: 0 }, today)).toBeNull();
    expect(daysOverdue({ dueDate: '2026-01-01T00:00:00' }, today)).toBeNull();
  });

  it('is empty for a credit note, however late: it lowers what the partner owes and is never itself overdue', () => {
    const late = { dueDate: '2025-01-25T00:00:00', paymentStatus: 0 };
    const credit = { legislativePrices: { totalPriceInclVat: exact('-1219.55') } };
    expect(daysOverdue({ ...late, invoiceType: 1, prices: credit }, today)).toBeNull();
    expect(daysOverdue({ ...late, invoiceType: 1 }, today)).toBeNull();
    // The type as the mirror's SQL reads it (text), an expense's ReceivedCreditNote, and a total below zero alone.
    expect(daysOverdue({ ...late, invoiceType: '1' }, today)).toBeNull();
    expect(daysOverdue({ ...late, documentType: 17 }, today)).toBeNull();
    expect(daysOverdue({ ...late, prices: { documentPrices: { totalPriceInclVat: exact('-5') } } }, today)).toBeNull();
    // A regular or an advance invoice, a received invoice: counted as before.
    expect(
      daysOverdue({ ...late, invoiceType: 0, prices: { legislativePrices: { totalPriceInclVat: exact('9') } } }, today),
    ).toBe(400);
    expect(daysOverdue({ ...late, invoiceType: 2 }, today)).toBe(400);
    expect(daysOverdue({ ...late, documentType: 10 }, today)).toBe(400);
  });
});
