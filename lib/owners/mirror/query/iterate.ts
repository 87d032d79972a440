import 'server-only';

import { and, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

import { companyToday } from '@/lib/base/calendar';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { documentsOf } from '@/lib/owners/mirror/rows';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';

import { orderBy, type OrderTerm } from './sort';
import { type MirrorView, viewCondition, viewOrder } from './view';

/** What a reader selects of each row: columns of mirror_documents or expressions over them. */
export type MirrorFields = Record<string, SQL | SQL.Aliased | PgColumn>;

export const DEFAULT_BATCH_SIZE = 1000;

/**
 * Places (ids and order values: a few bytes each) are read this many batches at a time: each read evaluates the order
 * over every remaining row of the view (a search's similarity, a sort no index serves), so fewer, larger reads.
 */
const BATCHES_PER_READ = 5;

/** A row's place in the order: the value of each term, as text (null where the row has none). */
export type Place = (string | null)[];

const typed = (term: OrderTerm, value: string) => sql`cast(${value} as ${sql.raw(term.type)})`;

/** A row ties with the place in this term. */
const tiesWith = (term: OrderTerm, value: string | null) =>
  value === null ? sql`${term.value} is null` : sql`${term.value} = ${typed(term, value)}`;

/** A row comes after the place in this term (rows without the value come last both ways); null when none can. */
function beyond(term: OrderTerm, value: string | null): SQL | null {
  if (value === null) return null;
  return sql`(${term.value} ${sql.raw(term.descending ? '<' : '>')} ${typed(term, value)} or ${term.value} is null)`;
}

/**
 * Rows after a place in the order: tied on the first terms and beyond it on the next, for some term. Any list's
 * keyset (the payments' and the stock's too).
 */
export function after(terms: readonly OrderTerm[], place: Place): SQL {
  const ways: SQL[] = [];
  terms.forEach((term, index) => {
    const further = beyond(term, place[index] ?? null);
    if (further) ways.push(and(...terms.slice(0, index).map((tied, j) => tiesWith(tied, place[j] ?? null)), further)!);
  });
  return ways.length > 0 ? or(...ways)! : sql`false`;
}

/** The fields of the given rows of a company's kind, by id. */
async function fieldsById<F extends MirrorFields>(
  db: Db,
  company: MirrorCompany,
  kind: DocumentKind,
  fields: F,
  ids: string[],
): Promise<Map<string, SelectResultFields<F>>> {
  const rows = (await db
    .select({ id: mirrorDocuments.id, row: fields })
    .from(mirrorDocuments)
    .where(and(documentsOf(company, kind), inArray(mirrorDocuments.id, ids)))) as {
    id: string;
    row: SelectResultFields<F>;
  }[];
  return new Map(rows.map((each) => [each.id, each.row]));
}

/**
 * Every row a view covers (its filters and search, no page), in exactly the order its list shows them (view.ts
 * viewOrder: search ranking, sort, tie-break), one batch at a time. A read of places (ids and order values) continues
 * after the previous read's last row (a keyset: that row's value of every order term, compared term by term as
 * ORDER BY compares them) and covers a few batches; then each batch's fields are read by id. So no offset is walked
 * again, at most a few batches' ids and one batch's rows are held, and no connection or transaction stays open while
 * the caller writes a batch out (a slow download never holds the database). The company's day is fixed at the
 * start, so the overdue filter cannot change at midnight halfway through. A row changed by a sync meanwhile is read
 * where it stands when its places are read.
 */
export async function* iterateMirrored<K extends DocumentKind, F extends MirrorFields>(
  db: Db,
  company: MirrorCompany,
  kind: K,
  view: Omit<MirrorView<K>, 'top' | 'skip'>,
  fields: F,
  batchSize = DEFAULT_BATCH_SIZE,
): AsyncGenerator<SelectResultFields<F>[], void, undefined> {
  const { where, search } = viewCondition(company, kind, { ...view, today: view.today ?? companyToday(new Date()) });
  const { terms } = viewOrder(search, view.sort);
  const keys = Object.fromEntries(terms.map((term, index) => [`k${index}`, sql<string | null>`(${term.value})::text`]));
  let place: Place | null = null;
  const placesPerRead = batchSize * BATCHES_PER_READ;
  for (;;) {
    // Ids and places first: the sort reads only the order's columns. Selecting the fields here would compute them
    // (a field of the stored record unpacks the whole record) for every row the sort looks at.
    const places: { id: string; keys: Record<string, string | null> }[] = await db
      .select({ id: mirrorDocuments.id, keys })
      .from(mirrorDocuments)
      .where(place ? and(where, after(terms, place)) : where)
      .orderBy(...orderBy(terms))
      .limit(placesPerRead);
    for (let start = 0; start < places.length; start += batchSize) {
      const batch = places.slice(start, start + batchSize);
      const byId = await fieldsById(
        db,
        company,
        kind,
        fields,
        batch.map((each) => each.id),
      );
      // A row deleted between the two reads (a sync's reconcile) is left out.
      yield batch.flatMap((each) => (byId.has(each.id) ? [byId.get(each.id)!] : []));
    }
    if (places.length < placesPerRead) return;
    const last: Record<string, string | null> = places[places.length - 1]!.keys;
    place = terms.map((_, index) => last[`k${index}`] ?? null);
  }
}
