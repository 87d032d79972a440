import { fill } from './documents';
import type { ProblemToSay } from './imports';
import { en } from './invoice-import-en';
import { type InvoiceImportTexts, sk } from './invoice-import-sk';
import { sheetProblemText } from './invoice-sheet';

/**
 * Texts of the invoice import (its form, the refused upload, the import's page), Slovak and English (English must
 * have every key Slovak has). Pure data and words.
 */

export type { InvoiceImportTexts };

export const invoiceImportTexts: Record<'sk' | 'en', InvoiceImportTexts> = { sk, en };

/** A problem's own words, before the place in the file it names (row, column, value) is put in front of them. */
export type ProblemText = (problem: ProblemToSay) => string | undefined;

/**
 * An invoice line's problem in the user's words: the sheet's codes by `sheetWords` (the reader's own texts), ours by
 * the page's texts, the service's message under `service`; then, when its params name them, the file's row, column
 * and value in front ("Row 3, column issueDate, value “31.2.2026”: …").
 */
export function invoiceProblemWords(
  problem: ProblemToSay,
  texts: InvoiceImportTexts,
  sheetWords: ProblemText = () => undefined,
): string {
  const params = problem.params ?? {};
  const own = texts.problems as Record<string, string>;
  let words: string;
  if (problem.code === 'service') words = fill(own.service!, { text: problem.text ?? '' });
  else {
    const sheet = sheetWords(problem);
    const template = Object.hasOwn(own, problem.code) && problem.code !== 'unknown' ? own[problem.code] : undefined;
    words =
      sheet ??
      (template !== undefined
        ? fill(template, { ...params, text: problem.text ?? '' })
        : (problem.text ?? fill(texts.problems.unknown, { code: problem.code })));
  }
  const { row, column, value } = params;
  if (row !== undefined && column !== undefined && value !== undefined) {
    return fill(texts.problem, { row, column, value, text: words });
  }
  if (row !== undefined && column !== undefined) return fill(texts.problemAt, { row, column, text: words });
  if (row !== undefined) return fill(texts.problemRow, { row, text: words });
  return words;
}

/** An invoice line's problem in the words of the locale, the sheet's codes by the sheet's own texts. */
export function describeInvoiceProblem(locale: 'sk' | 'en'): (problem: ProblemToSay) => string {
  const texts = invoiceImportTexts[locale];
  return (problem) => invoiceProblemWords(problem, texts, (p) => sheetProblemText(p, locale));
}
