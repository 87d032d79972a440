import 'server-only';

import { type SQL, sql } from 'drizzle-orm';

import { mirrorDocuments } from '@/lib/platform/db/schema';
import { type Sort, type SortKey } from '@/lib/service/records/sort-param';

export { documentSorts } from '@/lib/service/records/sort-param';
export type { Sort, SortKey, SortParam } from '@/lib/service/records/sort-param';

/**
 * One term of a list's order: what is compared, which way (rows without the value always last), and the SQL type
 * of the value, so a reader that pages by keyset (iterate.ts) can send a row's value back and compare it as the
 * ORDER BY did.
 */
export type OrderTerm = {
  value: SQL;
  descending: boolean;
  type: 'text' | 'date' | 'numeric' | 'integer' | 'real';
};

/**
 * What each key sorts on: texts as the sync folded them in JavaScript (letter case and diacritics ignored, see
 * document-row.ts) and compared byte by byte, never by a collation, which follows the server's locale: PGlite and
 * PostgreSQL order alike. The total in EUR (legislative prices), so currencies compare.
 */
const sortedOn: Record<SortKey, Omit<OrderTerm, 'descending'>> = {
  documentNumber: { value: sql`(${mirrorDocuments.documentNumberFolded} collate "C")`, type: 'text' },
  issueDate: { value: sql`${mirrorDocuments.issueDate}`, type: 'date' },
  dueDate: { value: sql`${mirrorDocuments.dueDate}`, type: 'date' },
  partner: { value: sql`(${mirrorDocuments.partnerNameFolded} collate "C")`, type: 'text' },
  total: { value: sql`${mirrorDocuments.totalInclVat}`, type: 'numeric' },
};

/**
 * Ties end in a total order, so a page never repeats or skips a row between two reads: newest issue first, then the
 * service's id from the highest (numeric ids by length first, so 10 comes after 9; text ids byte by byte).
 */
export const TIE_BREAK: OrderTerm[] = [
  { value: sql`${mirrorDocuments.issueDate}`, descending: true, type: 'date' },
  { value: sql`char_length(${mirrorDocuments.id})`, descending: true, type: 'integer' },
  { value: sql`(${mirrorDocuments.id} collate "C")`, descending: true, type: 'text' },
];

/** The order terms of a sort: its key, then the tie-break. */
export function orderTermsOf(sort: Sort): OrderTerm[] {
  return [{ ...sortedOn[sort.key], descending: sort.descending }, ...TIE_BREAK];
}

/** ORDER BY of terms: rows without the value last in either direction. */
export function orderBy(terms: readonly OrderTerm[]): SQL[] {
  return terms.map((term) => sql`${term.value} ${sql.raw(term.descending ? 'desc' : 'asc')} nulls last`);
}

/** ORDER BY terms of a sort: rows without the value last in either direction, then the tie-break. */
export function orderOf(sort: Sort): SQL[] {
  return orderBy(orderTermsOf(sort));
}
