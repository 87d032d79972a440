import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import { mirrorReadiness } from '@/lib/features/documents/queries/across';
import { type OverviewCharts, overviewCharts } from '@/lib/features/overview/queries/charts';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';

/**
 * What the overview shows of its charts: nothing with the mirror off (MIRROR_SYNC), a note while the company's copy
 * is prepared (before its invoices and expenses were read whole) or when its token was
 * refused (a stopped copy is never served), else the charts from the copy.
 */
export type ChartsState =
  { state: 'off' } | { state: 'preparing' } | { state: 'stopped' } | { state: 'ready'; charts: OverviewCharts };

/** The kinds the charts sum: shown once both were read whole (readinessOf). */
const CHART_KINDS = ['invoices', 'expenses'] as const;

export async function chartsOfCompany(
  db: Db,
  scope: CompanyScope,
  { mirrorSync, today }: { mirrorSync: boolean; today: string },
): Promise<ChartsState> {
  if (!mirrorSync) return { state: 'off' };
  const company = mirrorCompanyOf(scope);
  const [readiness] = await mirrorReadiness(db, [company], CHART_KINDS);
  // A kind the charts sum that the service refuses is never copied: no charts, rather than "being prepared" for ever.
  if (readiness === 'refused') return { state: 'off' };
  if (readiness !== 'ready') return { state: readiness ?? 'preparing' };
  return { state: 'ready', charts: await overviewCharts(db, company, today) };
}
