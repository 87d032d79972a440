import 'server-only';
import { companyToday } from '@/lib/company/calendar';
import { companyScope, type CompaniesScope } from '@/lib/company/scope';
import { getDb, type Db } from '@/lib/db/client';
import { forPage } from '@/lib/db/errors';
import { mirrorCompanyOf } from '@/lib/mirror/company';
import {
  mirrorReadiness,
  overdueAcross,
  unpaidAndOverdue,
  type MirrorReadiness,
  type OverdueAcross,
  type UnpaidAndOverdue,
} from '@/lib/mirror/query/across';

/**
 * The home page's view of a session's companies side by side, from their copies (MIRROR_SYNC): each company's unpaid
 * and overdue invoices, and the overdue invoices of all of them in one list. Only the session's own companies are
 * ever named to the queries (its user's add-on and tenants, the mirror's key), and of those only the ones whose copy
 * may be served (its invoices read whole, not stopped); the others are listed as left out.
 */
export type CompanyFigures = { tenantId: string; readiness: MirrorReadiness; figures: UnpaidAndOverdue | null };

export type AcrossCompanies = {
  companies: CompanyFigures[];
  overdue: OverdueAcross;
  /** The session's companies whose copy is not in the list, in the session's order. */
  leftOut: { tenantId: string; readiness: Exclude<MirrorReadiness, 'ready'> }[];
  today: string;
};

export async function readAcrossCompanies(
  db: Db,
  session: CompaniesScope,
  { q, today }: { q: string | null; today: string },
): Promise<AcrossCompanies> {
  const all = session.tenantIds.map((tenantId) => mirrorCompanyOf(companyScope(session, tenantId)));
  // Every figure here is of invoices: a company whose invoices were read whole is shown, other kinds or not.
  const readiness = await mirrorReadiness(db, all, ['invoices']);
  const ready = all.filter((_, index) => readiness[index] === 'ready');
  const [figures, overdue] = await Promise.all([
    unpaidAndOverdue(db, ready, today),
    overdueAcross(db, ready, { today, q }),
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
  };
}

/** The same for the page: through the page's failure handling, on the company's today. */
export function acrossCompaniesForPage(session: CompaniesScope, q: string | null): Promise<AcrossCompanies> {
  return forPage(async () => readAcrossCompanies(await getDb(), session, { q, today: companyToday(new Date()) }));
}
