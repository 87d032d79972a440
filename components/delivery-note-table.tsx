import type { DeliveryNote } from '@/lib/service/schemas/delivery-note';
import { companyPath } from '@/lib/documents/present';
import { column, type ColumnContext, type DocumentColumn } from './document-table';

/** The columns of a table of delivery notes: number, customer, issue and delivery days, total. */
export function deliveryNoteColumns({ tenantId, texts, locale }: ColumnContext): DocumentColumn<DeliveryNote>[] {
  const c = texts.columns;
  return [
    column.number(
      c.number,
      (note) => companyPath(tenantId, 'delivery-notes', note.id),
      (note) => note.documentNumber || `#${note.id}`,
    ),
    column.partner(c.customer),
    column.day(c.issueDate, (note) => note.issueDate, locale),
    column.day(texts.detail.deliveryDate, (note) => note.deliveryDate, locale),
    column.total(c.total, locale),
  ];
}
