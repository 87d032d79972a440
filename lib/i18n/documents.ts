import { en } from './documents-en';
import { sk, type DocumentTexts } from './documents-sk';

/**
 * Texts of the company's document pages, Slovak and English. English must have every key Slovak has (its type says
 * so). Placeholders like {seconds} are filled by `fill`. Pure data: safe anywhere.
 */

export type { DocumentTexts };

export const documentTexts: Record<'sk' | 'en', DocumentTexts> = { sk, en };

/** Fills {name} placeholders; values are text (React escapes them where they are shown). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** "3 doklady", "5 dokladov", "1 document": the count with the noun in the language's plural form. */
export function countOf(count: number, forms: DocumentTexts['documents'], locale: 'sk' | 'en'): string {
  const rule = new Intl.PluralRules(locale === 'sk' ? 'sk-SK' : 'en-GB').select(
    count,
  ) as keyof DocumentTexts['documents'];
  return `${new Intl.NumberFormat(locale === 'sk' ? 'sk-SK' : 'en-GB').format(count)} ${forms[rule] ?? forms.other}`;
}
