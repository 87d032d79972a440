import Link from 'next/link';
import type { Locale } from '@/lib/i18n/messages';
import type { DocumentTexts } from '@/lib/i18n/documents';
import type { Expense } from '@/lib/service/schemas/expense';
import { formatDay, formatMoney } from '@/lib/i18n/format';
import { companyPath, documentTotal, expenseTypeLabel, isOverdue, partnerName } from '@/lib/documents/present';
import { OverdueMark, PaymentStatusMark } from './document-marks';
import { LeftToPayCell } from './payment-sums';
import { RowHeader, Table, Td, Th } from './table';
import { plainLinkClass } from './detail-parts';

type Props = {
  expenses: Expense[];
  tenantId: string;
  texts: DocumentTexts;
  locale: Locale;
  today: string;
  caption: string;
  captionHidden?: boolean;
};

/**
 * Expenses in a table: number with its type in words and an attachment mark (one cell, so the table fits the
 * service's ~800 px window), supplier, days, total, left to pay, payment.
 */
export function ExpenseTable({ expenses, tenantId, texts, locale, today, caption, captionHidden }: Props) {
  const c = texts.columns;
  return (
    <Table caption={caption} captionHidden={captionHidden}>
      <thead className="bg-slate-50">
        <tr>
          <Th>
            {c.number} / {c.type.toLowerCase()}
          </Th>
          <Th>{c.supplier}</Th>
          <Th>{c.issueDate}</Th>
          <Th>{c.dueDate}</Th>
          <Th numeric>{c.total}</Th>
          <Th numeric>{c.leftToPay}</Th>
          <Th>{c.paymentStatus}</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {expenses.map((expense) => {
          const total = documentTotal(expense.prices);
          return (
            <tr key={expense.id} className="hover:bg-slate-50" data-expense-id={expense.id}>
              <RowHeader>
                <Link href={companyPath(tenantId, 'expenses', expense.id)} className={plainLinkClass}>
                  {expense.documentNumber || texts.detail.withoutNumber}
                </Link>
                {expense.hasAttachments ? (
                  <span title={texts.hasAttachments} className="ml-1" data-has-attachments="true">
                    {/* A drawn clip: the emoji is missing from many systems' fonts. */}
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 16 16"
                      className="inline h-3.5 w-3.5 align-[-2px] text-slate-500"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.5"
                      strokeLinecap="round"
                    >
                      <path d="M10.5 4.5 5.6 9.4a1.4 1.4 0 0 0 2 2l5-5a2.8 2.8 0 0 0-4-4l-5 5a4.2 4.2 0 0 0 6 6l4.4-4.4" />
                    </svg>
                    <span className="sr-only">{texts.hasAttachments}</span>
                  </span>
                ) : null}
                <span className="block text-xs font-normal text-slate-600">
                  {expenseTypeLabel(expense.documentType, texts)}
                </span>
              </RowHeader>
              <Td>{partnerName(expense.partner) ?? '—'}</Td>
              <Td nowrap>{formatDay(expense.issueDate, locale)}</Td>
              <Td nowrap>{formatDay(expense.dueDate, locale)}</Td>
              <Td numeric>{formatMoney(total.amount, total.currency, locale)}</Td>
              <LeftToPayCell record={expense} locale={locale} />
              <Td>
                <span className="flex flex-wrap gap-1">
                  <PaymentStatusMark status={expense.paymentStatus} texts={texts} />
                  {isOverdue(expense, today) && <OverdueMark texts={texts} />}
                </span>
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
