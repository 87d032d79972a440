import { PaymentsView } from '@/components/money/payments-view';
import type { SearchParams } from '@/lib/base/http/search-params';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadPaymentsPage } from '@/lib/features/money/payments-page';

type Props = { params: Promise<{ tenantId: string }>; searchParams: Promise<SearchParams> };

export const generateMetadata = ({ params }: Pick<Props, 'params'>) => companyPageTitle(params, (t) => t.money.title);

/** The company's payments (GET /api/payments as its copy holds them), filtered, searched, sorted and paged by the URL. */
export default async function PaymentsPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const page = await loadPaymentsPage(await requireCompany(tenantId), await searchParams);
  const { t, locale } = await getMessages();
  return <PaymentsView page={page} tenantId={tenantId} t={t} locale={locale} />;
}
