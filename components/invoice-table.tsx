import { formatMoney } from '@/lib/base/i18n/format';
import { isNegativeAmount } from '@/lib/base/money';
import { documentTotal } from '@/lib/service/records/present';
import type { Invoice } from '@/lib/service/schemas/invoice';

import { InvoiceTypeMark } from './document-marks';
import { column, type ColumnContext, type DocumentColumn } from './document-table';
import { Td } from './table';

/**
 * The columns of a table of invoices: number (with credit-note mark), customer, days, total and what is left to pay
 * in the document's currency, payment.
 */
export function invoiceColumns(context: ColumnContext): DocumentColumn<Invoice>[] {
  const { texts, locale, marks } = context;
  const c = texts.columns;
  return [
    column.number(
      context,
      'invoices',
      c.number,
      (invoice) => `#${invoice.id}`,
      (invoice) => (
        <span className="ml-1.5">
          <InvoiceTypeMark invoiceType={invoice.invoiceType} texts={texts} />
        </span>
      ),
    ),
    column.partner(c.customer, marks),
    column.day(c.issueDate, (invoice) => invoice.issueDate, locale, 'issueDate'),
    column.day(c.dueDate, (invoice) => invoice.dueDate, locale, 'dueDate'),
    {
      // Credit notes are negative: their total stands out.
      header: { label: c.total, numeric: true },
      sortKey: 'total',
      cell: (invoice) => {
        const total = documentTotal(invoice.prices);
        return (
          <Td numeric>
            <span className={total.amount !== null && isNegativeAmount(total.amount) ? 'text-violet-800' : undefined}>
              {formatMoney(total.amount, total.currency, locale)}
            </span>
          </Td>
        );
      },
    },
    ...column.payable<Invoice>(context),
  ];
}
