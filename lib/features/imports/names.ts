import { foldForSearch } from '@/lib/owners/mirror/search-text';

/**
 * Whether a payer's name on a bank statement names an invoice's partner: banks write names in capitals, without
 * diacritics, words in any order ("NOVAK JAN"), without or with a legal form spelled any way ("S.R.O.", "s. r. o."),
 * and cut off after 35 or 70 characters. Evidence for a suggestion only, never for pairing on its own. Pure.
 */

/** Legal forms and titles, as the words they fold to: not part of a name. Single letters are dropped anyway. */
const NOT_NAME = new Set([
  'sro',
  'spol',
  'as',
  'vos',
  'ks',
  'se',
  'sp',
  'zoo',
  'gmbh',
  'ltd',
  'inc',
  'llc',
  'ag',
  'kg',
  'sa',
  'bv',
  'nv',
  'ing',
  'mgr',
  'bc',
  'phdr',
  'mudr',
  'judr',
  'rndr',
  'doc',
  'prof',
]);

/** The words of a name that name the party, folded; empty when none does. */
export function nameWords(name: string | null | undefined): string[] {
  return foldForSearch(name ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !NOT_NAME.has(word));
}

/** Equal words, or one cut off from the other (a bank's 35 characters): the cut one keeps four letters or more. */
const sameWord = (x: string, y: string) =>
  x === y || (Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x)));

/**
 * The two names share their words: every word of the one with fewer is in the other (sameWord), and at least one of
 * them has four letters or more (so "JAN" alone names nobody).
 */
export function namesMatch(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const [fewer, more] = a.length <= b.length ? [a, b] : [b, a];
  return fewer.every((word) => more.some((other) => sameWord(word, other))) && fewer.some((word) => word.length >= 4);
}
