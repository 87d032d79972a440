import 'server-only';

import { and, type SQL } from 'drizzle-orm';

import { companyToday } from '@/lib/base/calendar';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { documentsOf } from '@/lib/owners/mirror/rows';

import { filterConditions, type MirrorFilters } from './filters';
import { type Search, searchCondition, searchOf, searchRanking } from './search';
import { documentSorts, type OrderTerm, orderTermsOf, type Sort } from './sort';

/** A list view over the mirror: the search box, the sort, the list's filters and the page. */
export type MirrorView<K extends DocumentKind = DocumentKind> = {
  /** The search box; blank searches nothing. */
  q?: string;
  /** `documentNumber`, `issueDate`, `dueDate`, `partner` or `total`, '-' first for descending; else issue date, newest first. */
  sort?: string;
  /** The list's filters as a valid list view gives them (lib/service/records/list-view.ts). */
  filters?: MirrorFilters<K>;
  /** Page size and offset (totals ignore them). */
  top?: number;
  skip?: number;
  /** The company's day the overdue filter counts from; today in Europe/Bratislava unless a caller (a test) fixes it. */
  today?: string;
};

/** The rows a view covers, whatever the page: the company's documents of the kind, filtered and searched. */
export function viewCondition<K extends DocumentKind>(
  company: MirrorCompany,
  kind: K,
  view: MirrorView<K>,
): { where: SQL; search: Search | null } {
  const search = searchOf(view.q);
  const today = view.today ?? companyToday(new Date());
  const where = and(
    documentsOf(company, kind),
    ...filterConditions(kind, view.filters ?? {}, today),
    search ? searchCondition(search) : undefined,
  )!;
  return { where, search };
}

/**
 * The order of a view's rows, the one every reader of a list uses (a page, an export): with a search, the exact
 * number first (search.ts), then the view's sort (the default when it names none), then the tie-break.
 */
export function viewOrder(
  search: Search | null,
  sortParameter: string | undefined,
): { terms: OrderTerm[]; sort: Sort } {
  const { sort, explicit } = documentSorts.parse(sortParameter);
  return { terms: [...(search ? searchRanking(search, !explicit) : []), ...orderTermsOf(sort)], sort };
}
