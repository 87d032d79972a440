import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { FOLD } from '@/lib/owners/mirror/query/folded-sql';
import { foldForSearch } from '@/lib/owners/mirror/search-text';

/**
 * The database folds a few texts itself (a numbering-sequence filter; the sort keys of rows mirrored before
 * migration 0006): with translate() over a table built from the search text's own folding, so it agrees with
 * JavaScript letter for letter.
 */
describe('the folding table the database uses', () => {
  it('folds every letter it names exactly as the search text does', () => {
    expect([...FOLD.from]).toHaveLength([...FOLD.to].length);
    [...FOLD.from].forEach((letter, index) => expect(foldForSearch(letter)).toBe([...FOLD.to][index]));
    expect(FOLD.from).toContain('Š');
    expect(FOLD.from).toContain('Ľ');
    expect(FOLD.from).toContain('Q');
  });

  it('is the table migration 0006 backfilled the sort keys with', () => {
    const migration = readFileSync('drizzle/0006_mirror_search.sql', 'utf8');
    const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
    expect(migration).toContain(`translate(btrim("document_number"), ${literal(FOLD.from)}, ${literal(FOLD.to)})`);
    expect(migration).toContain(`translate("partner_name", ${literal(FOLD.from)}, ${literal(FOLD.to)})`);
  });
});
