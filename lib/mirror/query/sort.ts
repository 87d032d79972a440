import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { mirrorDocuments } from '@/lib/db/schema';
import { type Sort, type SortKey } from './sort-param';

export { DEFAULT_SORT, parseSort, sortParam, SORT_KEYS } from './sort-param';
export type { Sort, SortKey, SortParam } from './sort-param';

/**
 * What each key sorts on: texts as the sync folded them in JavaScript (letter case and diacritics ignored, see
 * document-row.ts) and compared byte by byte, never by a collation, which follows the server's locale: PGlite and
 * PostgreSQL order alike. The total in EUR (legislative prices), so currencies compare.
 */
const sortedOn: Record<SortKey, SQL> = {
  documentNumber: sql`(${mirrorDocuments.documentNumberFolded} collate "C")`,
  issueDate: sql`${mirrorDocuments.issueDate}`,
  dueDate: sql`${mirrorDocuments.dueDate}`,
  partner: sql`(${mirrorDocuments.partnerNameFolded} collate "C")`,
  total: sql`${mirrorDocuments.totalInclVat}`,
};

/**
 * Ties end in a total order, so a page never repeats or skips a row between two reads: newest issue first, then the
 * service's id from the highest (numeric ids by length first, so 10 comes after 9; text ids byte by byte).
 */
export const TIE_BREAK: SQL[] = [
  sql`${mirrorDocuments.issueDate} desc nulls last`,
  sql`char_length(${mirrorDocuments.id}) desc`,
  sql`${mirrorDocuments.id} collate "C" desc`,
];

/** ORDER BY terms of a sort: rows without the value last in either direction, then the tie-break. */
export function orderOf(sort: Sort): SQL[] {
  const direction = sort.descending ? sql`desc nulls last` : sql`asc nulls last`;
  return [sql`${sortedOn[sort.key]} ${direction}`, ...TIE_BREAK];
}
