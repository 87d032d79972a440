import 'server-only';

import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';

import { foldForSearch } from '@/lib/owners/mirror/search-text';

/**
 * The letters whose folded form (search-text.ts) is one other character: A–Z and the Latin letters with diacritics
 * (U+00C0–U+024F). Built from foldForSearch itself, so the database folds these exactly as JavaScript does.
 */
function foldTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  const letters = [
    ...Array.from({ length: 26 }, (_, i) => 0x41 + i),
    ...Array.from({ length: 0x190 }, (_, i) => 0xc0 + i),
  ];
  for (const code of letters) {
    const letter = String.fromCodePoint(code);
    const folded = foldForSearch(letter);
    if (folded !== letter && [...folded].length === 1) {
      from += letter;
      to += folded;
    }
  }
  return { from, to };
}

/** Exported for the test that checks migration 0006 backfilled with the same table. */
export const FOLD = foldTable();

/**
 * A text column folded in SQL (letter case and diacritics ignored, "Čierny" as "cierny") and compared byte by byte
 * (collation "C"), for sorting and for comparing with a folded search. Neither lower() nor a collation is used: both
 * follow the server's locale, and PGlite and PostgreSQL must order rows the same. translate() maps characters one to
 * one, the same everywhere.
 */
export function foldedSql(column: SQLWrapper): SQL {
  return sql`(translate(${column}, ${FOLD.from}::text, ${FOLD.to}::text) collate "C")`;
}
