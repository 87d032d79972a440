import 'server-only';

import { redirect } from 'next/navigation';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { SearchParams } from '@/lib/base/http/search-params';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import {
  listStock,
  type MirroredWarehouse,
  mirroredWarehouses,
  parseStockSort,
  type StockQuery,
  type StockRow,
  type StockSort,
  type StockTotals,
  stockTotals,
} from '@/lib/features/stock/queries/stock';
import type { CompanyConnection } from '@/lib/owners/connections/states';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { Refusal } from '@/lib/owners/mirror/state';
import { type MirrorStatus, mirrorStatus, readinessOf } from '@/lib/owners/mirror/status';
import { minimumsOf } from '@/lib/owners/stock/minimums';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import { companyPath } from '@/lib/service/records/present';

import { type MinimumOutcome, minimumOutcomeOf } from './minimum-outcome';
import { parseStockView, STOCK_PARAMETERS, stockHref, type StockView } from './view';

/**
 * Everything the stock page (`/companies/{tenantId}/stock`) shows, read only from the company's mirror: the service
 * gives catalog items and warehouses, but neither searches, sorts nor counts them, and keeps no minimums (ours, in
 * lib/owners/stock/). So the page has no live fallback: until the copy's catalog items were read whole it says they
 * are being prepared and how many are read; a kind the service refuses (404 or 403 to its list), a copy stopped by a
 * refused token (401), a paused one (402) before the items were read, a user whose own connection the service
 * refused, or the copy turned off on this server (MIRROR_SYNC=off), each is said in words instead of the list.
 */

/** Why the page shows no list, or 'ready' when it does. */
export type StockState =
  | { kind: 'ready' }
  | { kind: 'preparing'; read: number }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'paused' }
  | { kind: 'disconnected' }
  | { kind: 'off' };

export type StockList = { rows: StockRow[]; sort: StockSort; totals: StockTotals };

export type StockPageData = {
  view: StockView;
  /** The page's own address, without query. */
  path: string;
  /** This very view's address (without a minimum form's outcome): where the page's forms come back to. */
  href: string;
  state: StockState;
  /** The company's copy, how fresh it is (null while MIRROR_SYNC is off). */
  mirror: MirrorStatus | null;
  /** The company's warehouses as mirrored (empty when the list was never mirrored). */
  warehouses: MirroredWarehouse[];
  /** The view's parameters the page cannot take (an unknown warehouse among them): nothing was read. */
  invalid: string[];
  /** The list, when the state is ready and the view valid. */
  list: StockList | null;
  /** What the minimum form did, when the address says so. */
  outcome: MinimumOutcome | null;
};

/**
 * Whether the copy may show the company's stock (readinessOf for catalog items, and the user's own connection
 * working, as the document lists ask), and if not, why.
 */
export function stockStateOf(status: MirrorStatus, connection: Pick<CompanyConnection, 'state'>): StockState {
  const readiness = readinessOf(status, ['catalogItems']);
  if (readiness === 'stopped' || connection.state !== 'connected') return { kind: 'disconnected' };
  const refusal = status.progress.catalogItems?.refused;
  if (readiness === 'refused' && refusal) return { kind: 'refused', refusal };
  if (readiness === 'ready') return { kind: 'ready' };
  if (status.status === 'paused') return { kind: 'paused' };
  return { kind: 'preparing', read: status.progress.catalogItems?.read ?? 0 };
}

/** The stock's query of a valid view, with the company's minimums. */
export async function stockQueryOf(
  db: Db,
  scope: CompanyScope,
  view: StockView,
): Promise<Omit<StockQuery, 'top' | 'skip'>> {
  return {
    q: view.q,
    warehouse: view.warehouse,
    below: view.below,
    sort: parseStockSort(view.sort).explicit ? parseStockSort(view.sort).sort : undefined,
    minimums: await minimumsOf(db, mirrorCompanyOf(scope)),
  };
}

/** The view's invalid parameters once its warehouse is checked against the company's: an unknown one is too. */
export function invalidOf(view: StockView, warehouses: readonly MirroredWarehouse[]): string[] {
  const invalid = new Set(view.invalid);
  if (view.warehouse !== null && !warehouses.some((each) => each.code === view.warehouse)) invalid.add('warehouse');
  return STOCK_PARAMETERS.filter((name) => invalid.has(name));
}

export async function loadStockPage(company: CompanyPage, searchParams: SearchParams): Promise<StockPageData> {
  const path = companyPath(company.scope.tenantId, 'stock');
  const view = parseStockView(searchParams);
  if (view.canonical !== null) redirect(view.canonical ? `${path}?${view.canonical}` : path);
  const shown = { view, path, href: stockHref(path, view, {}), outcome: minimumOutcomeOf(searchParams) };

  if (!getEnv().mirrorSync) {
    return { ...shown, state: { kind: 'off' }, mirror: null, warehouses: [], invalid: view.invalid, list: null };
  }
  // A sync this very view asked for (a stale copy) is "updating…" too (CompanyPage.viewNoted).
  await company.viewNoted;
  const [status, connection, warehouses] = await Promise.all([
    company.read((db, scope) => mirrorStatus(db, mirrorCompanyOf(scope))),
    company.connection(),
    company.read(async (db, scope) => (await mirroredWarehouses(db, mirrorCompanyOf(scope))) ?? []),
  ]);
  const state = stockStateOf(status, connection);
  const invalid = invalidOf(view, warehouses);
  const page = { ...shown, state, mirror: status, warehouses, invalid };
  if (state.kind !== 'ready' || invalid.length > 0) return { ...page, list: null };

  const list = await company.read(async (db, scope) => {
    const query = await stockQueryOf(db, scope, view);
    const mirror = mirrorCompanyOf(scope);
    const [listed, totals] = await Promise.all([
      listStock(db, mirror, { ...query, top: view.top, skip: view.skip }),
      stockTotals(db, mirror, query),
    ]);
    return { ...listed, totals };
  });
  return { ...page, list };
}
