import 'server-only';

import type { CompanyPage } from '@/lib/doors/company/company-page';
import { itemsUnderMinimum } from '@/lib/features/stock/queries/stock';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { mirrorStatus } from '@/lib/owners/mirror/status';
import { minimumsOf } from '@/lib/owners/stock/minimums';
import { getEnv } from '@/lib/platform/env';
import { companyPath } from '@/lib/service/records/present';

import { stockStateOf } from './stock-page';

/**
 * The overview's card "items under their minimum" (issue 19), for the overview to show when `hasMinimums`: how many
 * of the company's items are under one of their minimums now (in any warehouse, or in all together), linking to the
 * stock page filtered to them. Null while the copy cannot show the stock (the stock page's own rule, stockStateOf:
 * MIRROR_SYNC off, catalog items not read whole yet or refused by the service, a stopped copy, the user's own
 * connection refused). Read from our database only (the state row, the minimums, one count): no call to the service.
 */
export type StockMinimumCard = {
  /** The company has set at least one minimum: without any, the overview shows no card. */
  hasMinimums: boolean;
  /** Items under one of their minimums now. */
  below: number;
  /** The stock page with only those items (`below=1`). */
  href: string;
};

export async function stockMinimumCard(
  company: Pick<CompanyPage, 'scope' | 'read' | 'connection'>,
): Promise<StockMinimumCard | null> {
  if (!getEnv().mirrorSync) return null;
  const [status, connection] = await Promise.all([
    company.read((db, scope) => mirrorStatus(db, mirrorCompanyOf(scope))),
    company.connection(),
  ]);
  if (stockStateOf(status, connection).kind !== 'ready') return null;
  return company.read(async (db, scope) => {
    const mirror = mirrorCompanyOf(scope);
    const minimums = await minimumsOf(db, mirror);
    return {
      hasMinimums: minimums.length > 0,
      below: await itemsUnderMinimum(db, mirror, minimums),
      href: `${companyPath(scope.tenantId, 'stock')}?below=1`,
    };
  });
}
