import { StatementImportFormView } from '@/components/imports/statement-import-form';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadStatementImportForm } from '@/lib/features/imports/statement-import-form';

type Props = {
  params: Promise<{ tenantId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = ({ params }: Pick<Props, 'params'>) =>
  companyPageTitle(params, async () => importUploadTexts[(await getMessages()).locale].form.title);

/**
 * The bank-statement form (contract.md, "Uploads"): a file (`statement`) and the account (`accountId`). Its POST is
 * answered by …/payments/import/upload (next.config.mjs's rewrite, `uploadForms`).
 */
export default async function StatementImportPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const company = await requireCompany(tenantId);
  const form = await loadStatementImportForm(company, await searchParams);
  const { locale } = await getMessages();
  return <StatementImportFormView form={form} tenantId={tenantId} texts={importUploadTexts[locale]} locale={locale} />;
}
