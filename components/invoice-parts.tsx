import { Link } from '@/components/link';
import type { DocumentKind } from '@/lib/base/document-kinds';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { formatDay, formatMoney, formatNumber, formatPercent } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { kindPath } from '@/lib/service/records/present';
import type { Invoice } from '@/lib/service/schemas/invoice';

import { DetailSection, linkClass } from './detail-parts';
import { figures, RowHeader, Table, Td } from './table';

/** The parts of an invoice (or a delivery note) that only the single record may carry: items, VAT, payments, links. */

type Items = NonNullable<Invoice['items']>;
type Breakdowns = NonNullable<Invoice['vatBreakdowns']>;
type Payments = NonNullable<Invoice['payments']>;

/** What every part with amounts needs: the document's currency, the texts and the user's language. */
type WithAmounts = { currency: string | null | undefined; texts: DocumentTexts; locale: Locale };

export function ItemsTable({ items, currency, texts, locale }: WithAmounts & { items: Items }) {
  const d = texts.detail;
  return (
    <Table
      caption={d.items}
      columns={[d.itemName, ...figures(d.quantity, d.unitPrice, d.vatRate, d.itemTotal, d.itemTotalInclVat)]}
    >
      {items.map((item, index) => (
        <tr key={index}>
          <RowHeader>
            <span className="whitespace-normal">{item.name ?? '—'}</span>
            {item.itemCode && <span className="block text-xs font-normal text-slate-500">{item.itemCode}</span>}
          </RowHeader>
          <Td numeric>
            {formatNumber(item.quantity, locale)} {item.unit ?? ''}
          </Td>
          <Td numeric>{formatMoney(item.unitPrice, currency, locale)}</Td>
          <Td numeric>{formatPercent(item.vatRate, locale)}</Td>
          <Td numeric>{formatMoney(item.totalPrice, currency, locale)}</Td>
          <Td numeric>{formatMoney(item.totalPriceInclVat, currency, locale)}</Td>
        </tr>
      ))}
    </Table>
  );
}

/** The items, or a line saying the record carries none. */
export function ItemsOrNone({ items, currency, texts, locale }: WithAmounts & { items: Items | null | undefined }) {
  return items && items.length > 0 ? (
    <ItemsTable items={items} currency={currency} texts={texts} locale={locale} />
  ) : (
    <p className="text-sm text-slate-600">{texts.detail.noItems}</p>
  );
}

export function VatBreakdownTable({ breakdowns, currency, texts, locale }: WithAmounts & { breakdowns: Breakdowns }) {
  const d = texts.detail;
  return (
    <Table caption={d.vatBreakdowns} columns={[d.vatRate, ...figures(d.base, d.vat, d.total)]}>
      {breakdowns.map((row, index) => (
        <tr key={index}>
          <RowHeader>{formatPercent(row.vatRate, locale)}</RowHeader>
          <Td numeric>{formatMoney(row.base, currency, locale)}</Td>
          <Td numeric>{formatMoney(row.vat, currency, locale)}</Td>
          <Td numeric>{formatMoney(row.total, currency, locale)}</Td>
        </tr>
      ))}
    </Table>
  );
}

export function PaymentsList({ payments, currency, texts, locale }: WithAmounts & { payments: Payments }) {
  const d = texts.detail;
  return (
    <DetailSection id="payments" title={d.payments}>
      {payments.length === 0 ? (
        <p className="text-sm text-slate-600">{d.noPayments}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {payments.map((payment, index) => (
            <li key={index} className="flex justify-between gap-3 py-1.5">
              <span>{formatDay(payment.date, locale)}</span>
              <span className="tabular-nums">{formatMoney(payment.amount, currency, locale)}</span>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

// Linked documents name their kind in words the interface does not fix; those we recognise become links.
const linkedKind: Record<string, DocumentKind> = {
  invoice: 'invoices',
  creditnote: 'invoices',
  advanceinvoice: 'invoices',
  deliverynote: 'deliveryNotes',
};

function kindLabel(kind: string, texts: DocumentTexts): string | null {
  const labels: Record<string, string> = {
    invoice: texts.detail.invoice,
    creditnote: texts.creditNote,
    advanceinvoice: texts.advanceInvoice,
    deliverynote: texts.detail.deliveryNote,
  };
  return labels[kind] ?? null;
}

export function LinkedDocuments({
  documents,
  tenantId,
  texts,
}: {
  documents: NonNullable<Invoice['linkedDocuments']>;
  tenantId: string;
  texts: DocumentTexts;
}) {
  if (documents.length === 0) return null;
  const d = texts.detail;
  return (
    <DetailSection id="linked" title={d.linkedDocuments}>
      <ul className="divide-y divide-slate-100 text-sm">
        {documents.map((doc, index) => {
          const kind = typeof doc.documentType === 'string' ? doc.documentType.toLowerCase() : null;
          const linked = kind ? linkedKind[kind] : undefined;
          const id =
            typeof doc.id === 'number' || (typeof doc.id === 'string' && /^\d{1,19}$/.test(doc.id)) ? doc.id : null;
          const label = doc.documentNumber ?? (id !== null ? `#${id}` : '—');
          return (
            <li key={index} className="flex justify-between gap-3 py-1.5">
              {linked && id !== null ? (
                <Link href={kindPath(tenantId, linked, id)} className={linkClass}>
                  {label}
                </Link>
              ) : (
                <span>{label}</span>
              )}
              {kind && <span className="text-slate-500">{kindLabel(kind, texts) ?? String(doc.documentType)}</span>}
            </li>
          );
        })}
      </ul>
    </DetailSection>
  );
}
