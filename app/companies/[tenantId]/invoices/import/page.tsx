import { InvoiceImportFormView } from '@/components/imports/invoice-import-form';
import { invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';

type Props = { params: Promise<{ tenantId: string }> };

export const generateMetadata = ({ params }: Props) =>
  companyPageTitle(params, async () => invoiceImportTexts[(await getMessages()).locale].form.title);

/**
 * The invoice import form (contract.md, "Uploads"): a CSV or XLSX file (`file`) and links to the templates. Its POST
 * is answered by …/invoices/import/upload (next.config.mjs's rewrite, `uploadForms`).
 */
export default async function InvoiceImportPage({ params }: Props) {
  const { tenantId } = await params;
  await requireCompany(tenantId);
  const { locale } = await getMessages();
  return <InvoiceImportFormView tenantId={tenantId} texts={invoiceImportTexts[locale]} />;
}
