import { en } from './documents-en';
import { type DocumentTexts, sk } from './documents-sk';

/**
 * Texts of the company's document pages, Slovak and English. English must have every key Slovak has (its type says
 * so). Placeholders like {seconds} are filled by `fill`. Pure data: safe anywhere.
 */

export type { DocumentTexts };

export const documentTexts: Record<'sk' | 'en', DocumentTexts> = { sk, en };

/**
 * Fills {name} placeholders; values are text (React escapes them where they are shown). A value that ends with its
 * own period ("Stolárstvo Šťastný, s.r.o.") where the text ends a sentence after it takes the sentence's period too:
 * never "s.r.o..". The one filler of every text (the console's too).
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}(\.?)/g, (whole, name: string, period: string) => {
    // Own keys only: a mark named like Object.prototype's ({constructor}) stays as written.
    if (!Object.hasOwn(values, name)) return whole;
    const value = String(values[name]);
    return period !== '' && value.endsWith('.') ? value : value + period;
  });
}

/** "3 doklady", "5 dokladov", "1 document": the count with the noun in the language's plural form. */
export function countOf(count: number, forms: DocumentTexts['documents'], locale: 'sk' | 'en'): string {
  const rule = new Intl.PluralRules(locale === 'sk' ? 'sk-SK' : 'en-GB').select(
    count,
  ) as keyof DocumentTexts['documents'];
  return `${new Intl.NumberFormat(locale === 'sk' ? 'sk-SK' : 'en-GB').format(count)} ${forms[rule] ?? forms.other}`;
}
