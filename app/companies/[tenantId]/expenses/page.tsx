import { ListShell } from '@/components/list-shell';
import type { SearchParams } from '@/lib/documents/filters';
import { loadListPage } from '@/lib/documents/list-page';
import { getMessages } from '@/lib/i18n/server';
import { companyPageTitle } from '@/lib/documents/page-titles';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.docs.nav.expenses);

type Props = { params: Promise<{ tenantId: string }>; searchParams: Promise<SearchParams> };

/** The company's expenses, filtered and paged by the URL (GET /api/expenses, one call per view). */
export default async function ExpensesPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const page = await loadListPage('expenses', tenantId, await searchParams, (client, query) =>
    client.expenses.list(query),
  );
  const { t, locale } = await getMessages();
  return <ListShell kind="expenses" page={page} tenantId={tenantId} texts={t.docs} locale={locale} />;
}
