import type { StatementLine } from '@/lib/base/imports/statement-line';

export type PaymentSymbols = StatementLine['symbols'];

export const noSymbols = (): PaymentSymbols => ({ variable: null, specific: null, constant: null });

/**
 * The Slovak payment symbols wherever a payer or a bank writes them: `/VS2026001/SS/KS0308` (camt.053's
 * `EndToEndId`, the banks' agreed form), `/VS/2026001` (MT940 :86: sub-fields), `VS 2026001`, `VS:2026001`,
 * `vs2026001`, `v.s. 2026001`, `variabilný symbol 2026001` (messages). The mark must not be the end of a longer word
 * and the digits must not run on: a variable or specific symbol has at most 10 digits, a constant one at most 4;
 * longer numbers are no symbol at all. An empty field (`/SS/`) is no symbol either.
 */
const marks = {
  variable: String.raw`VS|V\.\s?S\.|VAR(?:IABILN[YÝIÍ])?\.?\s*SYMB(?:OL)?\.?|VARIABLE\s+SYMBOL`,
  specific: String.raw`SS|Š\.\s?S\.|S\.\s?S\.|(?:Š|S)PEC(?:IFICK[YÝ])?\.?\s*SYMB(?:OL)?\.?|SPECIFIC\s+SYMBOL`,
  constant: String.raw`KS|K\.\s?S\.|KONŠT(?:ANTN[YÝ])?\.?\s*SYMB(?:OL)?\.?|KONST(?:ANTN[YÝI])?\.?\s*SYMB(?:OL)?\.?|CONSTANT\s+SYMBOL`,
};

const pattern = (mark: string, digits: number) =>
  new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${mark})\s*[:.=#/-]?\s*(\d{1,${digits}})(?!\d)`, 'iu');

const patterns: Record<keyof PaymentSymbols, RegExp> = {
  variable: pattern(marks.variable, 10),
  specific: pattern(marks.specific, 10),
  constant: pattern(marks.constant, 4),
};

/** The symbols one text carries, each null when absent. */
export function symbolsIn(text: string | null | undefined): PaymentSymbols {
  const found = noSymbols();
  if (!text) return found;
  for (const kind of ['variable', 'specific', 'constant'] as const)
    found[kind] = patterns[kind].exec(text)?.[1] ?? null;
  return found;
}

/**
 * A structured creditor reference (camt.053 `Strd/CdtrRefInf/Ref`) read as symbols: the slash form when it has one,
 * a bare number of at most 10 digits as the variable symbol, or an ISO 11649 reference (`RF18 0000 2026 001`) whose
 * digits, without leading zeros, fit a variable symbol.
 */
export function symbolsInReference(reference: string | null | undefined): PaymentSymbols {
  if (!reference) return noSymbols();
  const written = symbolsIn(reference);
  if (written.variable || written.specific || written.constant) return written;
  const compact = reference.replace(/\s+/g, '');
  if (/^\d{1,10}$/.test(compact)) return { ...noSymbols(), variable: compact };
  const creditorReference = /^RF\d{2}0*(\d{1,10})$/i.exec(compact);
  if (creditorReference) return { ...noSymbols(), variable: creditorReference[1]! };
  return noSymbols();
}

/** Each symbol from the first source that has it: sources come most trusted first (`EndToEndId`, then references, then messages). */
export function firstSymbols(sources: PaymentSymbols[]): PaymentSymbols {
  const merged = noSymbols();
  for (const source of sources) {
    merged.variable ??= source.variable;
    merged.specific ??= source.specific;
    merged.constant ??= source.constant;
  }
  return merged;
}
