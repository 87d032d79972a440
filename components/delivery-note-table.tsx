import type { DeliveryNote } from '@/lib/service/schemas/delivery-note';

import { column, type ColumnContext, type DocumentColumn } from './document-table';

/** The columns of a table of delivery notes: number, customer, issue and delivery days, total. */
export function deliveryNoteColumns(context: ColumnContext): DocumentColumn<DeliveryNote>[] {
  const { texts, locale, marks } = context;
  const c = texts.columns;
  return [
    column.number(context, 'deliveryNotes', c.number, (note) => `#${note.id}`),
    column.partner(c.customer, marks),
    column.day(c.issueDate, (note) => note.issueDate, locale, 'issueDate'),
    column.day(texts.detail.deliveryDate, (note) => note.deliveryDate, locale),
    column.total(c.total, locale),
  ];
}
