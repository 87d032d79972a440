/**
 * "Probably already recorded" (issue 30): whether a statement's payment line is a payment the company has already —
 * the same bank payment downloaded again in another format (camt.053, then MT940) carries other bank references, so
 * its externalId differs and only what the payment says can tell. Pure: safe anywhere.
 *
 * Two payments are probably the same when they have the same booking date, the same amount (and currency, where both
 * state one), the same variable symbol and the same payer:
 * - symbols are compared as the pairing compares them (digits without leading zeros); a line offers both its
 *   statement's symbol and the one it is sent with (a paired invoice's), so a payment recorded with either agrees;
 *   no symbol on either side agrees, a symbol on one side only does not;
 * - the payer: both IBANs known → they decide; else both names known → the same name, folded (case, diacritics,
 *   punctuation and spacing ignored) or the same words in another order or cut off by the bank (names.ts' rule);
 *   else — the payer missing on one side (a cash entry without a partner, a bank that writes no name) — the payer
 *   does not tell them apart. A missing payer errs towards asking: the line is only held back until the user
 *   confirms it, while a payment recorded twice is wrong money in the books;
 * - something must agree positively: the symbol, or a payer known on both sides (date and amount alone flag nothing).
 *
 * Matching counts, never sets: each payment already recorded stands for at most one line (two identical payments on
 * one day are legitimate), taken by the lines in the import's order.
 */

import { compactIban } from '@/lib/base/iban';
import { amountOf } from '@/lib/base/money';

export type PaymentFacts = {
  /** yyyy-MM-dd */
  date: string | null;
  /** Exact decimal text ('120.50') or a number's text ('120.5'). */
  amount: string | null;
  currency: string | null;
  /** Every variable symbol the payment is known by (the statement's, the one it is sent with); nulls ignored. */
  symbols: readonly (string | null | undefined)[];
  payerName: string | null;
  payerIban: string | null;
};

/**
 * The amount as a comparable text: '120.50', '120.5' and '120.500' are one (lib/base/money's Amount); null when it
 * is no decimal. A payment's amount has no sign (its direction says which way it went), and "120." is 120.
 */
export function amountKeyOf(amount: string | null): string | null {
  const text = amount?.trim().replace(/(\d)\.$/, '$1') ?? '';
  return text.startsWith('-') ? null : amountOf(text);
}

/** A variable symbol as compared: digits without leading zeros, anything else compact in upper case; null for none. */
export function symbolKeyOf(symbol: string | null | undefined): string | null {
  const compact = symbol?.replace(/\s+/g, '') ?? '';
  if (compact === '') return null;
  if (!/^\d+$/.test(compact)) return compact.toUpperCase();
  const stripped = compact.replace(/^0+/, '');
  return stripped === '' ? null : stripped;
}

/** A name folded: lower case, no diacritics, punctuation as spaces, single spaces. */
export function foldedName(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Legal forms and titles, folded: not part of a name. */
const NOT_NAME = new Set(['sro', 'spol', 'as', 'vos', 'ks', 'se', 'sp', 'gmbh', 'ltd', 'inc', 'ing', 'mgr', 'bc']);

function nameWordsOf(folded: string): string[] {
  // "s. r. o." and "s.r.o." fold to the same word before the legal forms are dropped.
  return folded
    .replace(/\bs r o\b/g, 'sro')
    .replace(/\ba s\b/g, 'as')
    .split(' ')
    .filter((word) => word.length > 1 && !NOT_NAME.has(word));
}

/** Equal words, or one cut off from the other (a bank's 35 characters): the cut one keeps four letters or more. */
const sameWord = (x: string, y: string) =>
  x === y || (Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x)));

/** The same payer's name: folded alike, or the same words (in any order, one cut off) with one of four letters. */
export function sameName(a: string, b: string): boolean {
  const [x, y] = [foldedName(a), foldedName(b)];
  if (x === '' || y === '') return false;
  if (x === y) return true;
  const [wordsX, wordsY] = [nameWordsOf(x), nameWordsOf(y)];
  if (wordsX.length === 0 || wordsY.length === 0) return false;
  const [fewer, more] = wordsX.length <= wordsY.length ? [wordsX, wordsY] : [wordsY, wordsX];
  return fewer.every((word) => more.some((other) => sameWord(word, other))) && fewer.some((w) => w.length >= 4);
}

/** 'same': the payer is known on both sides and agrees; 'different'; 'unknown': missing on a side. */
export function payerAgreement(a: PaymentFacts, b: PaymentFacts): 'same' | 'different' | 'unknown' {
  const [ibanA, ibanB] = [compactIban(a.payerIban), compactIban(b.payerIban)];
  if (ibanA !== null && ibanB !== null) return ibanA === ibanB ? 'same' : 'different';
  const [nameA, nameB] = [foldedName(a.payerName), foldedName(b.payerName)];
  if (nameA !== '' && nameB !== '') return sameName(nameA, nameB) ? 'same' : 'different';
  return 'unknown';
}

const symbolKeys = (facts: PaymentFacts) =>
  new Set(facts.symbols.map(symbolKeyOf).filter((key): key is string => key !== null));

/** Whether two payments are probably the same bank payment (the rule above). */
export function probablySamePayment(a: PaymentFacts, b: PaymentFacts): boolean {
  if (a.date === null || a.date !== b.date) return false;
  const amount = amountKeyOf(a.amount);
  if (amount === null || amount !== amountKeyOf(b.amount)) return false;
  if (a.currency && b.currency && a.currency.toUpperCase() !== b.currency.toUpperCase()) return false;
  const [symbolsA, symbolsB] = [symbolKeys(a), symbolKeys(b)];
  if (symbolsA.size > 0 !== symbolsB.size > 0) return false;
  const symbolAgrees = [...symbolsA].some((key) => symbolsB.has(key));
  if (symbolsA.size > 0 && !symbolAgrees) return false;
  const payer = payerAgreement(a, b);
  if (payer === 'different') return false;
  return symbolAgrees || payer === 'same';
}

/**
 * Which candidates (in their order) an already recorded payment accounts for: each recorded payment is taken by at
 * most one candidate, the first that agrees with it. Answers, per candidate index, the recorded payment it met.
 */
export function matchRecordedPayments<C extends { facts: PaymentFacts }, R extends { facts: PaymentFacts }>(
  candidates: readonly C[],
  recorded: readonly R[],
): Map<number, R> {
  const taken = new Set<number>();
  const met = new Map<number, R>();
  candidates.forEach((candidate, at) => {
    const index = recorded.findIndex((each, i) => !taken.has(i) && probablySamePayment(candidate.facts, each.facts));
    if (index < 0) return;
    taken.add(index);
    met.set(at, recorded[index]!);
  });
  return met;
}
