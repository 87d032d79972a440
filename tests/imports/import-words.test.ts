import { describe, expect, it } from 'vitest';

import { importsTexts, problemWords } from '@/lib/base/i18n/imports';
import { PAIRING_MATCHES, PAIRING_REASONS } from '@/lib/base/imports/payment-display';
import type { ImportDetail } from '@/lib/owners/imports/view';
import { importViewIn } from '@/lib/owners/imports/view';

import { expectLineStatesAndStopsNamed, expectSameKeysNoneEmpty } from './words';

/**
 * Every word an import's page and its JSON view say (issue 20): each line state, each problem code the machinery
 * writes, each pairing reason and each reason sending stops has its words in Slovak and in English, and the JSON
 * view's problems come in the user's language.
 */

/** The problem codes lib/owners/imports writes (create.ts, outcomes.ts, confirm.ts, lines.ts) and the upload's. */
const PROBLEM_CODES = [
  'already-sent',
  'repeated-in-file',
  'service',
  'refused-by-service',
  'refused-with-batch',
  'invalid-payload',
  'payment-unsendable',
  'currency-not-account',
  'amount-too-precise',
];

const locales = ['sk', 'en'] as const;

describe('the words of an import', () => {
  it('have the same keys in both languages, none empty', () => {
    expectSameKeysNoneEmpty(importsTexts);
  });

  it('name every line state, every stop reason, every pairing reason and match', () => {
    for (const locale of locales) {
      const t = importsTexts[locale];
      expectLineStatesAndStopsNamed(t, locale);
      for (const reason of PAIRING_REASONS) expect(t.reasons[reason], `${locale} ${reason}`).toBeTruthy();
      for (const match of PAIRING_MATCHES) expect(t.reasons[match], `${locale} ${match}`).toBeTruthy();
      for (const state of ['draft', 'sending', 'done', 'problems'] as const) expect(t.importStates[state]).toBeTruthy();
    }
    expect(importsTexts.sk.states.duplicate).toBe('Duplicitná');
    expect(importsTexts.en.reasons.partial).toMatch(/^Partial payment/);
  });

  it('say every problem code in words, filling in its details, never the code itself', () => {
    for (const locale of locales) {
      const t = importsTexts[locale];
      for (const code of PROBLEM_CODES) {
        const words = problemWords(
          {
            code,
            text: 'Suma musí byť kladná.',
            params: { line: '3', fields: 'x', currency: 'CZK', account: 'EUR', amount: '1.125' },
          },
          t,
        );
        expect(words, `${locale} ${code}`).not.toContain(code);
        expect(words, `${locale} ${code}`).not.toMatch(/\{\w+\}/);
      }
    }
    expect(problemWords({ code: 'repeated-in-file', params: { line: '7' } }, importsTexts.sk)).toBe(
      'Rovnaký riadok je vo výpise už skôr (riadok 7).',
    );
    expect(problemWords({ code: 'service', text: 'Suma musí byť kladná.' }, importsTexts.en)).toBe(
      'KROS: Suma musí byť kladná.',
    );
    // A code the page does not know says the service's text, else the code.
    expect(problemWords({ code: 'later-code', text: 'Niečo' }, importsTexts.en)).toBe('Niečo');
    expect(problemWords({ code: 'later-code' }, importsTexts.en)).toBe('Problem: later-code');
    // Names of Object.prototype are no codes.
    expect(problemWords({ code: 'constructor' }, importsTexts.sk)).toBe('Problém: constructor');
  });
});

describe('the JSON view of an import', () => {
  const detail = {
    id: '0b7c3a52-4d1e-4c4f-9f55-8d0f0a1b2c3d',
    kind: 'payments',
    state: 'draft',
    lines: [
      {
        line: '2',
        position: 1,
        state: 'duplicate',
        externalId: 'st-x',
        requestId: null,
        payload: null,
        display: { date: '2026-11-20', amount: '12.50', currency: 'EUR', problems: 'not the view’s' },
        document: null,
        problems: [
          { code: 'repeated-in-file', params: { line: '1' } },
          { code: 'service', text: 'Chýba dátum.' },
        ],
        result: null,
        sentAt: null,
        confirmedAt: null,
      },
    ],
  } as unknown as ImportDetail;

  it('puts the problems in the user’s language', () => {
    expect(importViewIn(detail, 'sk').lines[0]!.problems).toEqual([
      'Rovnaký riadok je vo výpise už skôr (riadok 1).',
      'Fakturácia: Chýba dátum.',
    ]);
    const en = importViewIn(detail, 'en');
    expect(en.lines[0]!.problems).toEqual([
      'The same line appears earlier in the statement (line 1).',
      'KROS: Chýba dátum.',
    ]);
    expect(en).toMatchObject({ id: detail.id, kind: 'payments', state: 'draft' });
    expect(en.lines[0]).toMatchObject({ line: '2', state: 'duplicate', date: '2026-11-20', amount: '12.50' });
  });
});
