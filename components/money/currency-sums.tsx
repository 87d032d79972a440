import { Fragment } from 'react';

import { countOf } from '@/lib/base/i18n/documents';
import { formatMoney } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MoneyTexts } from '@/lib/base/i18n/money';
import type { CurrencySum, PaymentTotals } from '@/lib/features/money/queries/payments';

import { TotalsBox } from '../list/list-frame';

/** Sums per currency, each in its currency ("1 234,50 € · 1 000,00 CZK"); amounts are the database's exact decimals. */
export function CurrencySums({ sums, texts, locale }: { sums: CurrencySum[]; texts: MoneyTexts; locale: Locale }) {
  return (
    <>
      {sums.map((each, index) => (
        <Fragment key={each.currency ?? ''}>
          {/* Outside the unbreakable sum, so a narrow screen wraps between currencies, never inside an amount. */}
          {index > 0 && ' · '}
          <span className="whitespace-nowrap tabular-nums" data-currency={each.currency ?? ''} data-sum={each.sum}>
            {formatMoney(each.sum, each.currency, locale)}
            {each.currency === null && ` (${texts.totals.noCurrency})`}
          </span>
        </Fragment>
      ))}
    </>
  );
}

/**
 * The totals of everything the payments' view covers (its filters and search, every page): how many payments, and
 * their sum per currency (the service gives no exchange rate for a payment, so currencies are never added together).
 */
export function PaymentTotalsBar({
  totals,
  texts,
  locale,
}: {
  totals: PaymentTotals;
  texts: MoneyTexts;
  locale: Locale;
}) {
  return (
    <TotalsBox label={texts.totals.label} count={totals.count} counted={countOf(totals.count, texts.payments, locale)}>
      {totals.byCurrency.length > 0 && (
        <p className="text-slate-700">
          {texts.totals.sums}:{' '}
          <span className="font-medium text-slate-900">
            <CurrencySums sums={totals.byCurrency} texts={texts} locale={locale} />
          </span>
        </p>
      )}
    </TotalsBox>
  );
}
