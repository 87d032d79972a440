import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { formatMoney } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { type Payable, paymentAmounts } from '@/lib/service/records/present';

import { Facts } from './detail-parts';
import { Td } from './table';

/** Paid and left to pay on a detail page, or that the service does not say (lib/service/records/present.ts). */
export function PaymentSums({ record, texts, locale }: { record: Payable; texts: DocumentTexts; locale: Locale }) {
  const { paid, left } = paymentAmounts(record);
  const currency = record.prices?.currency;
  if (paid === null && left === null) {
    return (
      <p className="text-sm text-slate-600" data-payment-sums="unknown">
        {texts.detail.paymentSumsUnknown}
      </p>
    );
  }
  return (
    <div data-payment-sums="known">
      <Facts
        facts={[
          [texts.detail.sumOfPayments, paid === null ? null : formatMoney(paid, currency, locale)],
          [texts.detail.sumForPayment, left === null ? null : formatMoney(left, currency, locale)],
        ]}
      />
    </div>
  );
}

/** The "left to pay" cell of a list row; a dash where it is not known. */
export function LeftToPayCell({
  record,
  locale,
  cardHidden,
}: {
  record: Payable;
  locale: Locale;
  cardHidden?: boolean;
}) {
  const { left } = paymentAmounts(record);
  return (
    <Td numeric cardHidden={cardHidden}>
      <span data-left-to-pay={left ?? 'unknown'}>
        {left === null ? '—' : formatMoney(left, record.prices?.currency, locale)}
      </span>
    </Td>
  );
}
