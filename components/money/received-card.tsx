import { Link } from '@/components/link';
import { countOf } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MoneyTexts } from '@/lib/base/i18n/money';
import type { ReceivedThisMonthCard as Card } from '@/lib/features/money/overview-card';

import { CurrencySums } from './currency-sums';

/**
 * The overview's card "money received this month" (lib/features/money/overview-card.ts): the payments recorded with an
 * account and dated in the company's current month, their count and sum per currency, linking to exactly those.
 */
export function ReceivedThisMonthCard({ card, texts, locale }: { card: Card; texts: MoneyTexts; locale: Locale }) {
  const o = texts.overview;
  return (
    <section
      aria-labelledby="received-this-month"
      data-received-count={card.count}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="received-this-month" className="text-sm font-medium text-slate-700">
        <Link href={card.href} className="hover:underline focus-ring">
          {o.receivedThisMonth}
        </Link>
      </h3>
      {card.count > 0 ? (
        <>
          <p className="mt-1 text-2xl font-semibold text-slate-900">
            <CurrencySums sums={card.byCurrency} texts={texts} locale={locale} />
          </p>
          <p className="text-sm text-slate-600">{countOf(card.count, texts.payments, locale)}</p>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{o.nothingReceived}</p>
      )}
      <p className="mt-1 text-xs text-slate-500">{o.receivedNote}</p>
    </section>
  );
}
