import { OutcomeNotice } from '@/components/imports/import-parts';
import { ImportsTable } from '@/components/imports/imports-table';
import type { SearchParams } from '@/lib/base/http/search-params';
import { countOf, fill } from '@/lib/base/i18n/documents';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { discardedNoticeOf, loadCompanyImports } from '@/lib/features/imports/imports-list';

type Props = { params: Promise<{ tenantId: string }>; searchParams: Promise<SearchParams> };

export const generateMetadata = ({ params }: Pick<Props, 'params'>) =>
  companyPageTitle(params, async () => importUploadTexts[(await getMessages()).locale].list.title);

/**
 * The company's imports, newest first (contract.md, "Uploads"): kind, file, who, when, counts per state; after
 * "Discard the import" (`discarded` = the file's name, `lines`), a word that it is gone.
 */
export default async function ImportsPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const rows = await loadCompanyImports(await requireCompany(tenantId));
  const { locale } = await getMessages();
  const texts = importUploadTexts[locale];
  const discarded = discardedNoticeOf(await searchParams);
  return (
    <>
      {discarded && (
        <OutcomeNotice outcome="discarded" warn={false}>
          {fill(texts.list.discarded, {
            file: discarded.file,
            lines: countOf(discarded.lines, texts.discard.lines, locale),
          })}
        </OutcomeNotice>
      )}
      <ImportsTable rows={rows} tenantId={tenantId} texts={texts} locale={locale} />
    </>
  );
}
