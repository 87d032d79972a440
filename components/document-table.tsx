import { createElement, type ReactNode } from 'react';

import { Link } from '@/components/link';
import type { DocumentKind } from '@/lib/base/document-kinds';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { formatDay, formatMoney, formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { daysOverdue } from '@/lib/service/records/overdue';
import { documentTotal, kindPath, partnerName, type Payable } from '@/lib/service/records/present';
import type { SortKey } from '@/lib/service/records/sort-param';
import type { Partner, Prices } from '@/lib/service/schemas/common';

import { plainLinkClass } from './detail-parts';
import { PaymentMarks } from './document-marks';
import { LeftToPayCell } from './payment-sums';
import { markedField, OtherMatches, type SearchMarks } from './search-marks';
import { type Column, RowHeader, Table, Td } from './table';

/**
 * The shape the tables of invoices, expenses and delivery notes share: one row per record, marked with the record's
 * id for the tests and scripts that look for it, and columns built from the cells below (`column`), so each kind
 * says only which columns it has (components/invoice-table.tsx and its siblings).
 */

/** What a table of one kind of document is given, wherever it stands (a list page, the overview). */
export type DocumentTableProps<R> = {
  records: R[];
  tenantId: string;
  texts: DocumentTexts;
  locale: Locale;
  /** The company's day, for the overdue marks. */
  today: string;
  caption: string;
  captionHidden?: boolean;
};

/** What a kind's columns are built from: on a list the mirror answered, also the search's marks. */
export type ColumnContext = Pick<DocumentTableProps<unknown>, 'tenantId' | 'texts' | 'locale' | 'today'> & {
  marks?: SearchMarks;
  /** The list shows only unpaid documents: a column says how many days each is overdue. */
  unpaidOnly?: boolean;
};

/**
 * A column: its header, the cell (a `Td`, or a `RowHeader` first) each record gets under it, and the `sort` key it
 * stands for, when a list can be sorted by it.
 */
export type DocumentColumn<R> = { header: Column; cell: (record: R) => ReactNode; sortKey?: SortKey };

export function DocumentTable<R extends { id: string | number }>({
  records,
  idAttribute,
  columns,
  caption,
  captionHidden,
}: Pick<DocumentTableProps<R>, 'records' | 'caption' | 'captionHidden'> & {
  /** The row's data attribute that carries the record's id, e.g. `data-invoice-id`. */
  idAttribute: `data-${string}-id`;
  columns: DocumentColumn<R>[];
}) {
  return (
    <Table caption={caption} captionHidden={captionHidden} columns={columns.map((each) => each.header)} cards>
      {records.map((record) =>
        // The cells are passed as the row's own children, as if written out one by one: a keyed wrapper per cell
        // would be sent again in the page's RSC payload (about 12 KB more for a list of 50).
        createElement(
          'tr',
          { key: record.id, className: 'hover:bg-slate-50', [idAttribute]: record.id },
          ...columns.map((each) => each.cell(record)),
        ),
      )}
    </Table>
  );
}

/** The address segment of each kind's pages (/companies/{id}/invoices/{id}, …). */

/**
 * The record's number (marked where a search found it), linked to its page, with whatever the kind shows beside it;
 * a record without a number shows what `withoutNumber` says.
 */
function numberColumn<R extends { id: string | number; documentNumber?: string | null }>(
  { tenantId, marks }: ColumnContext,
  kind: DocumentKind,
  header: Column,
  withoutNumber: (record: R) => ReactNode,
  beside?: (record: R) => ReactNode,
): DocumentColumn<R> {
  return {
    header,
    sortKey: 'documentNumber',
    cell: (record) => (
      <RowHeader>
        <Link href={kindPath(tenantId, kind, record.id)} className={plainLinkClass}>
          {record.documentNumber
            ? markedField(marks, record.id, 'documentNumber', record.documentNumber)
            : withoutNumber(record)}
        </Link>
        {beside?.(record)}
      </RowHeader>
    ),
  };
}

/** The partner's name, and under it what else a search matched that no column shows. */
function partnerColumn<R extends { id: string | number; partner?: Partner | null }>(
  header: string,
  marks: SearchMarks | undefined,
): DocumentColumn<R> {
  return {
    header,
    sortKey: 'partner',
    cell: (record) => {
      const name = partnerName(record.partner);
      return (
        <Td>
          {name === null ? '—' : markedField(marks, record.id, 'partner.name', name)}
          <OtherMatches marks={marks} id={record.id} shown={SHOWN_FIELDS} />
        </Td>
      );
    },
  };
}

/** The searched fields a list's columns show themselves, marked where they stand. */
const SHOWN_FIELDS = ['documentNumber', 'partner.name'];

function dayColumn<R>(
  header: string,
  day: (record: R) => string | null | undefined,
  locale: Locale,
  sortKey?: SortKey,
): DocumentColumn<R> {
  return {
    header,
    sortKey,
    cell: (record) => (
      <Td nowrap cardHidden>
        {formatDay(day(record), locale)}
      </Td>
    ),
  };
}

/** The total with VAT in the document's currency. */
function totalColumn<R extends { prices?: Prices | null }>(header: string, locale: Locale): DocumentColumn<R> {
  return {
    header: { label: header, numeric: true },
    sortKey: 'total',
    cell: (record) => {
      const total = documentTotal(record.prices);
      return <Td numeric>{formatMoney(total.amount, total.currency, locale)}</Td>;
    },
  };
}

/**
 * What a payable kind ends with: what is left to pay, paid or not and overdue on the company's day, and on a list of
 * unpaid documents only, the whole days past the due date (empty when not late).
 */
function payableColumns<R extends Payable & { dueDate?: string | null }>({
  texts,
  locale,
  today,
  unpaidOnly,
}: ColumnContext): DocumentColumn<R>[] {
  const c = texts.columns;
  const columns: DocumentColumn<R>[] = [
    {
      header: { label: c.leftToPay, numeric: true },
      cell: (record) => <LeftToPayCell record={record} locale={locale} cardHidden />,
    },
    {
      header: c.paymentStatus,
      cell: (record) => (
        <Td>
          <span className="flex flex-wrap gap-1">
            <PaymentMarks record={record} today={today} texts={texts} />
          </span>
        </Td>
      ),
    },
  ];
  if (unpaidOnly) {
    columns.push({
      header: { label: c.daysOverdue, numeric: true },
      cell: (record) => {
        const days = daysOverdue(record, today);
        return (
          <Td numeric cardHidden>
            {days === null ? '' : formatNumber(days, locale, 0)}
          </Td>
        );
      },
    });
  }
  return columns;
}

/** The columns the kinds share; a kind writes its own where it differs (an invoice's total marks credit notes). */
export const column = {
  number: numberColumn,
  partner: partnerColumn,
  day: dayColumn,
  total: totalColumn,
  payable: payableColumns,
};
