import 'server-only';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { MirroredRecord } from '@/lib/owners/mirror/document-row';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { type FieldHighlight, highlightsOf } from '@/lib/owners/mirror/query/highlights';
import { recordSchemas } from '@/lib/owners/mirror/query/records';
import { documentSorts, orderBy, type SortParam } from '@/lib/owners/mirror/query/sort';
import { type MirrorView, viewCondition, viewOrder } from '@/lib/owners/mirror/query/view';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';

/** The largest page a list asks for (the service's own limit). */
export const MAX_TOP = 100;
const DEFAULT_TOP = 25;

export type MirroredList<K extends DocumentKind> = {
  /** The page's records, as the kind's schema parses them (today's list components render them). */
  records: MirroredRecord[K][];
  /** Per record id (as text), where the search matched; empty without a search. */
  highlights: Record<string, FieldHighlight[]>;
  /** The order applied (the default when the view's was missing or invalid), for the headers' links. */
  sort: SortParam;
};

const pageSize = (top: number | undefined) =>
  top === undefined || !Number.isInteger(top) || top < 0 ? DEFAULT_TOP : Math.min(top, MAX_TOP);
const offset = (skip: number | undefined) => (skip !== undefined && Number.isInteger(skip) && skip > 0 ? skip : 0);

/**
 * One page of a company's mirrored documents of a kind: the view's filters and search, in its order (with a search,
 * the exact number first, see search.ts), from `skip`, at most `top`. Pure SQL: PGlite and PostgreSQL answer alike.
 */
export async function listMirrored<K extends DocumentKind>(
  db: Db,
  company: MirrorCompany,
  kind: K,
  view: MirrorView<K>,
): Promise<MirroredList<K>> {
  const { where, search } = viewCondition(company, kind, view);
  const { terms, sort } = viewOrder(search, view.sort);
  const rows = await db
    .select({ record: mirrorDocuments.record })
    .from(mirrorDocuments)
    .where(where)
    .orderBy(...orderBy(terms))
    .limit(pageSize(view.top))
    .offset(offset(view.skip));
  const records = rows.map((row) => recordSchemas[kind].parse(row.record));
  const highlights: Record<string, FieldHighlight[]> = {};
  if (search) {
    for (const record of records) {
      highlights[String(record.id)] = highlightsOf(record, search.words);
    }
  }
  return { records, highlights, sort: documentSorts.param(sort) };
}
