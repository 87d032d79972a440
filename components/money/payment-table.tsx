import Link from 'next/link';

import { formatDay, formatMoney } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MoneyTexts } from '@/lib/base/i18n/money';
import { accountLabelOf } from '@/lib/features/money/labels';
import type { PaymentAccountRow } from '@/lib/owners/mirror/query/accounts';
import { parsePaymentSort, type PaymentSortKey, type PaymentSortParam } from '@/lib/owners/mirror/query/payment-sort';
import type { MirroredPayment } from '@/lib/owners/mirror/query/payments';
import { kindPath } from '@/lib/service/records/present';

import { plainLinkClass } from '../detail-parts';
import { type Column, RowHeader, Table, Td } from '../table';

/** An IBAN as people read it: groups of four ("SK31 1200 0000 …"). */
export const ibanForPeople = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** What a person looks for first: the newest and the largest payments, partners from A. */
const FIRST_DESCENDING: readonly PaymentSortKey[] = ['date', 'amount'];

function sortableHeader(
  label: string,
  key: PaymentSortKey,
  sorting: { sort: PaymentSortParam; hrefOf: (sort: PaymentSortParam) => string },
  numeric = false,
): Column {
  const { sort: current } = parsePaymentSort(sorting.sort);
  const active = current.key === key;
  const descending = active ? !current.descending : FIRST_DESCENDING.includes(key);
  return {
    numeric,
    sorted: active ? (current.descending ? 'descending' : 'ascending') : undefined,
    label: (
      <Link
        href={sorting.hrefOf(descending ? `-${key}` : key)}
        className="inline-flex items-center gap-1 hover:text-slate-900 focus-ring"
        data-sort-key={key}
      >
        {label}
        <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
          {active ? (current.descending ? '↓' : '↑') : '↕'}
        </span>
      </Link>
    ),
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
      {payments.map((payment) => (
        <tr key={payment.id} className="hover:bg-slate-50" data-payment-id={payment.id}>
          <RowHeader>{formatDay(payment.paymentDate, locale)}</RowHeader>
          <Td numeric>
            <span
              data-amount={payment.amount ?? ''}
              className={payment.amount?.startsWith('-') ? 'text-violet-800' : undefined}
            >
              {formatMoney(payment.amount === null ? null : Number(payment.amount), payment.currency, locale)}
            </span>
          </Td>
          <Td cardHidden>
            <span data-account-id={payment.accountId ?? ''}>{accountLabelOf(payment.accountId, byId, texts)}</span>
          </Td>
          <Td>
            {payment.partnerName ?? '—'}
            {payment.iban && (
              <span className="block whitespace-nowrap text-xs text-slate-500 card-hidden">
                {ibanForPeople(payment.iban)}
              </span>
            )}
          </Td>
          <Td nowrap cardHidden>
            {payment.variableSymbol ?? ''}
          </Td>
          <Td cardHidden>
            <span className="break-words">{payment.reference ?? ''}</span>
          </Td>
          <Td>
            {payment.documentNumbers.map((number, index) => {
              const id = invoices[number];
              return (
                <span key={number} className="whitespace-nowrap">
                  {index > 0 && ', '}
                  {id ? (
                    <Link
                      href={kindPath(tenantId, 'invoices', id)}
                      className={plainLinkClass}
                      data-paid-document={number}
                    >
                      {number}
                    </Link>
                  ) : (
                    <span data-paid-document={number}>{number}</span>
                  )}
                </span>
              );
            })}
          </Td>
        </tr>
      ))}
    </Table>
  );
}
