import { InvoiceImportView } from '@/components/imports/invoice-import-view';
import { invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { loadInvoiceImportPage } from '@/lib/features/imports/invoice-import-page';

import { companyImportPage } from '../../../import-page';

export const dynamic = 'force-dynamic';

/**
 * An import of invoices from a spreadsheet (contract.md, "Uploads"): the summary and "Send N invoices to KROS" with
 * the overwrite confirmation, each invoice with its partner, items, totals and problems, progress while sending and
 * the results. Another company's import, a payments import or an unknown id is the not-found page (404).
 */
const invoiceImportPage = companyImportPage({
  title: (locale) => invoiceImportTexts[locale].pageTitle,
  load: loadInvoiceImportPage,
  draw: ({ data, tenantId, locale }) => (
    <InvoiceImportView data={data} tenantId={tenantId} texts={invoiceImportTexts[locale]} locale={locale} />
  ),
});

export const generateMetadata = invoiceImportPage.generateMetadata;
export default invoiceImportPage.Page;
