import { PartnersList } from '@/components/partners-list';
import type { SearchParams } from '@/lib/base/http/search-params';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadPartnersList } from '@/lib/features/partners/pages';

type Props = { params: Promise<{ tenantId: string }>; searchParams: Promise<SearchParams> };

export const generateMetadata = ({ params }: Pick<Props, 'params'>) =>
  companyPageTitle(params, (t) => t.partners.title);

/**
 * The company's partners, one row per partner its invoices and expenses name, from its mirror only
 * (lib/features/partners/pages.ts): search `q`, `sort`, `Top`, `Skip`, as the document lists.
 */
export default async function PartnersPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const page = await loadPartnersList(await requireCompany(tenantId), await searchParams);
  const { t, locale } = await getMessages();
  return <PartnersList page={page} tenantId={tenantId} texts={t.partners} docs={t.docs} locale={locale} />;
}
