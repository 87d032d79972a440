import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { countOf } from '@/lib/base/i18n/documents';
import { formatMoney } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MirroredTotals } from '@/lib/features/documents/queries';

import { TotalsBox } from './list/list-frame';

/**
 * The totals of everything the list's view covers (its filters and search, every page): how many documents, their
 * sum without and with VAT in EUR (legislative prices), and per original currency when any is not in EUR.
 */
export function ListTotals({
  totals,
  texts,
  locale,
}: {
  totals: MirroredTotals;
  texts: DocumentTexts;
  locale: Locale;
}) {
  const t = texts.totals;
  const money = (amount: string, currency: string | null) => formatMoney(amount, currency, locale);
  const foreign = totals.byCurrency.some((each) => each.currency !== null && each.currency !== 'EUR');
  return (
    <TotalsBox label={t.label} count={totals.count} counted={countOf(totals.count, texts.documents, locale)}>
      <p className="text-slate-700">
        {t.exclVat}:{' '}
        <span className="font-medium tabular-nums text-slate-900">{money(totals.totalExclVatEur, 'EUR')}</span>
      </p>
      <p className="text-slate-700">
        {t.inclVat}:{' '}
        <span className="font-medium tabular-nums text-slate-900" data-total-incl-vat-eur={totals.totalInclVatEur}>
          {money(totals.totalInclVatEur, 'EUR')}
        </span>
      </p>
      {foreign && (
        <p className="text-slate-700">
          {t.byCurrency}:{' '}
          {totals.byCurrency.map((each, index) => (
            <span key={each.currency ?? ''} className="tabular-nums">
              {index > 0 && ' · '}
              {money(each.totalInclVat, each.currency)} ({each.count})
            </span>
          ))}
        </p>
      )}
    </TotalsBox>
  );
}
