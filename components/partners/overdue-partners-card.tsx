import { Link } from '@/components/link';
import { fill } from '@/lib/base/i18n/documents';
import { formatMoney } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { PartnerTexts } from '@/lib/base/i18n/partners';
import type { OverduePartnersCard as Card } from '@/lib/features/partners/overview-card';

/** The overview's card of the partners who owe the most on overdue invoices, each linking to its statement. */
export function OverduePartnersCard({ card, texts, locale }: { card: Card; texts: PartnerTexts; locale: Locale }) {
  const o = texts.overviewCard;
  return (
    <section
      aria-labelledby="overdue-partners"
      className="rounded-xl border border-amber-200 bg-amber-50/60 p-4 shadow-sm sm:col-span-2"
    >
      <h3 id="overdue-partners" className="text-sm font-medium text-slate-700">
        {o.title}
      </h3>
      <ol className="mt-2 divide-y divide-amber-100">
        {card.partners.map((partner) => (
          <li
            key={partner.key}
            data-overdue-partner={partner.key}
            className="flex flex-wrap items-baseline gap-x-3 py-1.5"
          >
            <Link href={partner.href} className="min-w-0 flex-1 truncate font-medium text-brand-700 underline">
              {partner.name ?? partner.key}
            </Link>
            <span className="tabular-nums font-semibold text-slate-900">
              {formatMoney(partner.overdue, 'EUR', locale)}
            </span>
            <span className="text-xs text-slate-600">{fill(o.days, { days: partner.oldestDays })}</span>
          </li>
        ))}
      </ol>
      <Link href={card.allHref} className="mt-1 inline-block text-sm font-medium text-brand-700 underline">
        {o.all}
      </Link>
    </section>
  );
}
