import type { ListKind } from '@/lib/documents/filters';
import type { DeliveryNote } from '@/lib/service/schemas/delivery-note';
import type { Expense } from '@/lib/service/schemas/expense';
import type { Invoice } from '@/lib/service/schemas/invoice';
import { deliveryNoteColumns } from './delivery-note-table';
import { DocumentTable, type ColumnContext, type DocumentColumn, type DocumentTableProps } from './document-table';
import { expenseColumns } from './expense-table';
import { invoiceColumns } from './invoice-table';

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

/** The table of a kind's records, on its list page and on the overview. */
export function KindTable<K extends ListKind>({
  kind,
  records,
  caption,
  captionHidden,
  ...context
}: { kind: K } & DocumentTableProps<ListRecord[K]>) {
  const table: KindColumns<K> = kinds[kind];
  return (
    <DocumentTable
      records={records}
      idAttribute={table.idAttribute}
      columns={table.columns(context)}
      caption={caption}
      captionHidden={captionHidden}
    />
  );
}
