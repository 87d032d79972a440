import { notFound } from 'next/navigation';

import { DiscardImport } from '@/components/imports/discard-import';
import { InvoiceImportView } from '@/components/imports/invoice-import-view';
import type { SearchParams } from '@/lib/base/http/search-params';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { messages } from '@/lib/base/i18n/messages';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadInvoiceImportPage } from '@/lib/features/imports/invoice-import-page';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ tenantId: string; importId: string }>; searchParams: Promise<SearchParams> };

export const generateMetadata = ({ params }: Pick<Props, 'params'>) =>
  companyPageTitle(params, (t) => invoiceImportTexts[t === messages.en ? 'en' : 'sk'].pageTitle);

/**
 * An import of invoices from a spreadsheet (contract.md, "Uploads"): the summary and "Send N invoices to KROS" with
 * the overwrite confirmation, each invoice with its partner, items, totals and problems, progress while sending and
 * the results. Another company's import, a payments import or an unknown id is the not-found page (404). Read from our
 * own database only; the page never calls the data API.
 */
export default async function InvoiceImportPage({ params, searchParams }: Props) {
  const { tenantId, importId } = await params;
  const data = await loadInvoiceImportPage(await requireCompany(tenantId), importId, await searchParams);
  if (!data) notFound();
  const { locale } = await getMessages();
  return (
    <>
      <InvoiceImportView data={data} tenantId={tenantId} texts={invoiceImportTexts[locale]} locale={locale} />
      <DiscardImport
        tenantId={tenantId}
        importId={data.detail.id}
        state={data.detail.state}
        lines={data.lines.length}
        texts={importUploadTexts[locale].discard}
        locale={locale}
      />
    </>
  );
}
