import { notFound } from 'next/navigation';
import { BackLink, DetailSection, Facts, PartnerFacts, PricesTable, Tags } from '@/components/detail-parts';
import { InvoiceTypeMark, OverdueMark, PaymentStatusMark } from '@/components/document-marks';
import { ItemsTable, LinkedDocuments, PaymentsList, VatBreakdownTable } from '@/components/invoice-parts';
import { PaymentSums } from '@/components/payment-sums';
import { ReportLinks } from '@/components/report-links';
import { ServiceProblem } from '@/components/service-problem';
import { formatDay, formatWallClock } from '@/lib/i18n/format';
import { companyToday } from '@/lib/company-calendar';
import { invoiceForPage } from '@/lib/documents/detail-pages';
import { companyPath, isOverdue } from '@/lib/documents/present';
import { reportLinks } from '@/lib/documents/report-links';
import { getMessages } from '@/lib/i18n/server';
import { int64IdOf } from '@/lib/service/ids';
import { requireCompany } from '@/lib/session/require-session';
import { companyPageTitle } from '@/lib/documents/page-titles';

export const generateMetadata = ({ params }: Props) =>
  companyPageTitle(params, async (t, session, tenantId) => {
    const invoiceId = int64IdOf((await params).id);
    if (invoiceId === null) return t.docs.notFound.title;
    const loaded = await invoiceForPage(session.userId, session.pluginId, tenantId, invoiceId);
    return loaded.ok
      ? `${t.docs.detail.invoice} ${loaded.value.documentNumber || t.docs.detail.withoutNumber}`
      : t.docs.detail.invoice;
  });

type Props = { params: Promise<{ tenantId: string; id: string }> };

/**
 * One invoice: GET /api/invoices/{id}, plus one list call for the items, VAT breakdown, payments and linked
 * documents only when the record carries none of them (lib/documents/invoice-detail.ts).
 */
export default async function InvoicePage({ params }: Props) {
  const { tenantId, id } = await params;
  const session = await requireCompany(tenantId);
  const invoiceId = int64IdOf(id);
  if (invoiceId === null) notFound();
  const { t, locale } = await getMessages();
  const d = t.docs;
  const self = companyPath(tenantId, 'invoices', invoiceId);
  const loaded = await invoiceForPage(session.userId, session.pluginId, tenantId, invoiceId);
  const back = <BackLink href={companyPath(tenantId, 'invoices')}>{d.detail.backToInvoices}</BackLink>;
  if (!loaded.ok) {
    return (
      <>
        {back}
        <ServiceProblem problem={loaded.problem} texts={d} retryHref={self} />
      </>
    );
  }

  const invoice = loaded.value;
  const currency = invoice.prices?.currency;
  const links = reportLinks('invoices', tenantId, invoiceId, invoice.documentNumber);
  const today = companyToday(new Date());

  return (
    <article aria-labelledby="invoice-title">
      {back}
      <header className="mt-2 flex flex-wrap items-center gap-2">
        <h2 id="invoice-title" className="text-lg font-semibold text-slate-900">
          {d.detail.invoice} {invoice.documentNumber || d.detail.withoutNumber}
        </h2>
        <InvoiceTypeMark invoiceType={invoice.invoiceType} texts={d} />
        <PaymentStatusMark status={invoice.paymentStatus} texts={d} />
        {isOverdue(invoice, today) && <OverdueMark texts={d} />}
      </header>
      <div className="mt-2">
        <Tags tags={invoice.tags} texts={d} />
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        <DetailSection id="partner" title={d.detail.customer}>
          <PartnerFacts partner={invoice.partner} texts={d} />
        </DetailSection>
        <DetailSection id="facts" title={d.detail.numbers}>
          <Facts
            facts={[
              [d.detail.documentNumber, invoice.documentNumber],
              [d.detail.numberingSequence, invoice.numberingSequence],
              [d.detail.variableSymbol, invoice.variableSymbol],
              [d.detail.orderNumber, invoice.orderNumber],
              [d.detail.externalId, invoice.externalId],
              [d.detail.issueDate, formatDay(invoice.issueDate, locale)],
              [d.detail.deliveryDate, formatDay(invoice.deliveryDate, locale)],
              [d.detail.dueDate, formatDay(invoice.dueDate, locale)],
              [
                d.detail.lastModified,
                invoice.lastModifiedTimestamp ? formatWallClock(invoice.lastModifiedTimestamp, locale) : null,
              ],
            ]}
          />
        </DetailSection>
        <DetailSection id="prices" title={d.detail.prices}>
          <PricesTable prices={invoice.prices} texts={d} locale={locale} />
          <div className="mt-3">
            <PaymentSums record={invoice} texts={d} locale={locale} />
          </div>
        </DetailSection>
        <ReportLinks links={links} texts={d} />
      </div>

      <div className="mt-4 space-y-4">
        {invoice.items && invoice.items.length > 0 ? (
          <ItemsTable items={invoice.items} currency={currency} texts={d} locale={locale} />
        ) : (
          <p className="text-sm text-slate-600">{d.detail.noItems}</p>
        )}
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
    </article>
  );
}
