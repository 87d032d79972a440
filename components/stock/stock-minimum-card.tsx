import { Link } from '@/components/link';
import { fill } from '@/lib/base/i18n/documents';
import type { StockTexts } from '@/lib/base/i18n/stock';
import type { StockMinimumCard as Card } from '@/lib/features/stock/overview-card';

/**
 * The overview's card "items under their minimum" (lib/features/stock/overview-card.ts): how many, in warning colours
 * when any, and the way to them on the stock page. The overview shows it only when the company has set a minimum.
 */
export function StockMinimumCard({ card, texts }: { card: Card; texts: StockTexts }) {
  const o = texts.overview;
  return (
    <section
      aria-labelledby="stock-minimum-card"
      data-stock-below={card.below}
      className={`rounded-xl border p-4 shadow-sm ${card.below > 0 ? 'border-rose-200 bg-rose-50/60' : 'border-slate-200 bg-white'}`}
    >
      <h3 id="stock-minimum-card" className="text-sm font-medium text-slate-700">
        <Link href={card.href} className="hover:underline focus-ring">
          {o.title}
        </Link>
      </h3>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{card.below}</p>
      <p className="text-sm text-slate-600">{card.below > 0 ? fill(o.count, { count: card.below }) : o.none}</p>
      {card.below > 0 && (
        <Link href={card.href} className="mt-1 inline-block text-sm font-medium text-brand-700 underline">
          {o.link}
        </Link>
      )}
    </section>
  );
}
