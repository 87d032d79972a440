import Link from 'next/link';
import type { Locale } from '@/lib/i18n/messages';
import type { DocumentTexts } from '@/lib/i18n/documents';
import type { Invoice } from '@/lib/service/schemas/invoice';
import { formatDay, formatMoney } from '@/lib/i18n/format';
import { companyPath, documentTotal, isOverdue, partnerName } from '@/lib/documents/present';
import { InvoiceTypeMark, OverdueMark, PaymentStatusMark } from './document-marks';
import { LeftToPayCell } from './payment-sums';
import { RowHeader, Table, Td, Th } from './table';
import { plainLinkClass } from './detail-parts';

type Props = {
  invoices: Invoice[];
  tenantId: string;
  texts: DocumentTexts;
  locale: Locale;
  today: string;
  caption: string;
  captionHidden?: boolean;
};

/**
 * Invoices in a table: number (with credit-note mark), customer, days, total and what is left to pay in the
 * document's currency, payment.
 */
export function InvoiceTable({ invoices, tenantId, texts, locale, today, caption, captionHidden }: Props) {
  const c = texts.columns;
  return (
    <Table caption={caption} captionHidden={captionHidden}>
      <thead className="bg-slate-50">
        <tr>
          <Th>{c.number}</Th>
          <Th>{c.customer}</Th>
          <Th>{c.issueDate}</Th>
          <Th>{c.dueDate}</Th>
          <Th numeric>{c.total}</Th>
          <Th numeric>{c.leftToPay}</Th>
          <Th>{c.paymentStatus}</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {invoices.map((invoice) => {
          const total = documentTotal(invoice.prices);
          return (
            <tr key={invoice.id} className="hover:bg-slate-50" data-invoice-id={invoice.id}>
              <RowHeader>
                <Link href={companyPath(tenantId, 'invoices', invoice.id)} className={plainLinkClass}>
                  {invoice.documentNumber || `#${invoice.id}`}
                </Link>
                <span className="ml-1.5">
                  <InvoiceTypeMark invoiceType={invoice.invoiceType} texts={texts} />
                </span>
              </RowHeader>
              <Td>{partnerName(invoice.partner) ?? '—'}</Td>
              <Td nowrap>{formatDay(invoice.issueDate, locale)}</Td>
              <Td nowrap>{formatDay(invoice.dueDate, locale)}</Td>
              <Td numeric>
                <span className={total.amount !== null && total.amount < 0 ? 'text-violet-800' : undefined}>
                  {formatMoney(total.amount, total.currency, locale)}
                </span>
              </Td>
              <LeftToPayCell record={invoice} locale={locale} />
              <Td>
                <span className="flex flex-wrap gap-1">
                  <PaymentStatusMark status={invoice.paymentStatus} texts={texts} />
                  {isOverdue(invoice, today) && <OverdueMark texts={texts} />}
                </span>
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
