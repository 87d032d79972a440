import { fill } from './documents';
import type { ProblemToSay } from './imports';
import { en } from './invoice-import-en';
import { type InvoiceImportTexts, sk } from './invoice-import-sk';
import { type DayWords, invoiceProblemWords, invoiceSheetTexts } from './invoice-sheet';

/**
 * Texts of the invoice import (its form, the refused upload, the import's page), Slovak and English (English must
 * have every key Slovak has). Pure data and words.
 */

export type { InvoiceImportTexts };

export const invoiceImportTexts: Record<'sk' | 'en', InvoiceImportTexts> = { sk, en };

/**
 * An invoice line's problem in the user's words: the sheet's codes by the sheet's texts (each naming the file's row,
 * column and value: lib/base/i18n/invoice-sheet.ts), ours (a duplicate, a refused batch) by the page's, the service's
 * message under `service`; a code nobody knows says the service's text when there is one, else the code. Days are
 * said as `day` writes them (the user's language's form on a page; failed.csv passes the exports' form).
 */
export function describeInvoiceProblem(locale: 'sk' | 'en', day?: DayWords): (problem: ProblemToSay) => string {
  const texts = invoiceImportTexts[locale];
  const sheet = invoiceSheetTexts[locale].problems as Record<string, string>;
  const own = texts.problems as Record<string, string>;
  return (problem) => {
    if (problem.code === 'service') return fill(own.service!, { text: problem.text ?? '' });
    if (problem.code !== 'unknown' && Object.hasOwn(sheet, problem.code))
      return invoiceProblemWords(problem, locale, day);
    if (problem.code !== 'unknown' && Object.hasOwn(own, problem.code)) {
      return fill(own[problem.code]!, { ...problem.params, text: problem.text ?? '' });
    }
    return problem.text ?? fill(texts.problems.unknown, { code: problem.code });
  };
}
