import { notFound } from 'next/navigation';
import { BackLink } from '@/components/detail-parts';
import { DocumentArticle, DocumentProblem, DocumentSummary } from '@/components/document-detail';
import { InvoiceTypeMark, PaymentMarks } from '@/components/document-marks';
import { ItemsOrNone, LinkedDocuments, PaymentsList, VatBreakdownTable } from '@/components/invoice-parts';
import { ReportLinks } from '@/components/report-links';
import { companyToday } from '@/lib/base/calendar';
import { invoiceForPage } from '@/lib/doors/company/detail-pages';
import { companyPath } from '@/lib/service/records/present';
import { reportLinks } from '@/lib/features/documents/report-links';
import { getMessages } from '@/lib/base/i18n/server';
import { int64IdOf } from '@/lib/service/ids';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';

export const generateMetadata = ({ params }: Props) =>
  companyPageTitle(params, async (t, company) => {
    const invoiceId = int64IdOf((await params).id);
    if (invoiceId === null) return t.docs.notFound.title;
    const loaded = await invoiceForPage(company.scope.tenantId, invoiceId);
    return loaded.ok
      ? `${t.docs.detail.invoice} ${loaded.value.documentNumber || t.docs.detail.withoutNumber}`
      : t.docs.detail.invoice;
  });

type Props = { params: Promise<{ tenantId: string; id: string }> };

/**
 * One invoice: from the company's mirror when it holds it (no call), else GET /api/invoices/{id}, plus one list call
 * for the items, VAT breakdown, payments and linked documents only when the record carries none of them
 * (lib/features/documents/detail-loads.ts, invoice-detail.ts).
 */
export default async function InvoicePage({ params }: Props) {
  const { tenantId, id } = await params;
  await requireCompany(tenantId);
  const invoiceId = int64IdOf(id);
  if (invoiceId === null) notFound();
  const { t, locale } = await getMessages();
  const d = t.docs;
  const self = companyPath(tenantId, 'invoices', invoiceId);
  const loaded = await invoiceForPage(tenantId, invoiceId);
  const back = <BackLink href={companyPath(tenantId, 'invoices')}>{d.detail.backToInvoices}</BackLink>;
  if (!loaded.ok) return <DocumentProblem back={back} problem={loaded.problem} texts={d} retryHref={self} />;

  const invoice = loaded.value;
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
}
