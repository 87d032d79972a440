import type { Metadata } from 'next';
import type { ReactElement } from 'react';

import type { ListRecord } from '@/components/document-tables';
import { ListShell } from '@/components/list-shell';
import type { SearchParams } from '@/lib/base/http/search-params';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadListPage } from '@/lib/features/documents/list-page';
import type { DataApiClient } from '@/lib/service/client';
import type { ListKind } from '@/lib/service/records/list-view';

type Props = { params: Promise<{ tenantId: string }>; searchParams: Promise<SearchParams> };

/** What a list page's file exports: its title and the page itself. */
type ListPageExports = {
  generateMetadata: (props: Pick<Props, 'params'>) => Promise<Metadata>;
  Page: (props: Props) => Promise<ReactElement>;
};

/**
 * A company's list page of one kind of document, the same for every kind: its title, and the view the URL names
 * (filters, paging) read with one data-API call (`read`) through the company's door, shown by ListShell.
 */
export function companyListPage<K extends ListKind>(
  kind: K,
  read: (client: DataApiClient, query: Record<string, string>) => Promise<ListRecord[K][]>,
): ListPageExports {
  const tab: ListKind = kind; // the list's tab, whose name is the page's title
  return {
    generateMetadata: ({ params }: Pick<Props, 'params'>) => companyPageTitle(params, (t) => t.docs.nav[tab]),
    Page: async function CompanyListPage({ params, searchParams }: Props) {
      const { tenantId } = await params;
      const page = await loadListPage(kind, await requireCompany(tenantId), await searchParams, read);
      const { t, locale } = await getMessages();
      return <ListShell kind={kind} page={page} tenantId={tenantId} texts={t.docs} locale={locale} />;
    },
  };
}
