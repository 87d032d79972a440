import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactElement } from 'react';

import { DiscardImport } from '@/components/imports/discard-import';
import type { SearchParams } from '@/lib/base/http/search-params';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { type Locale, type Messages, messages } from '@/lib/base/i18n/messages';
import { getMessages } from '@/lib/base/i18n/server';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import type { ImportDetail } from '@/lib/features/imports/views';

type Props = { params: Promise<{ tenantId: string; importId: string }>; searchParams: Promise<SearchParams> };

/**
 * A company's page of one import, the frame every kind shares (contract.md, "Uploads"): the company's door first,
 * the kind's loader (null: another company's import, another kind's or an unknown id, the not-found page, 404), the
 * kind's view, and "Discard the import" under it. Read from our own database only; the page never calls the data
 * API. The title is the kind's.
 */
export function companyImportPage<D extends { detail: ImportDetail; lines: readonly unknown[] }>(kind: {
  /** The page's title in the user's language. */
  title: (locale: Locale) => string;
  load: (page: CompanyPage, importId: string, params: SearchParams) => Promise<D | null>;
  draw: (view: { data: D; tenantId: string; t: Messages; locale: Locale }) => ReactElement;
}): {
  generateMetadata: (props: Pick<Props, 'params'>) => Promise<Metadata>;
  Page: (props: Props) => Promise<ReactElement>;
} {
  return {
    generateMetadata: ({ params }) => companyPageTitle(params, (t) => kind.title(t === messages.en ? 'en' : 'sk')),
    Page: async function CompanyImportPage({ params, searchParams }: Props) {
      const { tenantId, importId } = await params;
      const data = await kind.load(await requireCompany(tenantId), importId, await searchParams);
      if (!data) notFound();
      const { t, locale } = await getMessages();
      return (
        <>
          {kind.draw({ data, tenantId, t, locale })}
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
    },
  };
}
