import { describe, expect, it } from 'vitest';

import { describeInvoiceProblem, invoiceImportTexts } from '@/lib/base/i18n/invoice-import';

import { expectLineStatesAndStopsNamed, expectSameKeysNoneEmpty } from './words';

/**
 * Every word of the invoice import's pages (issue 21) in Slovak and in English: the same keys, none empty, each line
 * state and stop reason named, and a line's problem put in words whoever wrote it (the sheet's reading, the import's
 * machinery, the service).
 */

const locales = ['sk', 'en'] as const;

describe('the words of an invoice import', () => {
  it('have the same keys in both languages, none empty', () => {
    expectSameKeysNoneEmpty(invoiceImportTexts);
  });

  it('name every line state and every reason sending stops', () => {
    for (const locale of locales) expectLineStatesAndStopsNamed(invoiceImportTexts[locale], locale);
  });

  it('say a line’s problem: the sheet’s naming row, column and value, the machinery’s, the service’s', () => {
    const en = describeInvoiceProblem('en');
    const sk = describeInvoiceProblem('sk');
    const date = { code: 'not-a-date', params: { row: '4', column: 'issueDate', value: '2026-02-30' } };
    expect(en(date)).toContain('Row 4, column issueDate: “2026-02-30”');
    expect(sk(date)).toContain('Riadok 4, stĺpec issueDate: „2026-02-30“');
    expect(en({ code: 'already-sent', params: { importId: 'x', line: '3' } })).toBe(
      'The same invoice was already sent by another import of this company (line 3).',
    );
    expect(en({ code: 'service', text: 'Partner je povinný.' })).toBe('KROS: Partner je povinný.');
    expect(sk({ code: 'service', text: 'Partner je povinný.' })).toBe('Fakturácia: Partner je povinný.');
    expect(en({ code: 'something-new', text: 'As the service said.' })).toBe('As the service said.');
    expect(en({ code: 'something-new' })).toBe('Problem: something-new');
    expect(en({ code: 'constructor' })).toBe('Problem: constructor');
  });
});
