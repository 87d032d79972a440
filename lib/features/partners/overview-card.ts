import 'server-only';

import { companyToday } from '@/lib/base/calendar';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { type OverduePartner, topOverduePartners } from '@/lib/features/partners/queries/partners';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { companyPath } from '@/lib/service/records/present';

import { partnersMirror } from './pages';

/** How many partners the overview names. */
const TOP = 5;

export type OverduePartnersCard = { partners: (OverduePartner & { href: string })[]; allHref: string };

/**
 * The overview's card "the partners most overdue": who owes the most on overdue invoices, each linking to its
 * statement (topOverduePartners); from the copy only, null while it cannot show the partners (the partners' pages'
 * own rule) or when no partner is overdue.
 */
export async function overduePartnersCard(company: CompanyPage, now = new Date()): Promise<OverduePartnersCard | null> {
  const { readiness } = await partnersMirror(company);
  if (readiness.state !== 'ready') return null;
  const partners = await company.read((db, scope) =>
    topOverduePartners(db, mirrorCompanyOf(scope), companyToday(now), TOP),
  );
  if (partners.length === 0) return null;
  const { tenantId } = company.scope;
  return {
    partners: partners.map((each) => ({ ...each, href: companyPath(tenantId, 'partners', each.key) })),
    allHref: `${companyPath(tenantId, 'partners')}?sort=-overdue`,
  };
}
