import { ExpenseTable } from '@/components/expense-table';
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
  const d = t.docs;
  return (
    <ListShell
      kind="expenses"
      title={d.nav.expenses}
      page={page}
      texts={d}
      empty={{ none: d.lists.noExpenses, match: d.lists.noExpensesMatch }}
      table={(expenses) => (
        <ExpenseTable
          expenses={expenses}
          tenantId={tenantId}
          texts={d}
          locale={locale}
          today={page.today}
          caption={d.lists.expensesCaption}
        />
      )}
    />
  );
}
