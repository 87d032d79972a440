import { StockShell } from '@/components/stock/stock-shell';
import type { SearchParams } from '@/lib/base/http/search-params';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadStockPage } from '@/lib/features/stock/stock-page';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.stock.title);

type Props = { params: Promise<{ tenantId: string }>; searchParams: Promise<SearchParams> };

/**
 * The company's stock: its catalog items with their quantities per warehouse and in all, and the minimums its users
 * set, read only from the company's copy (lib/features/stock/stock-page.ts); the page never calls the data API.
 */
export default async function StockPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const page = await loadStockPage(await requireCompany(tenantId), await searchParams);
  const { t, locale } = await getMessages();
  return <StockShell page={page} tenantId={tenantId} texts={t.stock} docs={t.docs} locale={locale} />;
}
