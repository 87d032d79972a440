import Link from 'next/link';
import type { Locale } from '@/lib/i18n/messages';
import type { DocumentTexts } from '@/lib/i18n/documents';
import type { DeliveryNote } from '@/lib/service/schemas/delivery-note';
import { formatDay, formatMoney } from '@/lib/i18n/format';
import { companyPath, documentTotal, partnerName } from '@/lib/documents/present';
import { RowHeader, Table, Td, Th } from './table';
import { plainLinkClass } from './detail-parts';

type Props = { notes: DeliveryNote[]; tenantId: string; texts: DocumentTexts; locale: Locale; caption: string };

/** Delivery notes in a table: number, customer, issue and delivery days, total. */
export function DeliveryNoteTable({ notes, tenantId, texts, locale, caption }: Props) {
  const c = texts.columns;
  return (
    <Table caption={caption}>
      <thead className="bg-slate-50">
        <tr>
          <Th>{c.number}</Th>
          <Th>{c.customer}</Th>
          <Th>{c.issueDate}</Th>
          <Th>{texts.detail.deliveryDate}</Th>
          <Th numeric>{c.total}</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {notes.map((note) => {
          const total = documentTotal(note.prices);
          return (
            <tr key={note.id} className="hover:bg-slate-50" data-delivery-note-id={note.id}>
              <RowHeader>
                <Link href={companyPath(tenantId, 'delivery-notes', note.id)} className={plainLinkClass}>
                  {note.documentNumber || `#${note.id}`}
                </Link>
              </RowHeader>
              <Td>{partnerName(note.partner) ?? '—'}</Td>
              <Td nowrap>{formatDay(note.issueDate, locale)}</Td>
              <Td nowrap>{formatDay(note.deliveryDate, locale)}</Td>
              <Td numeric>{formatMoney(total.amount, total.currency, locale)}</Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
