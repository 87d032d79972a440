import { formatDay, formatMoney } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MoneyTexts } from '@/lib/base/i18n/money';
import { ibanForPeople } from '@/lib/base/iban';
import { accountLabelOf } from '@/lib/features/money/labels';
import type { PaymentAccountRow } from '@/lib/features/money/queries/accounts';
import type { MirroredPayment } from '@/lib/features/money/queries/payments';
import { type PaymentSortKey, type PaymentSortParam, paymentSorts } from '@/lib/features/money/queries/sort';
import { kindPath } from '@/lib/service/records/present';

import { sortHeader } from '../sort-header';
import { type Column, Table } from '../table';
import { PaymentRows, type PaymentRowView } from './payment-rows';

/** What a person looks for first: the newest and the largest payments, partners from A. */
const FIRST_DESCENDING: readonly PaymentSortKey[] = ['date', 'amount'];

function sortableHeader(
  label: string,
  key: PaymentSortKey,
  sorting: { sort: PaymentSortParam; hrefOf: (sort: PaymentSortParam) => string },
  numeric = false,
): Column {
  const { sort: now } = paymentSorts.parse(sorting.sort);
  return {
    numeric,
    ...sortHeader(label, key, now, {
      firstDescending: FIRST_DESCENDING.includes(key),
      hrefOf: sorting.hrefOf,
    }),
  };
}

/**
 * The payments of a page: day, amount in its currency, account (its name as the accounts' list names it), partner
 * with the counterparty's IBAN, variable symbol, reference, and the documents it paid where the record names them,
 * each number a link to its invoice when the company's copy has an invoice with that number. Sortable by day, amount
 * and partner. On a phone each payment is a card: day and amount, partner and documents.
 */
export function PaymentTable({
  payments,
  accounts,
  invoices,
  tenantId,
  sorting,
  texts,
  locale,
}: {
  payments: MirroredPayment[];
  accounts: PaymentAccountRow[] | null;
  /** Invoice ids by document number. */
  invoices: Record<string, string>;
  tenantId: string;
  sorting: { sort: PaymentSortParam; hrefOf: (sort: PaymentSortParam) => string };
  texts: MoneyTexts;
  locale: Locale;
}) {
  const c = texts.columns;
  const byId = new Map((accounts ?? []).map((account) => [account.id, account]));
  const columns: Column[] = [
    sortableHeader(c.date, 'date', sorting),
    sortableHeader(c.amount, 'amount', sorting, true),
    c.account,
    sortableHeader(c.partner, 'partner', sorting),
    c.variableSymbol,
    c.reference,
    c.documents,
  ];
  return (
    <Table caption={texts.caption} columns={columns} cards>
      <PaymentRows rows={payments.map((payment) => rowView(payment, byId, invoices, tenantId, texts, locale))} />
    </Table>
  );
}

/** A payment's values as its row shows them, in the reader's language. */
function rowView(
  payment: MirroredPayment,
  accounts: ReadonlyMap<string, PaymentAccountRow>,
  invoices: Record<string, string>,
  tenantId: string,
  texts: MoneyTexts,
  locale: Locale,
): PaymentRowView {
  return {
    id: payment.id,
    day: formatDay(payment.paymentDate, locale),
    amount: payment.amount ?? '',
    amountText: formatMoney(payment.amount, payment.currency, locale),
    account: { id: payment.accountId ?? '', label: accountLabelOf(payment.accountId, accounts, texts) },
    partner: payment.partnerName ?? '—',
    iban: payment.iban ? ibanForPeople(payment.iban) : null,
    variableSymbol: payment.variableSymbol ?? '',
    reference: payment.reference ?? '',
    documents: payment.documentNumbers.map((number) => {
      const id = invoices[number];
      return { number, href: id ? kindPath(tenantId, 'invoices', id) : null };
    }),
  };
}
