import { fill } from './documents';
import { formatDay } from './format';
import { en } from './invoice-sheet-en';
import { type InvoiceSheetTexts, sk } from './invoice-sheet-sk';

/**
 * Words of an invoice sheet (issue 21), Slovak and English (English has every key Slovak has): refusals, row
 * problems, partner warnings, the failed rows' last column and the template's explanations. Pure data.
 */

export type { InvoiceSheetTexts };

export const invoiceSheetTexts: Record<'sk' | 'en', InvoiceSheetTexts> = { sk, en };

type Coded = { code: string; params?: Record<string, string> };

/** How a sentence writes a day: on a page as the user's language does (formatDay), in failed.csv as the exports do. */
export type DayWords = (day: string) => string;

/** The problems' parameters that are days (ISO in the stored problem): said in the reader's form, never as ISO. */
const DAY_PARAMS = ['day', 'issueDate'] as const;

function withDays(params: Record<string, string> | undefined, day: DayWords): Record<string, string> {
  const said = { ...params };
  for (const name of DAY_PARAMS) if (said[name]) said[name] = day(said[name]);
  return said;
}

const said = (known: Record<string, string>, { code, params }: Coded, fallback: string) =>
  Object.hasOwn(known, code) ? fill(known[code]!, params ?? {}) : fill(fallback, { code });

/** A row's problem in words (a code this file does not have: the unknown text with its code). */
export function invoiceProblemWords(
  problem: Coded,
  locale: 'sk' | 'en',
  day: DayWords = (value) => formatDay(value, locale),
): string {
  const texts = invoiceSheetTexts[locale];
  return said(texts.problems, { ...problem, params: withDays(problem.params, day) }, texts.problems.unknown);
}

/** Why a file was refused, in words. */
export function sheetRefusalWords(refusal: Coded, locale: 'sk' | 'en'): string {
  const texts = invoiceSheetTexts[locale];
  return said(texts.refused, refusal, texts.refused.unreadable);
}

/** A partner warning in words. */
export function partnerWarningWords(
  warning: { code: string; name: string; values: readonly string[]; rows: readonly number[]; known: boolean },
  locale: 'sk' | 'en',
): string {
  const texts = invoiceSheetTexts[locale];
  const template = (texts.warnings as Record<string, unknown>)[warning.code];
  const rowForms = texts.warnings.rows;
  const form = new Intl.PluralRules(locale === 'sk' ? 'sk-SK' : 'en-GB').select(warning.rows.length);
  const rows = fill(rowForms[form as keyof typeof rowForms] ?? rowForms.other, {
    count: warning.rows.length,
    rows: warning.rows.join(', '),
  });
  const text = fill(typeof template === 'string' ? template : warning.code, {
    name: warning.name,
    values: warning.values.join(', '),
    rows,
  });
  return warning.known ? `${text} ${texts.warnings.known}` : text;
}
