import type { ListKind } from '@/lib/service/records/list-view';
import { documentSorts, type SortKey, type SortParam } from '@/lib/service/records/sort-param';
import type { DeliveryNote } from '@/lib/service/schemas/delivery-note';
import type { Expense } from '@/lib/service/schemas/expense';
import type { Invoice } from '@/lib/service/schemas/invoice';

import { deliveryNoteColumns } from './delivery-note-table';
import { type ColumnContext, type DocumentColumn, DocumentTable, type DocumentTableProps } from './document-table';
import { expenseColumns } from './expense-table';
import { invoiceColumns } from './invoice-table';
import { sortHeader } from './sort-header';

/** The record a list of each kind holds. */
export type ListRecord = { invoices: Invoice; expenses: Expense; deliveryNotes: DeliveryNote };

type KindColumns<K extends ListKind> = {
  /** The row's data attribute that carries the record's id. */
  idAttribute: `data-${string}-id`;
  columns: (context: ColumnContext) => DocumentColumn<ListRecord[K]>[];
};

const kinds: { [K in ListKind]: KindColumns<K> } = {
  invoices: { idAttribute: 'data-invoice-id', columns: invoiceColumns },
  expenses: { idAttribute: 'data-expense-id', columns: expenseColumns },
  deliveryNotes: { idAttribute: 'data-delivery-note-id', columns: deliveryNoteColumns },
};

/** A list that can be sorted: the order applied, and the address of the same list in another. */
export type Sorting = { sort: SortParam; hrefOf: (sort: SortParam) => string };

/** The table of a kind's records, on its list page and on the overview. */
export function KindTable<K extends ListKind>({
  kind,
  records,
  caption,
  captionHidden,
  sorting,
  ...context
}: { kind: K; sorting?: Sorting } & DocumentTableProps<ListRecord[K]> & ColumnContext) {
  const table: KindColumns<K> = kinds[kind];
  const columns = table.columns(context);
  return (
    <DocumentTable
      records={records}
      idAttribute={table.idAttribute}
      columns={sorting ? columns.map((each) => sortable(each, sorting)) : columns}
      caption={caption}
      captionHidden={captionHidden}
    />
  );
}

/**
 * A column the list can be sorted by, with its header a link to the list in that order: the other direction when
 * it is the order now, else the direction a person looks for first (text A to Z, amounts and issue days from the
 * largest and newest, due days from the soonest). The header says which way the rows are sorted now
 * (aria-sort).
 */
function sortable<R>(column: DocumentColumn<R>, sorting: Sorting): DocumentColumn<R> {
  const key = column.sortKey;
  if (!key) return column;
  const { sort: now } = documentSorts.parse(sorting.sort);
  const header = typeof column.header === 'string' ? { label: column.header } : column.header;
  const sorted = sortHeader(header.label, key, now, {
    firstDescending: FIRST_DESCENDING.includes(key),
    hrefOf: sorting.hrefOf,
  });
  return { ...column, header: { ...header, ...sorted } };
}

const FIRST_DESCENDING: readonly SortKey[] = ['issueDate', 'total'];
