import { DocumentArticle, DocumentSummary } from '@/components/document-detail';
import { InvoiceTypeMark, PaymentMarks } from '@/components/document-marks';
import { ItemsOrNone, LinkedDocuments, PaymentsList, VatBreakdownTable } from '@/components/invoice-parts';
import { ReportLinks } from '@/components/report-links';
import { companyToday } from '@/lib/base/calendar';
import { invoiceForPage } from '@/lib/features/documents/detail-pages';
import { reportLinks } from '@/lib/features/documents/report-links';
import { int64IdOf } from '@/lib/service/ids';

import { companyDetailPage } from '../../detail-page';

/**
 * One invoice: from the company's mirror when it holds it (no call), else GET /api/invoices/{id}, plus one list call
 * for the items, VAT breakdown, payments and linked documents only when the record carries none of them
 * (lib/features/documents/detail-loads.ts, invoice-detail.ts).
 */
const invoicePage = companyDetailPage({
  kind: 'invoices',
  idOf: int64IdOf,
  load: invoiceForPage,
  name: (d) => d.detail.invoice,
  numberOf: (invoice) => invoice.documentNumber,
  backLabel: (d) => d.detail.backToInvoices,
  draw: function InvoicePage({ tenantId, id: invoiceId, value: invoice, back, texts: d, locale }) {
    const currency = invoice.prices?.currency;
    const links = reportLinks('invoices', tenantId, invoiceId, invoice.documentNumber);
    const today = companyToday(new Date());

    return (
      <DocumentArticle
        titleId="invoice-title"
        back={back}
        kind={d.detail.invoice}
        number={invoice.documentNumber}
        marks={
          <>
            <InvoiceTypeMark invoiceType={invoice.invoiceType} texts={d} />
            <PaymentMarks record={invoice} today={today} texts={d} />
          </>
        }
        tags={invoice.tags}
        texts={d}
      >
        <DocumentSummary
          record={invoice}
          partnerTitle={d.detail.customer}
          fields={['documentNumber', 'numberingSequence', 'variableSymbol', 'orderNumber', 'externalId']}
          days={['issueDate', 'deliveryDate', 'dueDate']}
          payable={invoice}
          texts={d}
          locale={locale}
        >
          <ReportLinks links={links} texts={d} />
        </DocumentSummary>

        <div className="mt-4 space-y-4">
          <ItemsOrNone items={invoice.items} currency={currency} texts={d} locale={locale} />
          {invoice.vatBreakdowns && invoice.vatBreakdowns.length > 0 && (
            <VatBreakdownTable breakdowns={invoice.vatBreakdowns} currency={currency} texts={d} locale={locale} />
          )}
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {invoice.payments && (
              <PaymentsList payments={invoice.payments} currency={currency} texts={d} locale={locale} />
            )}
            {invoice.linkedDocuments && (
              <LinkedDocuments documents={invoice.linkedDocuments} tenantId={tenantId} texts={d} />
            )}
          </div>
        </div>
      </DocumentArticle>
    );
  },
});

export const generateMetadata = invoicePage.generateMetadata;
export default invoicePage.Page;
