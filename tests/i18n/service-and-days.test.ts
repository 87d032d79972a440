import { describe, expect, it } from 'vitest';

import { en as activityEn } from '@/lib/base/i18n/activity-en';
import { sk as activitySk } from '@/lib/base/i18n/activity-sk';
import { en as consentEn } from '@/lib/base/i18n/consent-en';
import { en as consentProgressEn } from '@/lib/base/i18n/consent-progress-en';
import { sk as consentProgressSk } from '@/lib/base/i18n/consent-progress-sk';
import { sk as consentSk } from '@/lib/base/i18n/consent-sk';
import { en as documentsEn } from '@/lib/base/i18n/documents-en';
import { sk as documentsSk } from '@/lib/base/i18n/documents-sk';
import { fileDay } from '@/lib/base/i18n/format';
import { en as importUploadEn } from '@/lib/base/i18n/import-upload-en';
import { sk as importUploadSk } from '@/lib/base/i18n/import-upload-sk';
import { en as importsEn } from '@/lib/base/i18n/imports-en';
import { sk as importsSk } from '@/lib/base/i18n/imports-sk';
import { describeInvoiceProblem } from '@/lib/base/i18n/invoice-import';
import { en as invoiceImportEn } from '@/lib/base/i18n/invoice-import-en';
import { sk as invoiceImportSk } from '@/lib/base/i18n/invoice-import-sk';
import { en as invoiceSheetEn } from '@/lib/base/i18n/invoice-sheet-en';
import { sk as invoiceSheetSk } from '@/lib/base/i18n/invoice-sheet-sk';
import { messages } from '@/lib/base/i18n/messages';
import { en as moneyEn } from '@/lib/base/i18n/money-en';
import { sk as moneySk } from '@/lib/base/i18n/money-sk';
import { en as partnersEn } from '@/lib/base/i18n/partners-en';
import { sk as partnersSk } from '@/lib/base/i18n/partners-sk';
import { en as stockEn } from '@/lib/base/i18n/stock-en';
import { sk as stockSk } from '@/lib/base/i18n/stock-sk';

import { expectSameKeysNoneEmpty, leaves } from '../imports/words';

/**
 * The words of the money and import pages as a new user reads them (issue 31, point 14): the service named one way in
 * each language (Slovak "Fakturácia", English "KROS"), the same keys in both catalogues, and days inside sentences
 * in the reader's form, never ISO: on a page the user's language's, in failed.csv the exports' form.
 */

const catalogues = {
  activity: { sk: activitySk, en: activityEn },
  consent: { sk: consentSk, en: consentEn },
  consentProgress: { sk: consentProgressSk, en: consentProgressEn },
  documents: { sk: documentsSk, en: documentsEn },
  importUpload: { sk: importUploadSk, en: importUploadEn },
  imports: { sk: importsSk, en: importsEn },
  invoiceImport: { sk: invoiceImportSk, en: invoiceImportEn },
  invoiceSheet: { sk: invoiceSheetSk, en: invoiceSheetEn },
  messages,
  money: { sk: moneySk, en: moneyEn },
  partners: { sk: partnersSk, en: partnersEn },
  stock: { sk: stockSk, en: stockEn },
};

/** Every sentence of one language, named by its catalogue and key. */
const sentencesOf = (language: 'sk' | 'en') =>
  Object.entries(catalogues).flatMap(([name, texts]) =>
    [...leaves(texts[language])].map(([key, text]) => ({ where: `${name}.${key}`, text })),
  );

describe('the service’s name', () => {
  it('is “Fakturácia” in Slovak, never “KROS” beside it', () => {
    const named = sentencesOf('sk').filter(({ text }) => /\bKROS\b/.test(text));
    expect(named.map(({ where }) => where)).toEqual([]);
  });

  it('is “KROS” in English, never the Slovak “Fakturácia”', () => {
    const named = sentencesOf('en').filter(({ text }) => /Fakturáci/.test(text));
    expect(named.map(({ where }) => where)).toEqual([]);
  });

  // Every catalogue of the company pages is read (the operators' console has its own words and is not one of them).
  // No exception is named: where our own add-on is what fails (a sign-in refused), the sentence says what failed.
  it('is never the generic “služba” or “aplikácia” in Slovak', () => {
    const generic = sentencesOf('sk').filter(({ text }) => /služb|aplikáci/i.test(text));
    expect(generic.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it('is never the generic “the service” or “the application” in English', () => {
    const generic = sentencesOf('en').filter(({ text }) => /\bservice\b|\bservice’s\b|\bapplication\b/i.test(text));
    expect(generic.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it('is declined as Slovak declines a feminine name: vo Fakturácii, z Fakturácie, Fakturácia odpovedala', () => {
    const sk = sentencesOf('sk').map(({ text }) => text);
    expect(sk.filter((text) => /\bv Fakturácii\b/.test(text))).toEqual([]);
    expect(messages.sk.forbiddenBody).toBe('Táto firma nie je medzi firmami, ku ktorým vás Fakturácia prihlásila.');
    expect(consentProgressSk.pending.open).toBe('Otvoriť stránku súhlasu vo Fakturácii');
    expect(consentSk.pages.malformedTitle).toBe('Odpoveď Fakturácie sa nedá prečítať');
    expect(consentProgressEn.pending.open).toBe('Open the consent page in KROS');
  });
});

describe('the catalogues of the money and import pages', () => {
  it('have the same keys in Slovak and English, none empty', () => {
    for (const name of ['importUpload', 'imports', 'invoiceImport', 'invoiceSheet', 'money', 'partners'] as const) {
      expectSameKeysNoneEmpty(catalogues[name]);
    }
  });
});

describe('a day inside a sentence', () => {
  const iso = /\b\d{4}-\d{2}-\d{2}\b/;
  const vatRate = {
    code: 'vat-rate',
    params: { row: '4', column: 'item.vatRate', value: '7', day: '2026-12-05', rates: '23, 19, 5, 0' },
  };
  const beforeIssue = {
    code: 'due-before-issue',
    params: { row: '2', column: 'dueDate', value: '1. 12. 2026', issueDate: '2026-12-05' },
  };

  it('is said on a page in the user’s language: Slovak 5. 12. 2026, English 05/12/2026', () => {
    const sk = describeInvoiceProblem('sk');
    const en = describeInvoiceProblem('en');
    expect(sk(vatRate)).toContain('sa ku dňu 5. 12. 2026 nedá použiť');
    expect(en(vatRate)).toContain('cannot be used on 05/12/2026');
    expect(sk(beforeIssue)).toContain('je pred dátumom vystavenia 5. 12. 2026.');
    expect(en(beforeIssue)).toContain('is before the issue date 05/12/2026.');
    for (const text of [sk(vatRate), en(vatRate), sk(beforeIssue), en(beforeIssue)]) expect(text).not.toMatch(iso);
  });

  it('is written in failed.csv as the exports write days (Slovak 5. 12. 2026, English ISO)', () => {
    const sk = describeInvoiceProblem('sk', (day) => fileDay(day, 'sk'));
    const en = describeInvoiceProblem('en', (day) => fileDay(day, 'en'));
    expect(sk(vatRate)).toContain('ku dňu 5. 12. 2026 nedá');
    expect(en(vatRate)).toContain('cannot be used on 2026-12-05');
  });
});
