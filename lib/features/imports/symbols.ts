import type { StatementLine } from '@/lib/base/imports/statement-line';
import { foldForSearch } from '@/lib/owners/mirror/search-text';

/**
 * Where a statement line's variable symbol comes from, and how symbols are compared. Pure.
 *
 * Slovak payment symbols are digits (the variable symbol at most 10): banks often pad them with zeros to full length
 * ("0000012345") where the invoice says "12345", so symbols made only of digits are compared without leading zeros.
 * Any other symbol is compared as written, trimmed, in upper case. What is sent is always the invoice's own text.
 */

/** Whether the text is digits only (a loop, not a regular expression: every invoice of a company is keyed). */
function allDigits(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 48 || code > 57) return false;
  }
  return text.length > 0;
}

/** The key symbols are compared by; null for none (empty, or only zeros: no symbol at all). */
export function symbolKey(symbol: string | null | undefined): string | null {
  if (symbol === null || symbol === undefined) return null;
  const compact = allDigits(symbol) ? symbol : symbol.replace(/\s+/g, '');
  if (compact === '') return null;
  if (!allDigits(compact)) return compact.toUpperCase();
  let first = 0;
  while (first < compact.length && compact.charCodeAt(first) === 48) first += 1;
  return first === compact.length ? null : first === 0 ? compact : compact.slice(first);
}

/** `/VS0123456789/SS…/KS0308` in an EndToEndId: the variable symbol, when the line's reader left it out. */
function symbolOfEndToEnd(endToEndId: string | null): string | null {
  const match = /\/VS\/?(\d{1,10})(?=\/|$)/i.exec(endToEndId?.trim() ?? '');
  return match?.[1] ?? null;
}

/**
 * The symbol a payer marked in the message: "VS 123", "VS:123", "/VS/123", "V.S. 123", "var. symbol 123",
 * "variabilný symbol 123" (any letter case, diacritics or none).
 */
const MARKED =
  /(?:^|[^A-Z0-9])(?:V\.?\s?S|VAR(?:IABILNY)?\.?\s*SYMB(?:OL)?)\.?\s*[:.#/-]?\s*(?:C\.\s*)?(\d{1,10})(?!\d)/;

export function markedSymbolOf(message: string | null): string | null {
  if (!message) return null;
  return MARKED.exec(foldForSearch(message).toUpperCase())?.[1] ?? null;
}

/**
 * Numbers of 4 to 10 digits standing alone in the message ("Invoice 2026000010", "Faktura OF2026000010"): a
 * foreign payer's way of naming the invoice. Only a number that is an open invoice's symbol pairs the line.
 */
export function numbersInMessage(message: string | null): string[] {
  if (!message) return [];
  return [...message.matchAll(/(?<!\d)\d{4,10}(?!\d)/g)].map((match) => match[0]);
}

export type LineSymbol = { symbol: string; from: 'symbols' | 'message' } | null;

/**
 * The line's own variable symbol: the one its reader found (EndToEndId, structured remittance), else the
 * EndToEndId's `/VS…`, else one the payer marked in the message. Numbers the message merely contains are not the
 * line's symbol (numbersInMessage: they pair only when an open invoice carries one).
 */
export function lineSymbolOf(line: Pick<StatementLine, 'symbols' | 'endToEndId' | 'message'>): LineSymbol {
  const given = line.symbols.variable ?? symbolOfEndToEnd(line.endToEndId);
  if (symbolKey(given) !== null) return { symbol: given!.trim(), from: 'symbols' };
  const marked = markedSymbolOf(line.message);
  return symbolKey(marked) !== null ? { symbol: marked!, from: 'message' } : null;
}
