import type { DeliveryNote } from '@/lib/service/schemas/delivery-note';
import { companyPath } from '@/lib/service/records/present';
import { markedField } from './search-marks';
import { column, type ColumnContext, type DocumentColumn } from './document-table';

/** The columns of a table of delivery notes: number, customer, issue and delivery days, total. */
export function deliveryNoteColumns({ tenantId, texts, locale, marks }: ColumnContext): DocumentColumn<DeliveryNote>[] {
  const c = texts.columns;
  return [
    column.number(
      c.number,
      (note) => companyPath(tenantId, 'delivery-notes', note.id),
      (note) =>
        note.documentNumber ? markedField(marks, note.id, 'documentNumber', note.documentNumber) : `#${note.id}`,
    ),
    column.partner(c.customer, marks),
    column.day(c.issueDate, (note) => note.issueDate, locale, 'issueDate'),
    column.day(texts.detail.deliveryDate, (note) => note.deliveryDate, locale),
    column.total(c.total, locale),
  ];
}
