import { notFound } from 'next/navigation';

import { DiscardImport } from '@/components/imports/discard-import';
import { ImportView } from '@/components/imports/import-view';
import type { SearchParams } from '@/lib/base/http/search-params';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { importsTexts } from '@/lib/base/i18n/imports';
import { messages } from '@/lib/base/i18n/messages';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadImportPage } from '@/lib/features/imports/import-page';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ tenantId: string; importId: string }>; searchParams: Promise<SearchParams> };

export const generateMetadata = ({ params }: Pick<Props, 'params'>) =>
  companyPageTitle(params, (t) => importsTexts[t === messages.en ? 'en' : 'sk'].pageTitle);

/**
 * An import of a bank statement (contract.md, "Uploads"): its lines with their pairing and controls, the summary and
 * "Record N payments in KROS", progress while sending and results per line. Another company's import, or an unknown
 * id, is the not-found page (404). Read from our own database only; the page never calls the data API.
 */
export default async function ImportPage({ params, searchParams }: Props) {
  const { tenantId, importId } = await params;
  const data = await loadImportPage(await requireCompany(tenantId), importId, await searchParams);
  if (!data) notFound();
  const { t, locale } = await getMessages();
  return (
    <>
      <ImportView data={data} tenantId={tenantId} texts={importsTexts[locale]} money={t.money} locale={locale} />
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
