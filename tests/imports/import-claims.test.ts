import { describe, expect, it } from 'vitest';

import type { LineState } from '@/lib/base/imports/states';
import { claimsOfImport, leftAfterImport } from '@/lib/features/imports/import-claims';
import type { ImportLineView } from '@/lib/owners/imports/view';

import { openInvoice } from './pairing-fixture';

/**
 * Pairing a line by hand against what the same import already pays (issue 31): the company's copy does not know the
 * import's own payments yet, so the invoices the search offers are shown with what is left after the import's other
 * lines, and one they pay in full is not offered at all (Xero's and QuickBooks' "match already used").
 */

function importLine(line: string, state: LineState, invoiceId: string | null, amount: string, currency = 'EUR') {
  return {
    line,
    position: Number(line),
    state,
    externalId: `x-${line}`,
    requestId: null,
    payload: null,
    display: { date: '2026-11-20', amount, currency, direction: 'credit' },
    document: invoiceId === null ? null : { id: invoiceId, documentNumber: `OF${invoiceId}` },
    problems: [],
    result: null,
    sentAt: null,
    confirmedAt: null,
  } satisfies ImportLineView;
}

describe('what an import’s other lines pay', () => {
  it('counts the lines that will pay or are paying their invoice, never the line being paired', () => {
    const lines = [
      importLine('1', 'ready', '41', '100.00'),
      importLine('2', 'unmatched', null, '30.00'),
      importLine('3', 'queued', '42', '20.00'),
      importLine('4', 'sent', '42', '5.00'),
      importLine('5', 'excluded', '43', '7.00'),
      importLine('6', 'duplicate', '43', '7.00'),
      importLine('7', 'ready', '44', '9.00'),
    ];
    expect(claimsOfImport(lines, '7')).toEqual([
      { invoiceId: '41', amount: '100.00', currency: 'EUR' },
      { invoiceId: '42', amount: '20.00', currency: 'EUR' },
      { invoiceId: '42', amount: '5.00', currency: 'EUR' },
    ]);
  });
});

describe('the invoices offered to pair a line with', () => {
  const found = [
    { ...openInvoice({ id: '41', amountDue: '100.00' }), open: true },
    { ...openInvoice({ id: '42', amountDue: '100.00' }), open: true },
    { ...openInvoice({ id: '43', amountDue: '50.00' }), open: true },
    { ...openInvoice({ id: '44', amountDue: '0' }), open: false },
  ];

  it('leaves out an invoice the import pays in full and shows what is left on one it pays in part', () => {
    const claims = claimsOfImport(
      [importLine('1', 'ready', '41', '100.00'), importLine('3', 'queued', '42', '20.00')],
      '2',
    );
    const offered = leftAfterImport(found, claims);
    expect(offered.map((invoice) => [invoice.id, invoice.amountDue, invoice.open, invoice.paidByImport])).toEqual([
      ['42', '80', true, '20'],
      ['43', '50.00', true, null],
      ['44', '0', false, null],
    ]);
  });

  it('compares nothing across currencies: a CZK payment lowers no EUR invoice', () => {
    const claims = claimsOfImport([importLine('1', 'ready', '41', '100.00', 'CZK')], '2');
    expect(leftAfterImport(found, claims)[0]).toMatchObject({ id: '41', amountDue: '100.00', paidByImport: null });
  });
});
