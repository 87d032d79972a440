import type { Messages } from '@/lib/base/i18n/messages';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MoneyAndStockCards as Cards } from '@/lib/features/overview/money-and-stock-cards';

import { ReceivedThisMonthCard } from './money/received-card';
import { OverduePartnersCard } from './partners/overdue-partners-card';
import { StockMinimumCard } from './stock/stock-minimum-card';

/** The overview's row of money, stock and partners (lib/features/overview/money-and-stock-cards.ts); nothing when empty. */
export function MoneyAndStockCards({ cards, t, locale }: { cards: Cards; t: Messages; locale: Locale }) {
  if (cards.received === null && cards.stock === null && cards.overduePartners === null) return null;
  return (
    <section aria-label={t.money.overview.sectionLabel} className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2">
      {cards.received && <ReceivedThisMonthCard card={cards.received} texts={t.money} locale={locale} />}
      {cards.stock && <StockMinimumCard card={cards.stock} texts={t.stock} />}
      {cards.overduePartners && <OverduePartnersCard card={cards.overduePartners} texts={t.partners} locale={locale} />}
    </section>
  );
}
