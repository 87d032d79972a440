import 'server-only';

import type { CompanyPage } from '@/lib/doors/company/company-page';
import { type ReceivedThisMonthCard, receivedThisMonthCard } from '@/lib/features/money/overview-card';
import { type OverduePartnersCard, overduePartnersCard } from '@/lib/features/partners/overview-card';
import { type StockMinimumCard, stockMinimumCard } from '@/lib/features/stock/overview-card';

/**
 * The overview's cards of money, stock and partners, each from the company's copy only (no call to the service) and
 * each left out (null) while the copy cannot show its kind; the stock's card also when the company set no minimum.
 */
export type MoneyAndStockCards = {
  received: ReceivedThisMonthCard | null;
  stock: StockMinimumCard | null;
  overduePartners: OverduePartnersCard | null;
};

export async function moneyAndStockCards(door: CompanyPage): Promise<MoneyAndStockCards> {
  const [received, stock, overduePartners] = await Promise.all([
    receivedThisMonthCard(door),
    stockMinimumCard(door),
    overduePartnersCard(door),
  ]);
  return { received, stock: stock?.hasMinimums ? stock : null, overduePartners };
}
