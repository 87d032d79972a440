import { ListShell } from '@/components/list-shell';
import type { SearchParams } from '@/lib/documents/filters';
import { loadListPage } from '@/lib/documents/list-page';
import { getMessages } from '@/lib/i18n/server';
import { companyPageTitle } from '@/lib/documents/page-titles';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.docs.nav.invoices);

type Props = { params: Promise<{ tenantId: string }>; searchParams: Promise<SearchParams> };

/** The company's invoices, filtered and paged by the URL (GET /api/invoices, one call per view). */
export default async function InvoicesPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const page = await loadListPage('invoices', tenantId, await searchParams, (client, query) =>
    client.invoices.list(query),
  );
  const { t, locale } = await getMessages();
  return <ListShell kind="invoices" page={page} tenantId={tenantId} texts={t.docs} locale={locale} />;
}
