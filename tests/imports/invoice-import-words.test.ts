import { describe, expect, it } from 'vitest';

import { describeInvoiceProblem, invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { LINE_STATES, STOP_REASONS } from '@/lib/base/imports/states';

/**
 * Every word of the invoice import's pages (issue 21) in Slovak and in English: the same keys, none empty, each line
 * state and stop reason named, and a line's problem put in words whoever wrote it (the sheet's reading, the import's
 * machinery, the service).
 */

const locales = ['sk', 'en'] as const;

function leaves(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(path, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, text] of leaves(child, path ? `${path}.${key}` : key)) found.set(leaf, text);
    }
  }
  return found;
}

describe('the words of an invoice import', () => {
  it('have the same keys in both languages, none empty', () => {
    const sk = leaves(invoiceImportTexts.sk);
    const en = leaves(invoiceImportTexts.en);
    expect([...en.keys()].sort()).toEqual([...sk.keys()].sort());
    for (const [key, text] of [...sk, ...en]) expect(text.trim(), key).not.toBe('');
  });

  it('name every line state and every reason sending stops', () => {
    for (const locale of locales) {
      const t = invoiceImportTexts[locale];
      for (const state of LINE_STATES) {
        expect(t.states[state], `${locale} ${state}`).toBeTruthy();
        expect(t.stateHints[state], `${locale} ${state}`).toBeTruthy();
      }
      for (const reason of STOP_REASONS) expect(t.stop[reason], `${locale} ${reason}`).toBeTruthy();
    }
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
