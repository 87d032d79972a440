import './statement.css';

import { PartnerStatement } from '@/components/partner-statement';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { loadStatement, statementTitleOf } from '@/lib/features/partners/pages';

type Props = { params: Promise<{ tenantId: string; partnerKey: string }> };

export const generateMetadata = ({ params }: Props) =>
  companyPageTitle(params, async (t, company) => {
    const name = await statementTitleOf(company, (await params).partnerKey);
    return name === null ? t.partners.statement.title : `${t.partners.statement.title}: ${name}`;
  });

/**
 * One partner's statement (`partnerKey`: `ico:…` or `name:…`, URL-encoded), from the company's mirror only
 * (lib/features/partners/pages.ts); a key that none of the company's invoices and expenses names is the not-found
 * page. Its exports are `export.csv` and `export.xlsx` beside it; it prints on A4 (statement.css).
 */
export default async function PartnerStatementPage({ params }: Props) {
  const { tenantId, partnerKey } = await params;
  const page = await loadStatement(await requireCompany(tenantId), partnerKey);
  const { t, locale } = await getMessages();
  return <PartnerStatement page={page} tenantId={tenantId} texts={t.partners} docs={t.docs} locale={locale} />;
}
