import 'server-only';
import type { CompanyScope } from '@/lib/company/scope';
import type { Db } from '@/lib/db/client';
import { mirrorCompanyOf } from '@/lib/mirror/company';
import { mirrorReadiness } from '@/lib/mirror/query/across';
import { overviewCharts, type OverviewCharts } from '@/lib/mirror/query/overview';

/**
 * What the overview shows of its charts: nothing with the mirror off (MIRROR_SYNC), a note while the company's copy
 * is prepared (before its first full sync ended, the page's figures come from live calls) or when its token was
 * refused (a stopped copy is never served), else the charts from the copy.
 */
export type ChartsState =
  { state: 'off' } | { state: 'preparing' } | { state: 'stopped' } | { state: 'ready'; charts: OverviewCharts };

export async function chartsOfCompany(
  db: Db,
  scope: CompanyScope,
  { mirrorSync, today }: { mirrorSync: boolean; today: string },
): Promise<ChartsState> {
  if (!mirrorSync) return { state: 'off' };
  const company = mirrorCompanyOf(scope);
  const [readiness] = await mirrorReadiness(db, [company]);
  if (readiness !== 'ready') return { state: readiness ?? 'preparing' };
  return { state: 'ready', charts: await overviewCharts(db, company, today) };
}
