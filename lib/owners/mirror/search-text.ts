/**
 * The text a mirrored document is found by: lower-cased, diacritics removed (NFD, then combining marks dropped), so
 * "Hruška", "HRUSKA" and "hruska" are one word. Done in JavaScript, the same on PGlite and PostgreSQL. Pure.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The parts that are there, folded and joined by single spaces. */
export function searchTextOf(parts: readonly (string | null | undefined)[]): string {
  return foldForSearch(
    parts
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' '),
  ).replace(/\s+/g, ' ');
}

/**
 * The words a search box's text is looked for by, folded exactly as the search text was (so "Hruška" finds "hruska"
 * and the other way round), split on white space. Every word must occur somewhere in a record's search text.
 */
export function searchWordsOf(query: string | null | undefined): string[] {
  return foldForSearch(query ?? '')
    .split(/\s+/)
    .filter((word) => word !== '');
}
