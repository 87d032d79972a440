import 'server-only';

import { and, or, type SQL, sql } from 'drizzle-orm';

import { searchWordsOf } from '@/lib/owners/mirror/search-text';
import { mirrorDocuments } from '@/lib/platform/db/schema';

import type { OrderTerm } from './sort';

/**
 * The search box (`q`) over a kind's mirrored documents. The search text (lib/owners/mirror/search-text.ts: document number,
 * variable symbol, order number, partner name and ids, item texts; lower-cased, diacritics removed in JavaScript) is
 * matched by every word of q folded the same way, anywhere in it (`like '%word%'`, served by the trigram index), so
 * letter case and diacritics never matter and both databases answer alike. A q equal to a document's id finds it too.
 */
export type Search = {
  /** The folded words; empty when q has none (then nothing is searched). */
  words: string[];
  /** The words joined by single spaces: what the number and the id are compared with. */
  phrase: string;
};

export function searchOf(q: string | null | undefined): Search | null {
  const words = searchWordsOf(q);
  return words.length === 0 ? null : { words, phrase: words.join(' ') };
}

/** `like` treats %, _ and its escape character specially: a word means only its own letters. */
export const likeAnywhere = (word: string) => `%${word.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;

/** The number as the sync folded it (document-row.ts): compared with the folded search byte by byte. */
const foldedNumber = sql`(${mirrorDocuments.documentNumberFolded} collate "C")`;

/** Trigrams say nothing of one or two letters: such a search ranks by the list's order alone. */
const SIMILARITY_MIN_LENGTH = 3;

/**
 * Ids are digits (invoices, delivery notes) or a uuid (expenses), which the service writes in one letter case: the
 * folded q (lower case) is the id, or its upper-case form. Compared as the id itself, not `lower(id)`, so the primary
 * key answers it: `lower(id)` can use no index, and the search (`words or id`) then read every row of the company
 * (a scan of 30 000 rows, 28 ms, where the trigram index and the key take 17).
 */
const idMatches = (search: Search) => sql`${mirrorDocuments.id} in (${search.phrase}, ${search.phrase.toUpperCase()})`;

/** The condition a document must meet: every word in its search text, or q is its id. */
export function searchCondition(search: Search): SQL {
  const everyWord = and(...search.words.map((word) => sql`${mirrorDocuments.searchText} like ${likeAnywhere(word)}`));
  return or(everyWord, idMatches(search))!;
}

/**
 * How matches rank before the list's order: the document whose number (or id) is q, then numbers that start with q,
 * then the rest. Without a sort chosen by the user, the rest follow pg_trgm's word similarity of q to the search
 * text (a whole-word match above a part of a word; not for a q of one or two letters), and the default order breaks
 * its ties; a sort the user chose
 * (a column header) orders the rest, so sorting still works while searching.
 */
export function searchRanking(search: Search, bySimilarity: boolean): OrderTerm[] {
  const tier = sql`case
    when ${foldedNumber} = ${search.phrase} or ${idMatches(search)} then 0
    when starts_with(${foldedNumber}, ${search.phrase}) then 1
    else 2 end`;
  const ranking: OrderTerm[] = [{ value: tier, descending: false, type: 'integer' }];
  if (bySimilarity && search.phrase.length >= SIMILARITY_MIN_LENGTH) {
    const similarity = sql`word_similarity(${search.phrase}, ${mirrorDocuments.searchText})`;
    ranking.push({ value: similarity, descending: true, type: 'real' });
  }
  return ranking;
}
