import 'server-only';

import { companyToday } from '@/lib/base/calendar';
import { type CompaniesScope, companyScope } from '@/lib/base/company-scope';
import { pageNumbers, type Pager } from '@/lib/features/documents/pages';
import {
  type MirrorReadiness,
  mirrorReadiness,
  OVERDUE_ACROSS_LIMIT,
  type OverdueAcross,
  overdueAcross,
  type UnpaidAndOverdue,
  unpaidAndOverdue,
} from '@/lib/features/documents/queries/across';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { type Db, getDb } from '@/lib/platform/db/client';
import { forPage } from '@/lib/platform/db-errors';

/**
 * The home page's view of a session's companies side by side, from their copies (MIRROR_SYNC): each company's unpaid
 * and overdue invoices, and the overdue invoices of all of them in one list. Only the session's own companies are
 * ever named to the queries (its user's add-on and tenants, the mirror's key), and of those only the ones whose copy
 * may be served (its invoices read whole, not stopped); the others are listed as left out.
 */
export type CompanyFigures = { tenantId: string; readiness: MirrorReadiness; figures: UnpaidAndOverdue | null };

export type AcrossCompanies = {
  companies: CompanyFigures[];
  /** One page of the overdue invoices (OVERDUE_ACROSS_LIMIT of them after `skip`), with the count of all. */
  overdue: OverdueAcross;
  skip: number;
  /** The session's companies whose copy is not in the list, in the session's order. */
  leftOut: { tenantId: string; readiness: Exclude<MirrorReadiness, 'ready'> }[];
  today: string;
};

export async function readAcrossCompanies(
  db: Db,
  session: CompaniesScope,
  { q, today, skip = 0 }: { q: string | null; today: string; skip?: number },
): Promise<AcrossCompanies> {
  const all = session.tenantIds.map((tenantId) => mirrorCompanyOf(companyScope(session, tenantId)));
  // Every figure here is of invoices: a company whose invoices were read whole is shown, other kinds or not.
  const readiness = await mirrorReadiness(db, all, ['invoices']);
  const ready = all.filter((_, index) => readiness[index] === 'ready');
  const [figures, overdue] = await Promise.all([
    unpaidAndOverdue(db, ready, today),
    overdueAcross(db, ready, { today, q, skip }),
  ]);
  return {
    companies: all.map((company, index) => ({
      tenantId: company.tenantId,
      readiness: readiness[index]!,
      figures: figures.find((entry) => entry.tenantId === company.tenantId) ?? null,
    })),
    overdue,
    leftOut: all.flatMap((company, index) => {
      const state = readiness[index]!;
      return state === 'ready' ? [] : [{ tenantId: company.tenantId, readiness: state }];
    }),
    today,
    skip,
  };
}

/** The same for the page: through the page's failure handling, on the company's today. */
export function acrossCompaniesForPage(
  session: CompaniesScope,
  { q, skip }: { q: string | null; skip: number },
): Promise<AcrossCompanies> {
  return forPage(async () => readAcrossCompanies(await getDb(), session, { q, skip, today: companyToday(new Date()) }));
}

/**
 * The home page's address of another page of the overdue list: the search kept, `Skip` as the lists page (the
 * interface's name), left out on the first page.
 */
export function overdueAcrossHref(q: string, skip: number): string {
  const params = new URLSearchParams();
  if (q.trim() !== '') params.set('q', q);
  if (skip > 0) params.set('Skip', String(skip));
  const search = params.toString();
  return search ? `/?${search}` : '/';
}

/**
 * The pager of the overdue list (components/pager.tsx): previous and next, the first, the last and the numbered pages
 * around this one, as the lists page (lib/features/documents/pages.ts); one size only (OVERDUE_ACROSS_LIMIT), so none offered.
 */
export function overduePaging(
  q: string,
  {
    skip,
    shown,
    count,
    pageSize = OVERDUE_ACROSS_LIMIT,
  }: { skip: number; shown: number; count: number; pageSize?: number },
): Pager {
  const href = (at: number) => overdueAcrossHref(q, at);
  // Past the end (an old address, fewer overdue now), back to the last page there is.
  const back = skip >= count ? Math.floor(Math.max(count - 1, 0) / pageSize) * pageSize : skip - pageSize;
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const current = Math.floor(skip / pageSize) + 1;
  // A Skip between two pages (typed by hand) is on no page of the list: none is marked as this one.
  const aligned = skip % pageSize === 0;
  return {
    previous: skip > 0 ? href(Math.max(0, back)) : null,
    next: skip + shown < count ? href(skip + pageSize) : null,
    first: skip > 0 ? href(0) : null,
    last: current < lastPage ? href((lastPage - 1) * pageSize) : null,
    pages: pageNumbers(Math.min(current, lastPage), lastPage).map((page) =>
      page === 'gap' ? page : { page, href: href((page - 1) * pageSize), current: aligned && page === current },
    ),
    sizes: [],
  };
}
