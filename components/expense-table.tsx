import { expenseTypeLabel } from '@/lib/service/records/present';
import type { Expense } from '@/lib/service/schemas/expense';

import { column, type ColumnContext, type DocumentColumn } from './document-table';

/**
 * The columns of a table of expenses: number with its type in words and an attachment mark (one cell, so the table
 * fits the service's ~800 px window), supplier, days, total, left to pay, payment.
 */
export function expenseColumns(context: ColumnContext): DocumentColumn<Expense>[] {
  const { texts, locale, marks } = context;
  const c = texts.columns;
  return [
    column.number(
      context,
      'expenses',
      {
        label: (
          <>
            {c.number} / {c.type.toLowerCase()}
          </>
        ),
      },
      () => texts.detail.withoutNumber,
      (expense) => (
        <>
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
        </>
      ),
    ),
    column.partner(c.supplier, marks),
    column.day(c.issueDate, (expense) => expense.issueDate, locale, 'issueDate'),
    column.day(c.dueDate, (expense) => expense.dueDate, locale, 'dueDate'),
    column.total(c.total, locale),
    ...column.payable<Expense>(context),
  ];
}
