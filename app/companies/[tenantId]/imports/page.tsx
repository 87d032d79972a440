import { ImportsTable } from '@/components/imports/imports-table';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadCompanyImports } from '@/lib/features/imports/imports-list';

type Props = { params: Promise<{ tenantId: string }> };

export const generateMetadata = ({ params }: Props) =>
  companyPageTitle(params, async () => importUploadTexts[(await getMessages()).locale].list.title);

/** The company's imports, newest first (contract.md, "Uploads"): kind, file, who, when, counts per state. */
export default async function ImportsPage({ params }: Props) {
  const { tenantId } = await params;
  const rows = await loadCompanyImports(await requireCompany(tenantId));
  const { locale } = await getMessages();
  return <ImportsTable rows={rows} tenantId={tenantId} texts={importUploadTexts[locale]} locale={locale} />;
}
