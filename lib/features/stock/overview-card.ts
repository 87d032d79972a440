import 'server-only';

import type { CompanyPage } from '@/lib/features/pages/company-page';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { itemsUnderMinimum } from '@/lib/owners/mirror/query/stock';
import { mirrorStatus } from '@/lib/owners/mirror/status';
import { minimumsOf } from '@/lib/owners/stock/minimums';
import { getEnv } from '@/lib/platform/env';
import { companyPath } from '@/lib/service/records/present';

import { stockStateOf } from './stock-page';

/**
 * The overview's card "items under their minimum" (issue 19): shown only when the company has set a minimum and its
 * copy serves the catalog items (the stock page's own rule, stockStateOf); then how many items are under one of their
 * minimums (in any warehouse, or all together), linking to the stock page filtered to them. Read from our database
 * only: two small queries, no call to the service.
 */
export type StockMinimumCard = {
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
    if (minimums.length === 0) return null;
    return {
      below: await itemsUnderMinimum(db, mirror, minimums),
      href: `${companyPath(scope.tenantId, 'stock')}?below=1`,
    };
  });
}
