import { AccountsView } from '@/components/money/accounts-view';
import type { SearchParams } from '@/lib/base/http/search-params';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadAccountsPage } from '@/lib/features/money/accounts-page';

type Props = { params: Promise<{ tenantId: string }>; searchParams: Promise<SearchParams> };

export const generateMetadata = ({ params }: Pick<Props, 'params'>) =>
  companyPageTitle(params, (t) => t.money.accounts.title);

/** The company's bank and cash accounts with their payments in a period (this month unless the URL names one). */
export default async function AccountsPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const page = await loadAccountsPage(await requireCompany(tenantId), await searchParams);
  const { t, locale } = await getMessages();
  return <AccountsView page={page} tenantId={tenantId} t={t} locale={locale} />;
}
